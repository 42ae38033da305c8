// The other Nomad in a frame's story: each version's lines where the films
// part ways, in the Rollout tab's words made from the facts' codes, the
// evaluations only the other film runs next, and nothing where they agree.

import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { NomadVersion } from '../../src/scenario/nomadVersion.ts';
import { compareFilms } from '../../src/simulator/filmVersions.ts';
import { FrameVersions } from '../../src/ui/rollout/FrameVersions.tsx';
import type { FilmVersions } from '../../src/worker/filmVersions.ts';
import { runRollout } from '../simulator/helpers.ts';

const doc = JSON.parse(
  readFileSync(new URL('../../src/examples/rollout-disconnect.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;
const events = doc.Events as unknown[];
const comparison = compareFilms({
  '0.12': runRollout({ ...doc, NomadVersion: '0.12' }, events).film,
  '1.6': runRollout(doc, events).film,
});
const start = runRollout(doc, events).film.Steps[0]!.Time;

// story is the text of the lines for one frame of `version`'s film.
function story(version: NomadVersion, frame: number): string {
  const versions: FilmVersions = { version, other: version === '1.6' ? '0.12' : '1.6', comparison };
  const html = renderToStaticMarkup(createElement(FrameVersions, { versions, frame, start }));
  return html.replace(/<li[^>]*>/g, '\n- ').replace(/<[^>]+>/g, '');
}

describe('FrameVersions', () => {
  it('says what each version does where the films part ways', () => {
    expect(story('1.6', 2)).toBe(
      [
        'Nomad 1.6 here:',
        '- node node-3 missed its heartbeats: disconnected, its allocations may reconnect',
        '- the plan marks api.api[2] v0 unknown: it may reconnect until its max_client_disconnect runs out',
        '- the plan asks for an evaluation of group api (max-disconnect-timeout) at +10:00',
        '- the plan asks for an evaluation of group api (alloc-failure) at +0:30Nomad 0.12 here:',
        '- node node-3 is down',
        '- the plan places api.api[2] v0',
        '- api.api[2] v0 is lost: its node is down or gone; the plan stops it',
      ].join('\n'),
    );
  });

  it('tells a frame the other film does not have, and the other film’s evaluations that come next', () => {
    expect(story('1.6', 5)).toBe('Nomad 0.12 here: no such evaluation.');
    expect(story('0.12', 2)).toContain(
      'Then Nomad 1.6 runs an evaluation this film has not: max-disconnect-timeout at +10:00',
    );
  });

  it('is empty where the versions agree', () => {
    expect(story('1.6', 1)).toBe('');
  });
});
