// The 1.6 engine run on a read scenario, as v1.6.5's generic scheduler calls
// it, and a generator that gives generated 0.12 scenarios what only 1.6
// reads: max_client_disconnect, disconnected nodes, unknown allocations,
// allocations back from a disconnect with a replacement, and placement
// scores. (The reader learns 1.6 on another branch; until then the 0.12
// reader reads the documents and the 1.6 facts are laid on the result.)

import fc from 'fast-check';
import type { Scenario } from '../../src/scenario/read.ts';
import { type Job, type Node, JobTypeBatch, MINUTE, SECOND } from '../../src/engine/structs.ts';
import { reconcile } from '../../src/engine/v1.6/reconcile.ts';
import type { ReconcileResults } from '../../src/engine/v1.6/types.ts';
import { genericAllocUpdateFn, taintedNodes } from '../../src/engine/v1.6/util.ts';

/** Run16Options tune one run of the 1.6 engine. */
export interface Run16Options {
  generateID: () => string;
  trace?: boolean;
  /** supportsDisconnectedClients defaults to true, as on a 1.6 cluster. */
  supportsDisconnectedClients?: boolean;
}

/** reconcile16 runs the 1.6 reconciler on a scenario with the scheduler's own update function and tainted nodes. */
export function reconcile16(scenario: Scenario, options: Run16Options): ReconcileResults {
  const nodes = new Map<string, Node>(scenario.Nodes.map((n) => [n.ID, n]));
  return reconcile({
    allocUpdateFn: genericAllocUpdateFn(nodes),
    batch: scenario.Job.Type === JobTypeBatch,
    jobID: scenario.Job.ID,
    job: scenario.Job,
    deployment: scenario.Deployment,
    existingAllocs: scenario.Allocations,
    taintedNodes: taintedNodes(nodes, scenario.Allocations),
    evalID: scenario.EvalID,
    evalPriority: scenario.Job.Priority,
    supportsDisconnectedClients: options.supportsDisconnectedClients ?? true,
    now: scenario.Now,
    generateID: options.generateID,
    trace: options.trace ?? false,
  });
}

const ALLOCS = 14;

/** Twist16 is what twist16Arb adds to a scenario: a value per group, node and allocation, used by position. */
export interface Twist16 {
  maxClientDisconnect: (number | null)[];
  disconnected: boolean[];
  allocs: {
    unknownAgo: number | null;
    reconnecting: boolean;
    /** fresh: a reconnecting allocation runs the current job, and no one asked it to move. */
    fresh: boolean;
    next: number | null;
    score: number | null;
  }[];
}

/** twist16Arb draws the 1.6 facts for up to three groups, four nodes and fourteen allocations. */
export const twist16Arb: fc.Arbitrary<Twist16> = fc.record({
  maxClientDisconnect: fc.array(fc.option(fc.constantFrom(0, 30 * SECOND, 5 * MINUTE, 60 * MINUTE), { nil: null }), {
    minLength: 3,
    maxLength: 3,
  }),
  disconnected: fc.array(fc.constantFrom(false, false, true), { minLength: 4, maxLength: 4 }),
  allocs: fc.array(
    fc.record({
      // Mostly within the shortest max_client_disconnect, so that not every unknown allocation has expired.
      unknownAgo: fc.option(
        fc.oneof(
          { weight: 3, arbitrary: fc.integer({ min: 0, max: 20 }) },
          { weight: 1, arbitrary: fc.integer({ min: 0, max: 7200 }) },
        ),
        { nil: null, freq: 2 },
      ),
      reconnecting: fc.boolean(),
      fresh: fc.boolean(),
      next: fc.option(fc.integer({ min: 0, max: ALLOCS - 1 }), { nil: null, freq: 2 }),
      score: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null }),
    }),
    { minLength: ALLOCS, maxLength: ALLOCS },
  ),
});

/**
 * twist lays the 1.6 facts on a read scenario, in place: max_client_disconnect
 * on every version of each group, some nodes disconnected, some allocations
 * unknown since a while ago, some marked unknown before and running again
 * (to reconnect), replacements that point at other allocations, and scores.
 */
export function twist(scenario: Scenario, t: Twist16): Scenario {
  const jobs = new Set<Job>([scenario.Job, ...scenario.JobVersions, ...scenario.Allocations.map((a) => a.Job)]);
  for (const job of jobs) {
    job.TaskGroups.forEach((tg, i) => (tg.MaxClientDisconnect = t.maxClientDisconnect[i % 3]));
  }
  scenario.Nodes.forEach((n, i) => {
    if (t.disconnected[i % 4]) n.Status = 'disconnected';
  });
  const allocs = scenario.Allocations;
  allocs.forEach((a, i) => {
    const u = t.allocs[i % ALLOCS]!;
    if (u.unknownAgo !== null && (a.ClientStatus === 'running' || u.reconnecting)) {
      const at = scenario.Now - u.unknownAgo * SECOND;
      a.AllocStates = [...a.AllocStates, { Field: 'ClientStatus', Value: 'unknown', Time: at }];
      // Still unknown, or (reconnecting) back: running, or failed while away.
      if (!u.reconnecting) a.ClientStatus = 'unknown';
      else if (a.ClientStatus !== 'failed') a.ClientStatus = 'running';
      if (u.reconnecting && u.fresh && a.TaskGroup !== 'removed') {
        a.Job = scenario.Job;
        a.DesiredStatus = 'run';
        a.DesiredTransition = { Migrate: null, Reschedule: null, ForceReschedule: null };
      }
    }
    if (u.next !== null && allocs.length > 1) {
      const next = allocs[u.next % allocs.length]!;
      if (next.ID !== a.ID) a.NextAllocation = next.ID;
    }
    if (u.score !== null) a.Metrics = { ScoreMetaData: [{ NodeID: a.NodeID, NormScore: u.score, Scores: {} }] };
  });
  return scenario;
}
