// The fields and values that only Nomad 1.6's reconciler reads (SCENARIO.md,
// "Nomad 1.6: the second reconciler"). The readers of jobs, groups, nodes,
// allocations and deployments call these only when the document chose
// "1.6" (Reader.nomad16), and add what they return to the model's objects:
// a 0.12 scenario is the very same object as before.

import type { Allocation, Deployment, Duration, Job, Node, TaskGroup } from '../engine/structs.ts';
import { DiagnosticCode } from './diagnostics.ts';
import { type Reader, describeValue, isObject, readArray, readDuration, readObject, readString } from './fields.ts';
import { childPath, fieldPath, indexPath } from './path.ts';

/** AllocClientStatusUnknown is the client status 1.6 gives an allocation whose node disconnected. */
export const AllocClientStatusUnknown = 'unknown';
/** NodeStatusDisconnected is the status of a node that missed its heartbeats while its allocations may still run. */
export const NodeStatusDisconnected = 'disconnected';
/** DeploymentStatusInitializing is the status of a multiregion deployment waiting to be set up in its peers. */
export const DeploymentStatusInitializing = 'initializing';
/** DEFAULT_NODE_POOL is the pool of a job or node that names none. */
export const DEFAULT_NODE_POOL = 'default';
/** DEFAULT_DATACENTER is the datacenter a client agent joins when it names none. */
export const DEFAULT_DATACENTER = 'dc1';
/** ALL_DATACENTERS is what 1.6.5 canonicalises a job's absent or empty Datacenters to: one pattern matching every datacenter. */
export const ALL_DATACENTERS: readonly string[] = Object.freeze(['*']);

/** NodeScoreMeta is how the scheduler scored one node when it placed the allocation (Nomad's NodeScoreMeta). */
export interface NodeScoreMeta {
  NodeID: string;
  NormScore: number;
  Scores: Record<string, number>;
}

/** AllocMetric is what the scheduler recorded when it placed the allocation; only the scores are read. */
export interface AllocMetric {
  /** ScoreMetaData holds the best-scored nodes, the best first (entry 0 is upstream's MaxNormScore). */
  ScoreMetaData: NodeScoreMeta[];
}

/** Job16 is a job read for 1.6: the pool its allocations must be in (Datacenters is the model's own field). */
export type Job16 = Job & { NodePool: string };
/** TaskGroup16 is a group read for 1.6: how long its allocations may stay disconnected; null for unset. */
export type TaskGroup16 = TaskGroup & { MaxClientDisconnect: Duration | null };
/** Node16 is a node read for 1.6: its pool (its datacenter defaults to dc1). */
export type Node16 = Node & { NodePool: string };
/** Allocation16 is an allocation read for 1.6: its placement scores; null when absent. */
export type Allocation16 = Allocation & { Metrics: AllocMetric | null };
/** Deployment16 is a deployment read for 1.6: the priority of the evaluation that made it. */
export type Deployment16 = Deployment & { EvalPriority: number };

/**
 * readJob16Fields reads what a 1.6 job adds: NodePool (default "default"),
 * and Datacenters canonicalised as 1.6.5 does (absent or empty: every
 * datacenter).
 */
export function readJob16Fields(r: Reader, value: Record<string, unknown>, path: string, job: Job): Job16 {
  const datacenters = job.Datacenters.length === 0 ? [...ALL_DATACENTERS] : job.Datacenters;
  return Object.assign(job, {
    Datacenters: datacenters,
    NodePool: readString(r, value.NodePool, path, 'NodePool', DEFAULT_NODE_POOL),
  });
}

/**
 * readGroup16Fields reads MaxClientDisconnect: absent or null is unset, and
 * any duration present is set, even 0. Nomad refuses a negative one when the
 * job is registered, so the reader does too.
 */
export function readGroup16Fields(
  r: Reader,
  value: Record<string, unknown>,
  path: string,
  group: TaskGroup,
): TaskGroup16 {
  let max: Duration | null = null;
  if (value.MaxClientDisconnect != null) {
    max = readDuration(r, value.MaxClientDisconnect, path, 'MaxClientDisconnect', 0);
    if (max < 0) {
      r.report(
        DiagnosticCode.OutOfRange,
        childPath(path, 'MaxClientDisconnect'),
        'max_client_disconnect cannot be negative (Nomad refuses such a job)',
      );
      max = 0;
    }
  }
  return Object.assign(group, { MaxClientDisconnect: max });
}

