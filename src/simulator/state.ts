// The simulated cluster between evaluations: what Nomad's state store, eval
// broker and clients hold for the scenario's job and the other jobs that
// share its nodes, and how to find things in it. The simulator changes it
// only through stateWrites.ts, called by the functions of this folder named
// for the Nomad component each stands in for (plan applier, allocation
// runners, deployment watcher, drainer). Allocations, jobs and deployments
// are never changed in place: a change makes a new object, so that every
// evaluation's snapshot (snapshot.ts) stays as it was.

import {
  type Allocation,
  type Deployment,
  type Duration,
  type Instant,
  type Job,
  type Node,
  deploymentActive,
} from '../engine/structs.ts';
import type { Ask } from './placement.ts';

/** QueuedEvalStatus is where a queued evaluation stands: waiting its turn, or blocked until the cluster has room. */
export type QueuedEvalStatus = 'pending' | 'blocked';

/** QueuedEval is an evaluation the broker holds for one job. */
export interface QueuedEval {
  ID: string;
  /** JobID is the job it evaluates. */
  JobID: string;
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

/**
 * WatcherBatch is the deployment watcher's outstanding batch for one job
 * (createBatchedUpdate): the allocations it will allow to be replaced and
 * when it commits them with its evaluation.
 */
export interface WatcherBatch {
  deploymentID: string;
  commitAt: Instant;
  replacements: string[];
  why: string;
}

/** JobState is everything the cluster holds for one job. */
export interface JobState {
  job: Job;
  /** versions holds every version of the job ever registered, oldest first, the current one last. */
  versions: Job[];
  /** stable holds the versions whose deployment succeeded (or that the document marked Stable). */
  stable: Set<number>;
  /** allocs are the job's allocations in the order they were created. */
  allocs: Allocation[];
  /** deployments are the job's deployments, the latest last. */
  deployments: Deployment[];
  /** watcherBatch is the deployment watcher's batch waiting to be committed, or null. */
  watcherBatch: WatcherBatch | null;
  /** writes counts the writes to the job's allocations, which the drainer's blocking query watches. */
  writes: number;
  /** groupsOnNode counts the job's live allocations per node, then per group (job anti-affinity). */
  groupsOnNode: Map<string, Map<string, number>>;
  /** healthyLive counts the live, healthy allocations per deployment, then per group (the watcher's doneGroups). */
  healthyLive: Map<string, Map<string, number>>;
}

/** AllocPlace is where an allocation is kept: its job and its position in the job's allocs. */
interface AllocPlace {
  js: JobState;
  pos: number;
}

/** DrainBatch is the drainer's batch of migration marks waiting to be committed (allocMigrateBatcher). */
export interface DrainBatch {
  commitAt: Instant;
  allocIDs: string[];
}

/** DrainerState is the node drainer's memory between its passes. */
export interface DrainerState {
  /** seen is the draining jobs' write count at its last pass; a pass comes when it changes. */
  seen: number;
  /** wake is set when a drain starts, so that a pass comes at once. */
  wake: boolean;
  /** batch holds marks not yet committed; no pass runs until they are. */
  batch: DrainBatch | null;
}

/** SimState is the whole simulated cluster. */
export interface SimState {
  now: Instant;
  /** index is the state store's Raft index: each write takes the next one. */
  index: number;
  /** jobs are the cluster's jobs: the scenario's own first, then its OtherJobs. */
  jobs: JobState[];
  nodes: Node[];
  /** used is what every job's live allocations hold on each node. */
  used: Map<string, Ask>;
  /** allocPlace maps an allocation ID to its job and position. */
  allocPlace: Map<string, AllocPlace>;
  /** evals is the broker's queue, in the order the evaluations were made. */
  evals: QueuedEval[];
  /** client maps an allocation ID to what its client will do next. */
  client: Map<string, ClientAlloc>;
  /** clientDue caches the earliest time in client; dirty when it must be looked for again. */
  clientDue: { at: Instant | null; dirty: boolean };
  /** drains maps a draining node's ID to its deadline. */
  drains: Map<string, Instant>;
  drainer: DrainerState;
  /** allocStartup is how long a new allocation stays pending. */
  allocStartup: Duration;
  /** nextID makes the IDs of new allocations, deployments and evaluations. */
  nextID: () => string;
  /** shuffle draws the node shuffles of placement: an integer in [0, n). */
  shuffle: (n: number) => number;
  /** nomadVersion is the scenario's: which reconciler each evaluation runs, and how servers and clients behave around it. */
  nomadVersion?: '1.6';
}

/** mainJob is the scenario's own job. */
export function mainJob(state: SimState): JobState {
  return state.jobs[0]!;
}

/** jobState is the job with this ID, or undefined. */
export function jobState(state: SimState, jobID: string): JobState | undefined {
  return state.jobs.find((js) => js.job.ID === jobID);
}

/** latestDeployment is the job's newest deployment, as LatestDeploymentByJobID finds it. */
export function latestDeployment(js: JobState): Deployment | null {
  return js.deployments.length === 0 ? null : js.deployments[js.deployments.length - 1]!;
}

/** activeDeployment is the job's latest deployment while it is still in progress, else null. */
export function activeDeployment(js: JobState): Deployment | null {
  const d = latestDeployment(js);
  return d !== null && deploymentActive(d) ? d : null;
}

/** findAlloc is the allocation with this ID, of any job, or undefined. */
export function findAlloc(state: SimState, id: string): Allocation | undefined {
  const place = state.allocPlace.get(id);
  return place === undefined ? undefined : place.js.allocs[place.pos];
}

/** jobOfAlloc is the job an allocation belongs to. */
export function jobOfAlloc(state: SimState, id: string): JobState | undefined {
  return state.allocPlace.get(id)?.js;
}
