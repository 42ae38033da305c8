// The same rollout under Nomad 0.12 and Nomad 1.6, lined up frame by frame:
// where the films agree nothing is marked; where a client disconnects, 1.6
// marks its allocation unknown and 0.12 finds it lost; frames only one film
// has are paired with nothing.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { NomadVersion } from '../../src/scenario/nomadVersion.ts';
import {
  type FilmFact,
  type FramePair,
  compareFilms,
  frameComparison,
  pairDiffers,
  partingFrames,
} from '../../src/simulator/filmVersions.ts';
import type { Film } from '../../src/simulator/simulate.ts';
import { runRollout } from './helpers.ts';

const example = (id: string) =>
  JSON.parse(readFileSync(new URL(`../../src/examples/${id}.json`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;

// films is an example filmed by both versions, its events included.
function films(id: string): Record<NomadVersion, Film> {
  const doc = example(id);
  const events = (doc.Events ?? []) as unknown[];
  return {
    '0.12': runRollout({ ...doc, NomadVersion: '0.12' }, events).film,
    '1.6': runRollout({ ...doc, NomadVersion: '1.6' }, events).film,
  };
}

// codes names each fact by its typed code: a plan's code with the allocation, a happening's kind, and so on.
function codes(facts: readonly FilmFact[]): string[] {
  return facts.map((f) => {
    switch (f.Code) {
      case 'plan':
        return `${f.Plan.Code} ${f.Plan.Name}${f.Plan.TriggeredBy ? ` ${f.Plan.TriggeredBy}` : ''}`;
      case 'happening':
        return `${f.Happening.Kind}${f.Happening.Name ? ` ${f.Happening.Name}` : ''}`;
      case 'time':
        return 'time';
      case 'end':
        return `end ${f.Status}`;
      case 'end-deployment':
        return `end-deployment ${f.Status}`;
    }
  });
}

// frames is each pair's frame numbers, as "0.12/1.6" with "-" for a frame a film does not have.
const frames = (pairs: readonly FramePair[]) =>
  pairs.map((p) => `${p.Sides['0.12']?.Frame ?? '-'}/${p.Sides['1.6']?.Frame ?? '-'}`);

describe('compareFilms', () => {
  it.each(['rollout-canary', 'rollout-drain', 'rollout-auto-revert'])(
    '%s: the two versions film it alike, so nothing is marked',
    (id) => {
      const both = films(id);
      const c = compareFilms(both);
      expect(c.FirstParting).toBeNull();
      expect(c.Pairs).toHaveLength(both['1.6'].Steps.length + 1);
      expect(c.Pairs.filter(pairDiffers)).toEqual([]);
    },
  );

  it('rollout-disconnect: where 1.6 disconnects node-3 and marks api[2] unknown, 0.12 takes the node down and replaces api[2] as lost', () => {
    const c = compareFilms(films('rollout-disconnect'));
    // 0.12's film: the start, the node-update, the end. 1.6 also has the
    // replacement's alloc-failure evaluation, the reconnection's node-update
    // and the max-disconnect-timeout; the node-update pairs with the first.
    expect(frames(c.Pairs)).toEqual(['1/1', '2/2', '-/3', '-/4', '-/5', '3/6']);
    expect(c.FirstParting).toBe(1);
    const parting = c.Pairs[1]!;
    expect(codes(parting.Differences['0.12'])).toEqual(['node-down node-3', 'place api.api[2]', 'lost api.api[2]']);
    expect(codes(parting.Differences['1.6'])).toEqual([
      'node-disconnected node-3',
      'unknown api.api[2]',
      'followup api max-disconnect-timeout',
      'followup api alloc-failure',
    ]);
    // The lost allocation is the one the scenario started with, at job version 0.
    const lost = parting.Differences['0.12'].find((f) => f.Code === 'plan' && f.Plan.Code === 'lost');
    expect(lost).toMatchObject({ Plan: { JobVersion: 0, Detail: 'alloc is lost since its node is down' } });
    expect(c.Pairs[0]!.Differences).toEqual({ '0.12': [], '1.6': [] });
  });

  it('rollout-disconnect: frames only 1.6 has are paired with nothing and follow 0.12’s frame 2', () => {
    const c = compareFilms(films('rollout-disconnect'));
    const timeout = c.Pairs[4]!;
    expect(timeout.Sides['0.12']).toBeNull();
    expect(timeout.Sides['1.6']).toMatchObject({ Frame: 5, TriggeredBy: 'max-disconnect-timeout' });
    expect(timeout.Differences['0.12']).toEqual([]);
    expect(codes(timeout.Differences['1.6'])).toEqual(['time']);
    const after2 = frameComparison(c, '0.12', 2);
    expect(after2.pair).toBe(c.Pairs[1]);
    expect(after2.otherOnlyAfter.map((p) => p.Sides['1.6']!.TriggeredBy)).toEqual([
      'alloc-failure',
      'node-update',
      'max-disconnect-timeout',
    ]);
    // From 1.6's side, its frame 5 has no partner and nothing of 0.12 follows it.
    expect(frameComparison(c, '1.6', 5)).toEqual({ pair: timeout, otherOnlyAfter: [] });
    expect(frameComparison(c, '1.6', 99)).toEqual({ pair: null, otherOnlyAfter: [] });
  });

  it('rollout-auto-revert without reschedules: 1.6 fails the deployment at the canary’s healthy deadline, 0.12 waits for the progress deadline', () => {
    const doc = example('rollout-auto-revert');
    const job = doc.Job as { TaskGroups: Record<string, unknown>[] };
    job.TaskGroups[0]!.ReschedulePolicy = { Attempts: 0, Unlimited: false };
    const events = doc.Events as unknown[];
    const c = compareFilms({
      '0.12': runRollout(doc, events).film,
      '1.6': runRollout({ ...doc, NomadVersion: '1.6' }, events).film,
    });
    expect(c.FirstParting).toBe(1);
    const parting = c.Pairs[1]!;
    expect(parting.Sides['1.6']).toMatchObject({ Frame: 2, TriggeredBy: 'deployment-watcher' });
    expect(codes(parting.Differences['0.12'])).toContain('replace-allowed web.web[0]');
    // The revert is registered, the failed deployment written, and the plan for version 2 made at 5 minutes, not 10.
    expect(codes(parting.Differences['1.6'])).toEqual([
      'time',
      'job-reverted',
      'deployment-failed',
      'deployment-created',
      'inplace web.web[0]',
      'inplace web.web[1]',
      'inplace web.web[2]',
      'inplace web.web[3]',
      'inplace web.web[4]',
      'stop web.web[0]',
    ]);
    const failed = parting.Differences['1.6'].find(
      (f) => f.Code === 'happening' && f.Happening.Kind === 'deployment-failed',
    );
    expect(failed).toMatchObject({
      Happening: { Detail: expect.stringMatching(/^Failed due to unhealthy allocations/) },
    });
  });

  it('pairs the ends always, with how each film ends', () => {
    const c = compareFilms(films('rollout-disconnect'));
    const end = c.Pairs.at(-1)!;
    expect(end.Sides['0.12']).toMatchObject({ Frame: 3, TriggeredBy: '' });
    expect(end.Sides['1.6']).toMatchObject({ Frame: 6, TriggeredBy: '' });
    // Both settle with the deployment successful: what differs is when, and 0.12's replacement starting in its end.
    expect(codes(end.Differences['0.12'])).toEqual(['alloc-running api.api[2]', 'alloc-healthy api.api[2]']);
    expect(codes(end.Differences['1.6'])).toEqual([]);
  });
});

describe('partingFrames', () => {
  it('marks, in each film, the frames that differ and those the other film’s own frames follow', () => {
    const c = compareFilms(films('rollout-disconnect'));
    expect([...partingFrames(c, '1.6')]).toEqual([2, 3, 4, 5, 6]);
    expect([...partingFrames(c, '0.12')]).toEqual([2, 3]);
    expect(partingFrames(compareFilms(films('rollout-canary')), '1.6').size).toBe(0);
  });
});
