// Reading event lists: good ones come back as typed events, bad ones as
// diagnostics that name the event and field.

import { describe, expect, it } from 'vitest';
import { readEvents } from '../../src/scenario/readEvents.ts';

describe('readEvents', () => {
  it('reads each kind with its fields, durations in any contract form', () => {
    const read = readEvents([
      { After: 1, Kind: 'node-drain', NodeID: 'n1', Deadline: '10m' },
      { After: 2, Delay: '1m30s', Kind: 'alloc-fail', AllocID: 'a1' },
      { After: 3, Delay: 5e9, Kind: 'job-scale', TaskGroup: 'web', Count: 0 },
      { After: 4, Kind: 'deployment-promote' },
      { After: 5, Kind: 'job-update', Job: { TaskGroups: [] } },
    ]);
    expect(read).toEqual({
      ok: true,
      events: [
        { After: 1, Kind: 'node-drain', NodeID: 'n1', Deadline: 600e9 },
        { After: 2, Delay: 90e9, Kind: 'alloc-fail', AllocID: 'a1' },
        { After: 3, Delay: 5e9, Kind: 'job-scale', TaskGroup: 'web', Count: 0 },
        { After: 4, Kind: 'deployment-promote' },
        { After: 5, Kind: 'job-update', Job: { TaskGroups: [] } },
      ],
    });
  });

  it('reports every problem at its path', () => {
    const read = readEvents(
      [
        { Kind: 'node-down', NodeID: 'n1' },
        { After: 0, Kind: 'explode' },
        { After: 1, Kind: 'alloc-fail' },
        { After: 1, Delay: 'soon', Kind: 'job-scale', TaskGroup: 'web' },
        'promote',
      ],
      'Events',
    );
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.diagnostics.map((d) => [d.path, d.code])).toEqual([
      ['Events[0].After', 'required'],
      ['Events[1].After', 'out-of-range'],
      ['Events[1].Kind', 'not-in-enum'],
      ['Events[2].AllocID', 'required'],
      ['Events[3].Delay', 'bad-duration'],
      ['Events[3].Count', 'required'],
      ['Events[4]', 'wrong-type'],
    ]);
  });

  it('rejects a value that is not a list', () => {
    expect(readEvents({ After: 1 })).toMatchObject({ ok: false, diagnostics: [{ path: '', code: 'wrong-type' }] });
  });
});
