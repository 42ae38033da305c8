// Names that are also Object.prototype's keys (`__proto__`, `constructor`,
// `hasOwnProperty`, …), used as task group, job, task, node, datacenter and
// meta names, go through every path a name becomes a key on: the reader,
// the engine, the result document (and its JSON, as the CLI prints it),
// the plan, the job diff, the graph and the simulator. Each must keep the
// name as data, and nothing may reach the shared prototype.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffReport } from '../../src/diff/index.ts';
import { buildGraph } from '../../src/graph/buildGraph.ts';
import { formatPlan, planLines } from '../../src/result/plan.ts';
import { runScenario } from '../../src/result/run.ts';
import { readScenario } from '../../src/scenario/read.ts';
import { simulate } from '../../src/simulator/simulate.ts';
import { HOSTILE } from './arbitraries.ts';

// scenarioText is a version-2 job with two groups over a version-1 cluster: a rolling update and a scale-up, named with the given names.
function scenarioText(names: {
  groupA: string;
  groupB: string;
  job: string;
  task: string;
  node: string;
  dc: string;
  meta: string;
}): string {
  const group = (name: string, count: number, image: string) => ({
    Name: name,
    Count: count,
    Update: { MaxParallel: 1 },
    Meta: { [names.meta]: image },
    Tasks: [
      {
        Name: names.task,
        Driver: 'docker',
        Config: { image },
        Env: { [names.meta]: '1' },
        Resources: { CPU: 100, MemoryMB: 64 },
      },
    ],
  });
  const job = (version: number, image: string, countB: number) => ({
    ID: names.job,
    Name: names.job,
    Type: 'service',
    Version: version,
    JobModifyIndex: version * 10,
    Datacenters: [names.dc],
    Meta: { [names.meta]: String(version) },
    TaskGroups: [group(names.groupA, 2, image), group(names.groupB, countB, 'b:1')],
  });
  const alloc = (group: string, i: number) => ({
    ID: `${group}-${i}`,
    Name: `${names.job}.${group}[${i}]`,
    TaskGroup: group,
    NodeID: names.node,
    JobVersion: 1,
    ClientStatus: 'running',
  });
  return JSON.stringify({
    Now: '2026-01-01T00:00:00Z',
    EvalID: 'e',
    Job: job(2, 'a:2', 3),
    JobVersions: [job(1, 'a:1', 2)],
    Nodes: [
      { ID: names.node, Name: names.node, Datacenter: names.dc, Status: 'ready', SchedulingEligibility: 'eligible' },
    ],
    Allocations: [alloc(names.groupA, 0), alloc(names.groupA, 1), alloc(names.groupB, 0), alloc(names.groupB, 1)],
  });
}

const names = fc
  .record({
    groupA: fc.constantFrom(...HOSTILE),
    groupB: fc.constantFrom(...HOSTILE, 'web'),
    job: fc.constantFrom(...HOSTILE, 'app'),
    task: fc.constantFrom(...HOSTILE),
    node: fc.constantFrom(...HOSTILE),
    dc: fc.constantFrom(...HOSTILE),
    meta: fc.constantFrom(...HOSTILE),
  })
  .filter((n) => n.groupA !== n.groupB);

describe('names that are prototype keys', () => {
  it('stay plain names through the reader, engine, result document, plan, diff, graph and simulator', () => {
    fc.assert(
      fc.property(names, (n) => {
        const read = readScenario(scenarioText(n));
        if (!read.ok) throw new Error(JSON.stringify(read.diagnostics));
        const s = read.scenario;
        expect(s.Job.TaskGroups.map((g) => g.Name)).toEqual([n.groupA, n.groupB]);

        const { document } = runScenario(s, { generateID: () => 'id' });
        // The result document has each group as an own key, with its counts.
        expect(Object.keys(document.DesiredTGUpdates)).toEqual([n.groupA, n.groupB]);
        expect(document.DesiredTGUpdates[n.groupA]!.DestructiveUpdate).toBe(1);
        expect(document.DesiredTGUpdates[n.groupB]!.Place).toBe(1);
        // As JSON (what the CLI prints), and read back.
        const back = JSON.parse(JSON.stringify(document)) as typeof document;
        expect(Object.keys(back.DesiredTGUpdates)).toEqual([n.groupA, n.groupB]);
        expect(back.DesiredTGUpdates[n.groupB]!.Place).toBe(1);

        const plan = planLines(document);
        expect(plan.map((g) => g.group)).toEqual([n.groupA, n.groupB].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
        expect(formatPlan(document)).toContain(`Task Group: ${JSON.stringify(n.groupB)}`);

        const diff = diffReport(s);
        expect(JSON.stringify(diff)).toContain(JSON.stringify(n.groupA));

        const graph = buildGraph(s, document, null);
        expect(graph.lane.view.placements.map((g) => g.group)).toContain(n.groupB);
        expect(graph.boxes.flatMap((b) => b.view.allocs.map((c) => c.group)).sort()).toEqual(
          [n.groupA, n.groupA, n.groupB, n.groupB].sort(),
        );

        const film = simulate(s, [], { trace: false });
        const end = film.End.Scenario.Allocations.filter((a) => a.DesiredStatus === 'run');
        expect(end.filter((a) => a.TaskGroup === n.groupB)).toHaveLength(3);
        expect(end.filter((a) => a.TaskGroup === n.groupA)).toHaveLength(2);

        // A placement that fails names the datacenter as Nomad's Placement Failure text does.
        const down = readScenario(scenarioText(n).replace('"Status":"ready"', '"Status":"down"'));
        if (!down.ok) throw new Error(JSON.stringify(down.diagnostics));
        const failed = JSON.stringify(simulate(down.scenario, [], { trace: false }));
        expect(failed).toContain(`"NodesAvailable":{${JSON.stringify(n.dc)}:0}`);

        // Nothing leaked into the shared prototype.
        expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('Place');
        expect(({} as Record<string, unknown>).Place).toBeUndefined();
      }),
      { numRuns: 40 },
    );
  });
});
