// The simulated cluster between evaluations: what Nomad's state store, eval
// broker and clients hold for the scenario's job and the other jobs that
// share its nodes. The simulator changes it only through the functions of
// this folder, each named for the Nomad component it stands in for (plan
// applier, allocation runners, deployment watcher, drainer). Allocations, jobs and
// deployments are never changed in place: a change makes a new object, so
// that every evaluation's snapshot stays as it was.

import {
  type Allocation,
  type Deployment,
  type Duration,
  type Instant,
  type Job,
  type Node,
  ZERO_TIME,
  deploymentActive,
  isHealthy,
  terminalStatus,
} from '../engine/structs.ts';
import { type Ask, countAlloc } from './placement.ts';
import type { OtherJob } from '../scenario/otherJobs.ts';
import type { EventProblem } from './eventProblem.ts';
import type { Scenario } from '../scenario/read.ts';

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

/** addAlloc records a new allocation of a job, last. */
export function addAlloc(state: SimState, js: JobState, alloc: Allocation): void {
  state.allocPlace.set(alloc.ID, { js, pos: js.allocs.length });
  js.allocs.push(alloc);
  js.writes++;
  account(state, js, alloc, 1);
}

/** replaceAlloc puts a changed copy of an allocation in its place. */
export function replaceAlloc(state: SimState, updated: Allocation): void {
  const place = state.allocPlace.get(updated.ID);
  if (place === undefined) throw new Error(`replaceAlloc: no allocation ${updated.ID}`);
  account(state, place.js, place.js.allocs[place.pos]!, -1);
  place.js.allocs[place.pos] = updated;
  place.js.writes++;
  account(state, place.js, updated, 1);
}

/**
 * account adds (sign 1) or takes back (sign −1) what an allocation counts
 * for in the cluster's running totals: the room a live one holds on its
 * node, its group's count there, and whether it is healthy in its
 * deployment. Every write goes through it, so the totals are never
 * recounted from all allocations.
 */
export function account(state: SimState, js: JobState, a: Allocation, sign: 1 | -1): void {
  countAlloc({ used: state.used, groupsOnNode: js.groupsOnNode }, a, sign, true);
  if (a.DeploymentID === '' || terminalStatus(a) || !isHealthy(a.DeploymentStatus)) return;
  let groups = js.healthyLive.get(a.DeploymentID);
  if (groups === undefined) {
    groups = new Map();
    js.healthyLive.set(a.DeploymentID, groups);
  }
  groups.set(a.TaskGroup, (groups.get(a.TaskGroup) ?? 0) + sign);
}

/** replaceDeployment puts a changed copy of a deployment in its place. */
export function replaceDeployment(js: JobState, updated: Deployment): void {
  const i = js.deployments.findIndex((d) => d.ID === updated.ID);
  if (i < 0) throw new Error(`replaceDeployment: no deployment ${updated.ID}`);
  js.deployments[i] = updated;
}

/** replaceNode puts a changed copy of a node in its place. */
export function replaceNode(state: SimState, updated: Node): void {
  const i = state.nodes.findIndex((n) => n.ID === updated.ID);
  if (i < 0) throw new Error(`replaceNode: no node ${updated.ID}`);
  state.nodes[i] = updated;
}

/** enqueueEval adds an evaluation for a job. */
export function enqueueEval(
  state: SimState,
  js: JobState,
  triggeredBy: string,
  why: string,
  waitUntil: Instant = ZERO_TIME,
  id?: string,
): QueuedEval {
  const evaluation: QueuedEval = {
    ID: id ?? state.nextID(),
    JobID: js.job.ID,
    TriggeredBy: triggeredBy,
    WaitUntil: waitUntil,
    Status: 'pending',
    Why: why,
  };
  state.evals.push(evaluation);
  return evaluation;
}

/**
 * snapshotScenario is the scenario the reconciler sees for one evaluation
 * of `js`: the job, the versions its allocations run, the nodes, every
 * allocation of the job (terminal ones too, as AllocsByJob returns them)
 * and its latest deployment; the other jobs come as OtherJobs, for views.
 * Arrays are copied so later evaluations cannot change it.
 */
export function snapshotScenario(state: SimState, js: JobState, name: string, evalID: string): Scenario {
  const own = jobDocument(js);
  const scenario: Scenario = {
    Name: name,
    Description: '',
    Now: state.now,
    EvalID: evalID,
    Job: own.Job,
    JobVersions: own.JobVersions,
    Nodes: [...state.nodes],
    Allocations: own.Allocations,
    Deployment: own.Deployment,
  };
  if (state.jobs.length > 1) scenario.OtherJobs = state.jobs.filter((o) => o !== js).map(jobDocument);
  if (state.nomadVersion !== undefined) scenario.NomadVersion = state.nomadVersion;
  return scenario;
}

