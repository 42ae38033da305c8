// The simulated cluster between evaluations: what Nomad's state store, eval
// broker and clients hold for one job. The simulator changes it only
// through the functions of this folder, each named for the Nomad component
// it stands in for (plan applier, client, deployment watcher, drainer).
// Allocations, jobs and deployments are never changed in place: a change
// makes a new object, so that every step's snapshot stays as it was.

import {
  type Allocation,
  type Deployment,
  type Instant,
  type Job,
  type Node,
  ZERO_TIME,
  deploymentActive,
} from '../engine/structs.ts';
import type { Scenario } from '../scenario/read.ts';

/** QueuedEvalStatus is where a queued evaluation stands: waiting its turn, or blocked until the cluster has room. */
export type QueuedEvalStatus = 'pending' | 'blocked';

/** QueuedEval is an evaluation the broker holds for the job. */
export interface QueuedEval {
  ID: string;
  TriggeredBy: string;
  /** WaitUntil is when a delayed evaluation becomes due; ZERO_TIME for at once. */
  WaitUntil: Instant;
  Status: QueuedEvalStatus;
  /** Why says, in words, what made it (shown on the timeline). */
  Why: string;
}

/**
 * ClientAlloc is what the simulated client knows of one allocation it runs:
 * when it starts, and when its health is decided. Times are ZERO_TIME when
 * they do not apply.
 */
export interface ClientAlloc {
  /** runningAt is when a pending allocation's tasks start. */
  runningAt: Instant;
  /** healthyAt is when it turns healthy (running for min_healthy_time); ZERO_TIME when health is not watched. */
  healthyAt: Instant;
  /** deadlineAt is its healthy deadline: unhealthy then, if it is not healthy yet. */
  deadlineAt: Instant;
  /** neverHealthy is set when the person said its checks never pass. */
  neverHealthy: boolean;
}

/** SimState is the whole simulated cluster for one job. */
export interface SimState {
  now: Instant;
  /** index is the state store's Raft index: each write takes the next one. */
  index: number;
  job: Job;
  /** versions holds every version of the job ever registered, oldest first, the current one last. */
  versions: Job[];
  /** stable holds the versions whose deployment succeeded (or that the document marked Stable). */
  stable: Set<number>;
  nodes: Node[];
  /** allocs are the job's allocations in the order they were created. */
  allocs: Allocation[];
  /** allocPos maps an allocation ID to its position in allocs. */
  allocPos: Map<string, number>;
  /** deployments are the job's deployments, the latest last. */
  deployments: Deployment[];
  /** evals is the broker's queue for the job, in the order the evaluations were made. */
  evals: QueuedEval[];
  /** client maps an allocation ID to what its client will do next. */
  client: Map<string, ClientAlloc>;
  /** drains maps a draining node's ID to its deadline. */
  drains: Map<string, Instant>;
  /** nextID makes the IDs of new allocations, deployments and evaluations. */
  nextID: () => string;
}

/** latestDeployment is the job's newest deployment, as LatestDeploymentByJobID finds it. */
export function latestDeployment(state: SimState): Deployment | null {
  return state.deployments.length === 0 ? null : state.deployments[state.deployments.length - 1]!;
}

/** activeDeployment is the latest deployment while it is still in progress, else null. */
export function activeDeployment(state: SimState): Deployment | null {
  const d = latestDeployment(state);
  return d !== null && deploymentActive(d) ? d : null;
}

/** findAlloc is the allocation with this ID, or undefined. */
export function findAlloc(state: SimState, id: string): Allocation | undefined {
  const i = state.allocPos.get(id);
  return i === undefined ? undefined : state.allocs[i];
}

/** addAlloc records a new allocation, last. */
export function addAlloc(state: SimState, alloc: Allocation): void {
  state.allocPos.set(alloc.ID, state.allocs.length);
  state.allocs.push(alloc);
}

/** replaceAlloc puts a changed copy of an allocation in its place. */
export function replaceAlloc(state: SimState, updated: Allocation): void {
  const i = state.allocPos.get(updated.ID);
  if (i === undefined) throw new Error(`replaceAlloc: no allocation ${updated.ID}`);
  state.allocs[i] = updated;
}

/** replaceDeployment puts a changed copy of a deployment in its place. */
export function replaceDeployment(state: SimState, updated: Deployment): void {
  const i = state.deployments.findIndex((d) => d.ID === updated.ID);
  if (i < 0) throw new Error(`replaceDeployment: no deployment ${updated.ID}`);
  state.deployments[i] = updated;
}

/** replaceNode puts a changed copy of a node in its place. */
export function replaceNode(state: SimState, updated: Node): void {
  const i = state.nodes.findIndex((n) => n.ID === updated.ID);
  if (i < 0) throw new Error(`replaceNode: no node ${updated.ID}`);
  state.nodes[i] = updated;
}

/** enqueueEval adds an evaluation for the job; a second blocked one is not kept, as Nomad reaps duplicate blocked evaluations. */
export function enqueueEval(state: SimState, triggeredBy: string, why: string, waitUntil: Instant = ZERO_TIME, id?: string): QueuedEval {
  const evaluation: QueuedEval = { ID: id ?? state.nextID(), TriggeredBy: triggeredBy, WaitUntil: waitUntil, Status: 'pending', Why: why };
  state.evals.push(evaluation);
  return evaluation;
}

/**
 * snapshotScenario is the scenario the reconciler sees for one evaluation:
 * the job, the versions its allocations run, the nodes, every allocation
 * of the job (terminal ones too, as AllocsByJob returns them) and the
 * latest deployment. Arrays are copied so later steps cannot change it.
 */
export function snapshotScenario(state: SimState, name: string, evalID: string): Scenario {
  const used = new Set<Job>();
  for (const a of state.allocs) if (a.Job !== state.job) used.add(a.Job);
  return {
    Name: name,
    Description: '',
    Now: state.now,
    EvalID: evalID,
    Job: state.job,
    JobVersions: state.versions.filter((v) => used.has(v)),
    Nodes: [...state.nodes],
    Allocations: [...state.allocs],
    Deployment: latestDeployment(state),
  };
}

/** Happening is one thing that changed between two evaluations, in words, for the timeline. */
export interface Happening {
  Time: Instant;
  Text: string;
  /** AllocID or NodeID names what it concerns, so the graph can point at it. */
  AllocID?: string;
  NodeID?: string;
}

/** SimLog collects the happenings since the last evaluation. */
export class SimLog {
  readonly happenings: Happening[] = [];

  /** note records one happening at the state's current time. */
  note(state: SimState, text: string, about: { AllocID?: string; NodeID?: string } = {}): void {
    this.happenings.push({ Time: state.now, Text: text, ...about });
  }

  /** take returns the happenings so far and starts a new list. */
  take(): Happening[] {
    return this.happenings.splice(0, this.happenings.length);
  }
}
