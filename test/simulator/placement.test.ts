// Node choice: feasibility, Nomad's bin-packing score and its penalties.

import { describe, expect, it } from 'vitest';
import type { Allocation, Job, Node } from '../../src/engine/structs.ts';
import {
  PlanningCluster,
  countAlloc,
  groupAsk,
  nodeTotals,
  scoreFitBinPack,
  stackLimit,
} from '../../src/simulator/placement.ts';
import { mockAlloc, mockJob, mockNode } from '../upstream/mock.ts';

// on is a live allocation of `job`'s group "web" on a node.
function on(nodeID: string, job: Job): Allocation {
  return { ...mockAlloc(), Job: job, JobID: job.ID, NodeID: nodeID, ClientStatus: 'running' };
}

// keepOrder is a shuffle that leaves the nodes in the order given.
const keepOrder = (n: number) => n - 1;

function node(id: string, over: Partial<Node> = {}): Node {
  return {
    ...mockNode(),
    ID: id,
    Name: id,
    NodeResources: { CpuShares: 4000, MemoryMB: 8192, DiskMB: 100000 },
    ...over,
  };
}

describe('scoreFitBinPack', () => {
  it('scores an empty node 0, a full one 18, and fuller nodes higher', () => {
    expect(scoreFitBinPack(4000, 8192, 0, 0)).toBe(0);
    expect(scoreFitBinPack(4000, 8192, 4000, 8192)).toBe(18);
    // Half used: 20 − 2·10^0.5.
    expect(scoreFitBinPack(4000, 8192, 2000, 4096)).toBeCloseTo(20 - 2 * Math.sqrt(10), 10);
    expect(scoreFitBinPack(4000, 8192, 3000, 6000)).toBeGreaterThan(scoreFitBinPack(4000, 8192, 1000, 2000));
  });
});

describe('PlanningCluster', () => {
  const job = mockJob();
  const tg = job.TaskGroups[0]!;
  const ask = groupAsk(tg);

  it('uses only ready, eligible, undrained nodes of the job’s datacenters', () => {
    const nodes = [
      node('down', { Status: 'down' }),
      node('ineligible', { SchedulingEligibility: 'ineligible' }),
      node('draining', { Drain: true }),
      node('elsewhere', { Datacenter: 'dc9' }),
      node('ok'),
    ];
    const cluster = new PlanningCluster(job, nodes, nodeTotals(job, []), keepOrder);
    expect(cluster.usable.map((n) => n.ID)).toEqual(['ok']);
    expect(cluster.nodesAvailable).toEqual({ dc1: 1 });
  });

  it('prefers the fuller node, and spreads a group with the anti-affinity penalty', () => {
    const busy = node('busy');
    const idle = node('idle');
    // Another job's big allocation makes `busy` the fuller node.
    const bigTask = { ...tg.Tasks[0]!, Resources: { ...tg.Tasks[0]!.Resources, CPU: 2000, MemoryMB: 4096 } };
    const otherJob = { ...job, ID: 'other', TaskGroups: [{ ...tg, Name: 'other-group', Tasks: [bigTask] }] };
    const other = { ...mockAlloc(), Job: otherJob, JobID: 'other', NodeID: 'busy', TaskGroup: 'other-group' };
    const cluster = new PlanningCluster(job, [idle, busy], nodeTotals(job, [other]), keepOrder);
    const first = cluster.select(tg, ask, new Set(), null);
    expect('node' in first && first.node.ID).toBe('busy');

    // Without resources to pack, only the penalty for the group's allocations already there decides.
    const plain = new PlanningCluster(
      job,
      [node('p', { NodeResources: null }), node('q', { NodeResources: null })],
      nodeTotals(job, [on('p', job)]),
      keepOrder,
    );
    const spread = plain.select(tg, ask, new Set(), null);
    expect('node' in spread && spread.node.ID).toBe('q');
  });

  it('avoids penalty nodes and reports exhausted dimensions when nothing fits', () => {
    const a = node('a');
    const b = node('b');
    const cluster = new PlanningCluster(job, [a, b], nodeTotals(job, []), keepOrder);
    const choice = cluster.select(tg, ask, new Set(['a']), null);
    expect('node' in choice && choice.node.ID).toBe('b');

    const small = new PlanningCluster(
      job,
      [node('tiny', { NodeResources: { CpuShares: 10, MemoryMB: 10, DiskMB: null } })],
      nodeTotals(job, []),
      keepOrder,
    );
    expect(small.select(tg, ask, new Set(), null)).toEqual({
      TaskGroup: tg.Name,
      Failed: 1,
      NodesEvaluated: 1,
      NodesExhausted: 1,
      DimensionExhausted: { cpu: 1, memory: 1 },
      NodesAvailable: { dc1: 1 },
    });
  });

  it('sees the room the totals free, and counts only live allocations', () => {
    const one = node('one', { NodeResources: { CpuShares: ask.cpu, MemoryMB: ask.memoryMB, DiskMB: null } });
    const running = on('one', job);
    const totals = nodeTotals(job, [running, { ...on('one', job), ID: 'gone', DesiredStatus: 'stop' }]);
    const cluster = new PlanningCluster(job, [one], totals, keepOrder);
    expect('node' in cluster.select(tg, ask, new Set(), null)).toBe(false);
    countAlloc(totals, running, -1, true);
    expect('node' in cluster.select(tg, ask, new Set(), null)).toBe(true);
  });

  it('treats a node that declares no resources as having room for anything', () => {
    const cluster = new PlanningCluster(job, [node('open', { NodeResources: null })], nodeTotals(job, []), keepOrder);
    expect('node' in cluster.select(tg, { cpu: 1e9, memoryMB: 1e9, diskMB: 1e9 }, new Set(), null)).toBe(true);
  });
});

