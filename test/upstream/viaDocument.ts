// Runs an upstream test's setup a second time through the contract: the
// model objects are written as a scenario document (shared/SCENARIO.md),
// read back by the scenario reader, and reconciled by runScenario. The result
// document must equal the one the engine gives when called directly, so each
// upstream expectation also holds for the document path.

import { expect } from 'vitest';
import {
  type Allocation,
  type Deployment,
  type Instant,
  type Job,
  type Node,
  NodeStatusReady,
} from '../../src/engine/structs.ts';
import type { AllocUpdateFn, ReconcileResults } from '../../src/engine/types.ts';
import { toResultDocument } from '../../src/result/document.ts';
import { runScenario } from '../../src/result/run.ts';
import { readScenario } from '../../src/scenario/read.ts';
import { writeScenario } from '../../src/scenario/write.ts';

/** UpstreamSetup is what an upstream test hands the reconciler. */
export interface UpstreamSetup {
  updateFn: AllocUpdateFn;
  batch: boolean;
  jobID: string;
  job: Job | null;
  deployment: Deployment | null;
  allocs: readonly Allocation[];
  tainted: ReadonlyMap<string, Node | null>;
  evalID: string;
  now: Instant;
}

/**
 * documentMismatch says why a setup cannot be written as a scenario
 * document, or null when it can: a purged job, a batch flag that disagrees
 * with the job's type, a job ID other than the job's, allocations without
 * names or sharing an ID, and tainted nodes whose taint a document cannot
 * state (a node in the map that is neither down nor draining).
 */
export function documentMismatch(s: UpstreamSetup): string | null {
  if (s.job === null) return 'purged (nil) job';
  if (s.batch !== (s.job.Type === 'batch')) return 'batch flag differs from the job type';
  if (s.jobID !== s.job.ID) return 'job ID differs';
  const ids = new Set<string>();
  for (const a of s.allocs) {
    if (a.Name === '') return 'allocation without a name';
    if (ids.has(a.ID)) return 'duplicate allocation IDs';
    if ((a.Job as Job | null) === null) return 'allocation without a job';
    ids.add(a.ID);
  }
  return null;
}

// nodesFor writes the cluster a tainted map stands for: a ready node for each
// allocation's node, the tainted one where the map has it, none for a node
// the map says is gone.
function nodesFor(allocs: readonly Allocation[], tainted: ReadonlyMap<string, Node | null>): Node[] {
  const nodes = new Map<string, Node>();
  for (const a of allocs) {
    if (nodes.has(a.NodeID) || (tainted.has(a.NodeID) && tainted.get(a.NodeID) === null)) continue;
    nodes.set(
      a.NodeID,
      tainted.get(a.NodeID) ?? {
        ID: a.NodeID,
        Name: '',
        Datacenter: 'dc1',
        NodeClass: '',
        Status: NodeStatusReady,
        Drain: false,
        SchedulingEligibility: 'eligible',
        NodeResources: null,
        ReservedResources: null,
      },
    );
  }
  return [...nodes.values()];
}

// counter makes IDs that depend only on the order they are asked for.
function counter(): () => string {
  let n = 0;
  return () => `generated-${++n}`;
}

/**
 * expectSameThroughDocument reconciles the setup directly and through a
 * scenario document, with the same ID source, and expects equal result
 * documents.
 */
export function expectSameThroughDocument(
  s: UpstreamSetup,
  direct: (generateID: () => string) => ReconcileResults,
): void {
  const job = s.job!;
  const text = JSON.stringify(
    writeScenario({
      Name: '',
      Description: '',
      Now: s.now,
      EvalID: s.evalID,
      Job: job,
      JobVersions: [],
      Nodes: nodesFor(s.allocs, s.tainted),
      Allocations: [...s.allocs],
      Deployment: s.deployment,
    }),
  );
  const read = readScenario(text);
  if (!read.ok)
    throw new Error(`the setup does not read back as a scenario: ${JSON.stringify(read.diagnostics.slice(0, 3))}`);
  const viaDocument = runScenario(read.scenario, { allocUpdateFn: s.updateFn, generateID: counter() }).document;
  expect(viaDocument, 'result through a scenario document').toEqual(toResultDocument(direct(counter())));
}
