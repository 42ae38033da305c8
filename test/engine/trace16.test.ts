// The 1.6 engine's explanation of its disconnect and reconnect paths: each
// allocation's decision names the branch that decided it, and an update
// step that changes nothing does not hide it.

import { describe, expect, it } from 'vitest';
import type { Allocation, Job, Node } from '../../src/engine/structs.ts';
import { reconcile } from '../../src/engine/v1.6/reconcile.ts';
import { genericAllocUpdateFn, taintedNodes } from '../../src/engine/v1.6/util.ts';
import type { AllocDecision } from '../../src/engine/types.ts';
import { mockAlloc, mockJob, mockNode } from './fixtures.ts';

const NOW = 1_767_225_600 * 1e9;
const MINUTE = 60e9;

// run reconciles with the 1.6 engine, tracing, and gives each allocation's decision.
function run(job: Job, nodes: Node[], allocs: Allocation[]): Map<string, AllocDecision> {
  const byID = new Map(nodes.map((n) => [n.ID, n]));
  const r = reconcile({
    allocUpdateFn: genericAllocUpdateFn(byID),
    batch: false,
    jobID: job.ID,
    job,
    deployment: null,
    existingAllocs: allocs,
    taintedNodes: taintedNodes(byID, allocs),
    evalID: 'eval-1',
    evalPriority: 50,
    supportsDisconnectedClients: true,
    now: NOW,
    generateID: () => 'generated',
    trace: true,
  });
  return new Map(r.trace!.groups.flatMap((g) => g.decisions).map((d) => [d.allocID, d]));
}

// setup is a job whose group has max_client_disconnect, with one running allocation on each of its nodes.
function setup(count: number): { job: Job; nodes: Node[]; allocs: Allocation[] } {
  const job = mockJob();
  const tg = job.TaskGroups[0]!;
  tg.Count = count;
  tg.MaxClientDisconnect = 10 * MINUTE;
  tg.ReschedulePolicy = null;
  const nodes = Array.from({ length: count }, (_, i) => ({ ...mockNode(), ID: `node-${i}` }));
  const allocs = nodes.map((n, i) => ({
    ...mockAlloc(),
    ID: `alloc-${i}`,
    Name: `${job.ID}.${tg.Name}[${i}]`,
    Job: job,
    NodeID: n.ID,
    ClientStatus: 'running' as const,
  }));
  return { job, nodes, allocs };
}

describe('the 1.6 trace of disconnects and reconnects', () => {
  it('says an allocation on a disconnected node is disconnecting, even after the update step leaves it alone', () => {
    const { job, nodes, allocs } = setup(2);
    nodes[0]!.Status = 'disconnected';
    const decisions = run(job, nodes, allocs);
    expect(decisions.get('alloc-0')).toMatchObject({ step: 'filterByTainted', code: 'disconnecting' });
    expect(decisions.get('alloc-1')?.code).toBe('update-ignore');
  });

  it('says which of an allocation that reconnects and its replacement is kept, and why the other stops', () => {
    const { job, nodes, allocs } = setup(1);
    const original: Allocation = {
      ...allocs[0]!,
      NextAllocation: 'replacement',
      AllocStates: [{ Field: 'ClientStatus', Value: 'unknown', Time: NOW - MINUTE }],
    };
    const replacement: Allocation = { ...allocs[0]!, ID: 'replacement', NodeID: 'node-0' };
    const decisions = run(job, nodes, [original, replacement]);
    expect(decisions.get(original.ID)).toMatchObject({ step: 'reconcileReconnecting', code: 'reconnected' });
    expect(decisions.get('replacement')).toMatchObject({
      step: 'reconcileReconnecting',
      code: 'replacement-not-needed',
      action: 'stop',
    });
  });
});
