// Compare versions in the rollout worker: a request with `compare` is
// answered with the other Nomad's film lined up with this one, or with why
// it was not filmed; the second film holds the same budget as the first.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readScenarioValue } from '../../src/scenario/read.ts';
import { readEvents } from '../../src/scenario/readEvents.ts';
import { splitScenario } from '../../src/scenario/tabs.ts';
import { simulate } from '../../src/simulator/simulate.ts';
import { filmVersions } from '../../src/worker/filmVersions.ts';
import { handleSimulate } from '../../src/worker/simulateHandle.ts';

const example = (id: string) =>
  JSON.parse(readFileSync(new URL(`../../src/examples/${id}.json`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;

async function answer(doc: Record<string, unknown>, compare: boolean) {
  const r = await handleSimulate({
    type: 'simulate',
    seq: 1,
    texts: splitScenario(doc),
    ...(compare ? { compare } : {}),
  });
  if (!r.ok) throw new Error(r.message);
  return r;
}

describe('the rollout worker, comparing versions', () => {
  it('films rollout-disconnect with Nomad 0.12 too, and says where the films part ways', async () => {
    const r = await answer(example('rollout-disconnect'), true);
    expect(r.versions).toMatchObject({ version: '1.6', other: '0.12' });
    if (r.versions === undefined || !('comparison' in r.versions)) throw new Error('expected a comparison');
    const c = r.versions.comparison;
    expect(c.FirstParting).toBe(1);
    // Every frame of the page's film (1.6's) has its pair, in order, the end last.
    const own = c.Pairs.flatMap((p) => (p.Sides['1.6'] === null ? [] : [p.Sides['1.6'].Frame]));
    expect(own).toEqual([1, 2, 3, 4, 5, 6]);
    expect(r.film.Steps).toHaveLength(5);
  });

  it('answers without the other film when not asked', async () => {
    const r = await answer(example('rollout-disconnect'), false);
    expect(r.versions).toBeUndefined();
  });

  it('films a disconnected client with Nomad 0.12 reading it as down, and says so', async () => {
    const r = await answer({ ...example('disconnect-max-client-disconnect'), Events: [] }, true);
    expect(r.versions).toMatchObject({
      version: '1.6',
      other: '0.12',
      readAsDown: { Text: 'Nomad 0.12 has no disconnected clients: node ip-10-0-3-96 is read as down' },
    });
    expect(r.versions !== undefined && 'comparison' in r.versions).toBe(true);
  });

  it('skips a scenario the other version cannot read, saying why', async () => {
    const expired = JSON.parse(
      readFileSync(new URL('../fixtures/nomad16/expired.json', import.meta.url), 'utf8'),
    ) as Record<string, unknown>;
    const r = await answer({ ...expired, Events: [] }, true);
    expect(r.versions).toMatchObject({ version: '1.6', other: '0.12' });
    expect(r.versions !== undefined && 'skipped' in r.versions && r.versions.skipped).toMatch(
      /cannot read the scenario: .*"unknown" is not one of/,
    );
  });

  it('films a 0.12 scenario with Nomad 1.6 too: rollout-canary, filmed alike', async () => {
    const r = await answer(example('rollout-canary'), true);
    expect(r.versions).toMatchObject({ version: '0.12', other: '1.6', comparison: { FirstParting: null } });
  });
});

describe('filmVersions', () => {
  const doc = example('rollout-disconnect');
  const read = readScenarioValue(doc);
  const events = readEvents(doc.Events);
  if (!read.ok || !events.ok) throw new Error('the example does not read');
  const film = simulate(read.scenario, events.events);

  it('films nothing when the first film took the whole time limit', async () => {
    const v = await filmVersions(doc, read.scenario, film, events.events, { ms: 0, clock: () => 0 });
    expect(v).toEqual({
      version: '1.6',
      other: '0.12',
      skipped: 'the first film took the whole time the simulator has',
    });
  });

  it('stops the other film at the time limit, as the first would stop, and says so at the end', async () => {
    // A clock that moves a second at every look: the limit of 1.5 s lets the other film take one evaluation.
    let now = 0;
    const clock = () => (now += 1000);
    const v = await filmVersions(doc, read.scenario, film, events.events, { ms: 1500, clock });
    if (!('comparison' in v)) throw new Error('expected a comparison');
    const end = v.comparison.Pairs.at(-1)!;
    expect(end.Sides['0.12']).toMatchObject({ Frame: 2 });
    expect(end.Differences['0.12'][0]).toMatchObject({ Code: 'end', Status: 'over-budget' });
  });
});