// jobDocument is a job's part of a scenario: its job, the earlier versions its allocations run, its allocations and latest deployment.
function jobDocument(js: JobState): OtherJob {
  const used = new Set<Job>();
  for (const a of js.allocs) if (a.Job !== js.job) used.add(a.Job);
  return {
    Job: js.job,
    JobVersions: js.versions.filter((v) => used.has(v)),
    Allocations: [...js.allocs],
    Deployment: latestDeployment(js),
  };
}

/**
 * HappeningKind says what a happening is, as a code: views make their own
 * words from it and the happening's facts, never from its Text.
 */
export type HappeningKind =
  | 'event-ignored'
  | 'node-down'
  | 'node-disconnected'
  | 'node-reconnected'
  | 'node-ready'
  | 'node-draining'
  | 'node-ineligible'
  | 'node-eligible'
  | 'node-drained'
  | 'drain-marked'
  | 'job-registered'
  | 'job-unchanged'
  | 'job-reverted'
  | 'alloc-running'
  | 'alloc-unknown'
  | 'alloc-reconnected'
  | 'alloc-healthy'
  | 'alloc-unhealthy'
  | 'alloc-failed'
  | 'alloc-completed'
  | 'alloc-never-healthy'
  | 'replace-allowed'
  | 'deployment-created'
  | 'deployment-status'
  | 'deployment-failed'
  | 'canaries-auto-promoted'
  | 'canaries-promoted'
  | 'deployment-paused'
  | 'deployment-resumed';

/** HappeningAlloc names one allocation a happening concerns: two can share a name, never an ID. */
export interface HappeningAlloc {
  ID: string;
  Name: string;
  JobVersion: number;
}

/**
 * HappeningFacts are a happening's typed data: its kind and what it
 * concerns. Which fields are set depends on the kind: an allocation's
 * (AllocID, Name, JobVersion), a node's (NodeID, Name), the job version
 * registered (JobVersion, and FromVersion for a revert), the allocations
 * the drainer marks (Allocs), a deployment's (DeploymentID, JobVersion,
 * Status, and Detail, its status description as Nomad writes it), and an
 * ignored event's Problem.
 */
export interface HappeningFacts {
  Kind: HappeningKind;
  /** AllocID or NodeID names what it concerns, so the graph can point at it. */
  AllocID?: string;
  NodeID?: string;
  Name?: string;
  JobVersion?: number;
  FromVersion?: number;
  Allocs?: HappeningAlloc[];
  DeploymentID?: string;
  Status?: string;
  Detail?: string;
  Problem?: EventProblem;
}

/** Happening is one thing that changed between two evaluations: its time, its facts, and the simulator's sentence for it (the CLI's text). */
export interface Happening extends HappeningFacts {
  Time: Instant;
  Text: string;
}

/** allocFacts are the facts that name one allocation unambiguously. */
export function allocFacts(alloc: Allocation): { AllocID: string; Name: string; JobVersion: number } {
  return { AllocID: alloc.ID, Name: alloc.Name, JobVersion: alloc.Job.Version };
}

/** SimLog collects the happenings since the last evaluation. */
export class SimLog {
  readonly happenings: Happening[] = [];

  /** note records one happening at the state's current time, with its sentence and its facts. */
  note(state: SimState, text: string, facts: HappeningFacts): void {
    this.happenings.push({ Time: state.now, Text: text, ...facts });
  }

  /** take returns the happenings so far and starts a new list. */
  take(): Happening[] {
    return this.happenings.splice(0, this.happenings.length);
  }
}

/** maxOf is the largest of the numbers, or `floor` when there are none; it takes any number of them, unlike Math.max's arguments. */
export function maxOf(values: Iterable<number>, floor: number): number {
  let max = floor;
  for (const v of values) if (v > max) max = v;
  return max;
}

/**
 * later is the instant `d` after `t`, on a microsecond grid: instants are
 * Unix nanoseconds in doubles, which hold only multiples of 256 ns today,
 * and sums of fractions of a second would otherwise drift (…23.4600003 s).
 */
export function later(t: Instant, d: Duration): Instant {
  return Math.round((t + d) / 1e3) * 1e3;
}