describe('the stack’s limit and ring (GenericStack.SetNodes and Select)', () => {
  const job = mockJob();
  const tg = { ...job.TaskGroups[0]!, Count: 6 };
  const ask = groupAsk(tg);
  const nodes = (n: number) => Array.from({ length: n }, (_, i) => node(`n${i + 1}`));

  it('ranks 2 nodes, or ⌈log2 n⌉ for a service job on a larger cluster, 2 for a batch job', () => {
    expect([1, 3, 4, 5, 100, 1000].map((n) => stackLimit(false, n))).toEqual([2, 2, 2, 3, 7, 10]);
    expect(stackLimit(true, 1000)).toBe(2);
    expect(new PlanningCluster(job, nodes(100), nodeTotals(job, []), keepOrder).limit).toBe(7);
    expect(new PlanningCluster({ ...job, Type: 'batch' }, nodes(100), nodeTotals(job, []), keepOrder).limit).toBe(2);
  });

  it('ranks only the limit’s worth of fitting nodes, each placement going on round the ring', () => {
    const totals = nodeTotals(job, []);
    const cluster = new PlanningCluster(job, nodes(5), totals, keepOrder);
    const first = cluster.select(tg, ask, new Set(), null);
    if (!('node' in first)) throw new Error('no node');
    // Limit 3: n1, n2 and n3 score alike; the first best is kept.
    expect(first.ranked.map((r) => r.NodeID)).toEqual(['n1', 'n2', 'n3']);
    countAlloc(totals, on(first.node.ID, job), 1, true);
    const second = cluster.select(tg, ask, new Set(), null);
    if (!('node' in second)) throw new Error('no node');
    // The next placement starts at n4 and wraps round: n1, which the first one took, scores
    // below 0 with the anti-affinity penalty and is passed over for n2; all four were scored.
    expect(second.ranked.map((r) => r.NodeID)).toEqual(['n4', 'n5', 'n2', 'n1']);
    expect(second.ranked[3]!.Scores['job-anti-affinity']).toBe(-2 / 6);
  });

  it('records the scores that applied to each ranked node and their average, the chosen node first', () => {
    const cluster = new PlanningCluster(job, nodes(2), nodeTotals(job, [on('n1', job)]), keepOrder);
    const choice = cluster.select(tg, ask, new Set(['n2']), null);
    if (!('node' in choice)) throw new Error('no node');
    const [chosen, runnerUp] = choice.ranked;
    const binpack = (used: number) => scoreFitBinPack(4000, 8192, used * ask.cpu, used * ask.memoryMB) / 18;
    // n1 holds one of the group (anti-affinity −2/6); n2 is where the chain failed (−1).
    expect(chosen).toEqual({
      NodeID: 'n1',
      NodeName: 'n1',
      Scores: { binpack: binpack(2), 'job-anti-affinity': -2 / 6 },
      NormScore: (binpack(2) - 2 / 6) / 2,
    });
    expect(runnerUp).toEqual({
      NodeID: 'n2',
      NodeName: 'n2',
      Scores: { binpack: binpack(1), 'node-reschedule-penalty': -1 },
      NormScore: (binpack(1) - 1) / 2,
    });
    expect(choice.score).toBe(chosen!.NormScore);
  });

  it('passes over up to three nodes that score 0 or less while others remain (LimitIterator)', () => {
    // No resources: n1–n3 score only their penalty (−1); n4 and n5 score 0 and are skipped too once three are held.
    const bare = Array.from({ length: 5 }, (_, i) => node(`n${i + 1}`, { NodeResources: null }));
    const cluster = new PlanningCluster(job, bare, nodeTotals(job, []), keepOrder);
    const choice = cluster.select(tg, ask, new Set(['n1', 'n2', 'n3']), null);
    if (!('node' in choice)) throw new Error('no node');
    // n1–n3 are skipped; n4 is the first option, n5 the second, and the limit of 3 takes back n1.
    expect(choice.ranked.map((r) => [r.NodeID, r.NormScore])).toEqual([
      ['n4', 0],
      ['n5', 0],
      ['n1', -1],
      ['n2', -1],
      ['n3', -1],
    ]);
    expect(choice.node.ID).toBe('n4');
  });
});