/**
 * readNode16Fields reads what a 1.6 node adds: NodePool (default
 * "default"), Datacenter defaulting to a client's "dc1", and DrainStrategy:
 * 1.6.5's taintedNodes takes a node with a drain strategy for draining, so
 * an object there sets the model's Drain (a 0.12 document's `Drain: true`
 * still counts).
 */
export function readNode16Fields(r: Reader, value: Record<string, unknown>, path: string, node: Node): Node16 {
  const strategy = readObject(r, value.DrainStrategy, path, 'DrainStrategy');
  return Object.assign(node, {
    Datacenter: value.Datacenter == null ? DEFAULT_DATACENTER : node.Datacenter,
    Drain: node.Drain || strategy !== null,
    NodePool: readString(r, value.NodePool, path, 'NodePool', DEFAULT_NODE_POOL),
  });
}

/** readAlloc16Fields reads what a 1.6 allocation adds: its Metrics' ScoreMetaData (Metrics absent or null: no score). */
export function readAlloc16Fields(
  r: Reader,
  value: Record<string, unknown>,
  path: string,
  alloc: Allocation,
): Allocation16 {
  return Object.assign(alloc, { Metrics: readAllocMetric(r, value.Metrics, path) });
}

/** readDeployment16Fields reads EvalPriority, which the reconciler carries but never reads; absent is `fallback`. */
export function readDeployment16Fields(
  r: Reader,
  value: Record<string, unknown>,
  path: string,
  deployment: Deployment,
  fallback: number,
): Deployment16 {
  return Object.assign(deployment, {
    EvalPriority: readPriority(r, value.EvalPriority, path, 'EvalPriority', fallback),
  });
}

/** readPriority reads a priority (EvalPriority): a non-negative integer, or `fallback` when absent. */
export function readPriority(r: Reader, value: unknown, parent: string, key: string, fallback: number): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  if (typeof value !== 'number') r.wrongType(parent, key, 'a priority (a non-negative integer)', value);
  else
    r.report(
      DiagnosticCode.OutOfRange,
      childPath(parent, key),
      `expected a non-negative integer, got ${describeValue(value)}`,
    );
  return fallback;
}

// readAllocMetric reads the scores the scheduler recorded; null when Metrics
// is absent, and an empty list when it has no ScoreMetaData.
function readAllocMetric(r: Reader, value: unknown, parent: string): AllocMetric | null {
  const o = readObject(r, value, parent, 'Metrics');
  if (o === null) return null;
  const path = fieldPath(parent, 'Metrics');
  const list = readArray(r, o.ScoreMetaData, path, 'ScoreMetaData') ?? [];
  const listPath = fieldPath(path, 'ScoreMetaData');
  const scores: NodeScoreMeta[] = [];
  for (let i = 0; i < list.length; i++) {
    const entry = list[i];
    const entryPath = indexPath(listPath, i);
    if (!isObject(entry)) {
      r.wrongTypeAt(entryPath, 'a node score object (NodeID, NormScore, Scores)', entry);
      continue;
    }
    scores.push({
      NodeID: readString(r, entry.NodeID, entryPath, 'NodeID', ''),
      NormScore: readScore(r, entry.NormScore, entryPath, 'NormScore'),
      Scores: readScores(r, entry.Scores, entryPath),
    });
  }
  return { ScoreMetaData: scores };
}

// readScores reads a node's scores by scorer name, into a map without a prototype.
function readScores(r: Reader, value: unknown, parent: string): Record<string, number> {
  const scores = Object.create(null) as Record<string, number>;
  const o = readObject(r, value, parent, 'Scores');
  if (o === null) return scores;
  const path = fieldPath(parent, 'Scores');
  for (const name of Object.keys(o)) scores[name] = readScore(r, o[name], path, name);
  return scores;
}

// readScore reads one score, any finite number (Go's float64); absent is 0.
function readScore(r: Reader, value: unknown, parent: string, key: string): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (value !== undefined && value !== null) r.wrongType(parent, key, 'a number', value);
  return 0;
}
