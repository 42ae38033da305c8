// Adding and removing a rollout's events in the Cluster tab's text.

import { describe, expect, it } from 'vitest';
import { appendEvent, hasEvents, removeEvent } from '../../src/scenario/eventsText.ts';

describe('events in the Cluster text', () => {
  const text = '{\n  "Now": "2026-01-01T00:00:00Z",\n  "Nodes": []\n}\n';

  it('makes the Events list, appends to it, and keeps the rest of the text as written', () => {
    const one = appendEvent(text, { After: 1, Kind: 'deployment-promote' });
    if (!one.ok) throw new Error(one.message);
    expect(one.text.startsWith('{\n  "Now": "2026-01-01T00:00:00Z",\n  "Nodes": [],\n  "Events": [')).toBe(true);
    const two = appendEvent(one.text, { After: 2, Delay: 5e9, Kind: 'node-down', NodeID: 'n1' });
    if (!two.ok) throw new Error(two.message);
    expect(JSON.parse(two.text).Events).toEqual([
      { After: 1, Kind: 'deployment-promote' },
      { After: 2, Delay: 5e9, Kind: 'node-down', NodeID: 'n1' },
    ]);
    expect(hasEvents(two.text)).toBe(true);
    const back = removeEvent(two.text, 0);
    if (!back.ok) throw new Error(back.message);
    expect(JSON.parse(back.text).Events).toEqual([{ After: 2, Delay: 5e9, Kind: 'node-down', NodeID: 'n1' }]);
    const none = removeEvent(back.text, 0);
    if (!none.ok) throw new Error(none.message);
    expect(JSON.parse(none.text)).toEqual(JSON.parse(text));
    expect(hasEvents(none.text)).toBe(false);
  });

  it('refuses to edit a text that is not an object with an Events list, and says why', () => {
    expect(appendEvent('{ "Now": ', { After: 1, Kind: 'job-stop' })).toEqual({
      ok: false,
      message: 'The Cluster tab is not a JSON object; fix it before adding events.',
    });
    expect(appendEvent('{ "Events": 3 }', { After: 1, Kind: 'job-stop' })).toMatchObject({
      ok: false,
      message: expect.stringContaining('not a list'),
    });
    expect(removeEvent(text, 0)).toEqual({ ok: false, message: 'There is no event 1.' });
  });
});
