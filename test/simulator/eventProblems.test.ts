// Each reason the simulator ignores an event, as its typed code with the
// facts and the sentence the command line prints: the event is refused as
// the Nomad API call it stands for would refuse it, and the film goes on.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EventProblem } from '../../src/simulator/eventProblem.ts';
import { loadRollout, runRollout } from './helpers.ts';

// The canary rollout's events are [promote after evaluation 2]; the extra events follow it.
const ignored = (extra: unknown[]): (EventProblem | null)[] =>
  loadRollout('canary-promote', extra)
    .film.Events.slice(1)
    .map((e) => e.Problem);

// The canary rollout's scenario with every allocation already on the job's version and no deployment: nothing to roll out.
function settledDocument(): Record<string, unknown> {
  const raw = JSON.parse(
    readFileSync(resolve(import.meta.dirname, '../fixtures/rollouts/canary-promote.json'), 'utf8'),
  ) as { Scenario: { Job: { Version: number }; Allocations: { JobVersion: number }[] } & Record<string, unknown> };
  const { Deployment: _deployment, JobVersions: _versions, ...doc } = raw.Scenario;
  return { ...doc, Allocations: raw.Scenario.Allocations.map((a) => ({ ...a, JobVersion: raw.Scenario.Job.Version })) };
}

describe('event problems', () => {
  it.each([
    ['unknown-node', [{ After: 1, Kind: 'node-down', NodeID: 'node-9' }], 'no node has ID "node-9"'],
    [
      'node-already-down',
      [
        { After: 1, Kind: 'node-down', NodeID: 'node-1' },
        { After: 1, Kind: 'node-down', NodeID: 'node-1' },
      ],
      'node-1 is already down',
    ],
    ['node-already-ready', [{ After: 1, Kind: 'node-up', NodeID: 'node-1' }], 'node-1 is already ready'],
    [
      'node-already-draining',
      [
        { After: 1, Kind: 'node-drain', NodeID: 'node-2' },
        { After: 1, Kind: 'node-drain', NodeID: 'node-2' },
      ],
      'node-2 is already draining',
    ],
    [
      'node-already-ineligible',
      [
        { After: 1, Kind: 'node-ineligible', NodeID: 'node-3' },
        { After: 1, Kind: 'node-ineligible', NodeID: 'node-3' },
      ],
      'node-3 is already ineligible',
    ],
    ['node-already-eligible', [{ After: 1, Kind: 'node-eligible', NodeID: 'node-3' }], 'node-3 is already eligible'],
    [
      'node-draining',
      [
        { After: 1, Kind: 'node-drain', NodeID: 'node-2' },
        { After: 1, Kind: 'node-eligible', NodeID: 'node-2' },
      ],
      'node-2 is draining; it becomes eligible once the drain is done and it is marked eligible',
    ],
    ['unknown-alloc', [{ After: 1, Kind: 'alloc-fail', AllocID: 'nope' }], 'no allocation has ID "nope"'],
    [
      'alloc-stopped',
      [
        { After: 1, Kind: 'alloc-complete', AllocID: 'v0-0' },
        { After: 1, Kind: 'alloc-fail', AllocID: 'v0-0' },
      ],
      'web.web[0] has already stopped',
    ],
    [
      'alloc-node-down',
      [
        { After: 1, Kind: 'node-down', NodeID: 'node-1' },
        { After: 1, Kind: 'alloc-fail', AllocID: 'v0-0' },
      ],
      'web.web[0] is on a node that is down, which reports nothing',
    ],
    [
      'alloc-health-reported',
      [{ After: 1, Kind: 'alloc-unhealthy', AllocID: 'v0-1' }],
      'web.web[1] has already reported its health',
    ],
    ['canaries-unhealthy', [{ After: 1, Kind: 'deployment-promote' }], 'task group "web" has 0/2 healthy allocations'],
    ['deployment-ended', [{ After: 6, Kind: 'deployment-pause' }], 'deployment has terminal status "successful"'],
    ['unknown-group', [{ After: 1, Kind: 'job-scale', TaskGroup: 'api', Count: 2 }], 'the job has no task group "api"'],
    ['job-already-running', [{ After: 1, Kind: 'job-start' }], 'the job is already running'],
    [
      'job-already-stopped',
      [
        { After: 1, Kind: 'job-stop' },
        { After: 1, Kind: 'job-stop' },
      ],
      'the job is already stopped',
    ],
    [
      'job-invalid',
      [{ After: 1, Kind: 'job-update', Job: { TaskGroups: 'web' } }],
      'the edited job is not valid: Job.TaskGroups: expected an array, got "web"',
    ],
    [
      'job-id-changed',
      [{ After: 1, Kind: 'job-update', Job: { ID: 'api', TaskGroups: [] } }],
      'the edited job has ID "api", not "web"',
    ],
  ])('%s', (code, extra, message) => {
    const problems = ignored(extra);
    // Only the last event is refused; those before it set the stage.
    expect(problems.slice(0, -1)).toEqual(problems.slice(0, -1).map(() => null));
    expect(problems.at(-1)).toMatchObject({ code, message });
  });

  it('no-deployment: a deployment command on a job that has none', () => {
    const { film } = runRollout(settledDocument(), [{ After: 1, Kind: 'deployment-fail' }]);
    expect(film.Events[0]!.Problem).toMatchObject({ code: 'no-deployment', message: 'the job has no deployment' });
  });

  it('an ignored event is a happening carrying its problem, and the film goes on as without it', () => {
    const { film } = loadRollout('canary-promote', [{ After: 1, Kind: 'node-up', NodeID: 'node-1' }]);
    const happening = film.Steps.flatMap((s) => s.Happenings).find((h) => h.Kind === 'event-ignored');
    expect(happening).toMatchObject({
      Text: 'event ignored: node-1 is already ready',
      Problem: { code: 'node-already-ready', subject: 'node-1' },
    });
    const without = loadRollout('canary-promote').film;
    expect(film.Steps.map((s) => s.Document)).toEqual(without.Steps.map((s) => s.Document));
  });
});
