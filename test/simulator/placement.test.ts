// Node choice: feasibility, Nomad's bin-packing score and its penalties.

import { describe, expect, it } from 'vitest';
import type { Node } from '../../src/engine/structs.ts';
import { PlanningCluster, groupAsk, scoreFitBinPack } from '../../src/simulator/placement.ts';
import { mockAlloc, mockJob, mockNode } from '../upstream/mock.ts';

function node(id: string, over: Partial<Node> = {}): Node {
  return { ...mockNode(), ID: id, Name: id, NodeResources: { CpuShares: 4000, MemoryMB: 8192, DiskMB: 100000 }, ...over };
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
    const cluster = new PlanningCluster(job, nodes, []);
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
    const cluster = new PlanningCluster(job, [idle, busy], [other]);
    const first = cluster.select(tg, ask, new Set(), null);
    expect('node' in first && first.node.ID).toBe('busy');

    // Without resources to pack, only the penalty for the group's allocations already there decides.
    const plain = new PlanningCluster(job, [node('p', { NodeResources: null }), node('q', { NodeResources: null })], []);
    plain.add('p', tg.Name, ask);
    const spread = plain.select(tg, ask, new Set(), null);
    expect('node' in spread && spread.node.ID).toBe('q');
  });

  it('avoids penalty nodes and reports exhausted dimensions when nothing fits', () => {
    const a = node('a');
    const b = node('b');
    const cluster = new PlanningCluster(job, [a, b], []);
    const choice = cluster.select(tg, ask, new Set(['a']), null);
    expect('node' in choice && choice.node.ID).toBe('b');

    const small = new PlanningCluster(job, [node('tiny', { NodeResources: { CpuShares: 10, MemoryMB: 10, DiskMB: null } })], []);
    expect(small.select(tg, ask, new Set(), null)).toEqual({
      TaskGroup: tg.Name,
      Failed: 1,
      NodesEvaluated: 1,
      NodesExhausted: 1,
      DimensionExhausted: { cpu: 1, memory: 1 },
      NodesAvailable: { dc1: 1 },
    });
  });

  it('frees room for what the plan stops', () => {
    const one = node('one', { NodeResources: { CpuShares: ask.cpu, MemoryMB: ask.memoryMB, DiskMB: null } });
    const running = { ...mockAlloc(), Job: job, NodeID: 'one' };
    const cluster = new PlanningCluster(job, [one], [running]);
    expect('node' in cluster.select(tg, ask, new Set(), null)).toBe(false);
    expect(cluster.release(running)).toBe(true);
    expect(cluster.release(running)).toBe(false); // its room is freed once
    expect('node' in cluster.select(tg, ask, new Set(), null)).toBe(true);
  });

  it('treats a node that declares no resources as having room for anything', () => {
    const cluster = new PlanningCluster(job, [node('open', { NodeResources: null })], []);
    expect('node' in cluster.select(tg, { cpu: 1e9, memoryMB: 1e9, diskMB: 1e9 }, new Set(), null)).toBe(true);
  });
});
