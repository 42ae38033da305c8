// The document's optional OtherJobs and Simulation: read by the top level's
// rules, errors named by JSON path, ignored by the reconciler, written back.

import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/result/run.ts';
import { readScenario, readScenarioValue } from '../../src/scenario/read.ts';
import { writeScenario } from '../../src/scenario/write.ts';

const job = (id: string) => ({
  ID: id,
  Datacenters: ['dc1'],
  TaskGroups: [{ Name: id, Count: 2, Tasks: [{ Name: 'app', Driver: 'raw_exec' }] }],
});
const alloc = (id: string, group: string, node = 'n1') => ({
  ID: id,
  Name: `${group}.${group}[0]`,
  TaskGroup: group,
  NodeID: node,
});
const base = () => ({
  Now: '2026-01-01T00:00:00Z',
  EvalID: 'e',
  Job: job('web'),
  Nodes: [{ ID: 'n1', Name: 'n1', Datacenter: 'dc1' }],
  Allocations: [alloc('w0', 'web')],
});
const problems = (doc: unknown) => {
  const read = readScenarioValue(doc);
  return read.ok ? [] : read.diagnostics.map((d) => `${d.path}: ${d.message}`);
};

describe('OtherJobs', () => {
  it('reads each other job with its versions, allocations and deployment', () => {
    const doc = {
      ...base(),
      OtherJobs: [
        {
          Job: { ...job('api'), Version: 1 },
          JobVersions: [{ ...job('api'), Version: 0 }],
          Allocations: [{ ...alloc('a0', 'api'), JobVersion: 0 }],
          Deployment: null,
        },
      ],
    };
    const read = readScenarioValue(doc);
    if (!read.ok) throw new Error(JSON.stringify(read.diagnostics));
    const [api] = read.scenario.OtherJobs!;
    expect(api!.Job.ID).toBe('api');
    expect(api!.Allocations[0]!.Job).toBe(api!.JobVersions[0]);
    expect(api!.Allocations[0]!.JobID).toBe('api');
  });

  it('names the JSON path of what is wrong', () => {
    const allocs = [alloc('a0', 'api'), alloc('a1', 'api'), { ...alloc('a2', 'api'), NodeID: 7 }];
    expect(problems({ ...base(), OtherJobs: [{ Job: job('api'), Allocations: allocs }] })).toEqual([
      'OtherJobs[0].Allocations[2].NodeID: expected a string, got 7',
    ]);
    expect(problems({ ...base(), OtherJobs: [{ Allocations: [] }] })).toEqual([
      'OtherJobs[0].Job: required: give the other job as a JSON object (API JSON)',
    ]);
    expect(problems({ ...base(), OtherJobs: {} })).toEqual(['OtherJobs: expected an array, got an object']);
    expect(
      problems({
        ...base(),
        OtherJobs: [{ Job: job('api'), Allocations: [{ ...alloc('a0', 'api'), JobVersion: 3 }] }],
      })[0],
    ).toMatch(/^OtherJobs\[0\]\.Allocations\[0\]\.JobVersion: /);
  });

  it('refuses a job ID or an allocation ID that the document uses twice', () => {
    expect(problems({ ...base(), OtherJobs: [{ Job: job('web') }] })).toEqual([
      'OtherJobs[0].Job.ID: job ID "web" is also Job\'s: each job of the cluster needs its own',
    ]);
    expect(problems({ ...base(), OtherJobs: [{ Job: job('api'), Allocations: [alloc('w0', 'api')] }] })).toEqual([
      'OtherJobs[0].Allocations[0].ID: allocation ID "w0" is also used in Allocations',
    ]);
  });

  it('changes nothing the reconciler decides, and is written back', () => {
    const doc = {
      ...base(),
      OtherJobs: [{ Job: job('api'), Allocations: [alloc('a0', 'api')] }],
      Simulation: { AllocStartup: '500ms' },
    };
    const withOthers = readScenario(JSON.stringify(doc));
    const without = readScenario(JSON.stringify(base()));
    if (!withOthers.ok || !without.ok) throw new Error('unreadable');
    expect(runScenario(withOthers.scenario, { generateID: () => 'id' }).document).toEqual(
      runScenario(without.scenario, { generateID: () => 'id' }).document,
    );
    const again = readScenarioValue(writeScenario(withOthers.scenario));
    if (!again.ok) throw new Error(JSON.stringify(again.diagnostics));
    expect(again.scenario).toEqual(withOthers.scenario);
    expect(again.scenario.Simulation).toEqual({ AllocStartup: 500e6 });
  });
});

describe('Simulation', () => {
  it('takes AllocStartup as a duration and refuses what is not one', () => {
    expect(problems({ ...base(), Simulation: { AllocStartup: 'soon' } })[0]).toMatch(
      /^Simulation\.AllocStartup: "soon" is not a duration/,
    );
    expect(problems({ ...base(), Simulation: { AllocStartup: '-1s' } })).toEqual([
      'Simulation.AllocStartup: a start-up time cannot be negative',
    ]);
    expect(problems({ ...base(), Simulation: 3 })).toEqual(['Simulation: expected an object, got 3']);
  });
});
