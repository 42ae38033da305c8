// Upstream: hashicorp/nomad nomad/structs/structs.go at dccea99f7e.
//
// The engine's model of a job, a node, an allocation and a deployment, with
// the methods of upstream's structs that the reconciler relies on. Field names
// are Nomad's API names so that a reader can hold this file beside upstream's.
// Everything here is already canonicalised: the scenario reader fills defaults
// before an object reaches the engine, so no field is ever undefined.

import { type Int64, addInt64, mulInt64, subInt64, unixNano } from './int64.ts';

/** Instant is a point in time as Unix nanoseconds (Go's time.Time). */
export type Instant = number;

/** Duration is a length of time in nanoseconds (Go's time.Duration). */
export type Duration = number;

/** ZERO_TIME is Go's zero time.Time (0001-01-01T00:00:00Z) as Unix nanoseconds; it sorts before every real instant, as in Go. */
export const ZERO_TIME: Instant = -62135596800 * 1e9;

export const SECOND: Duration = 1e9;
export const MINUTE: Duration = 60 * SECOND;
export const HOUR: Duration = 60 * MINUTE;

/** isZeroTime reports whether an instant is Go's zero time (time.Time.IsZero). */
export function isZeroTime(t: Instant): boolean {
  return t === ZERO_TIME;
}

/** DEFAULT_KILL_TIMEOUT is the kill timeout a task has when it names none; WaitClientStop never waits less. */
export const DEFAULT_KILL_TIMEOUT: Duration = 5 * SECOND;

export const JobTypeService = 'service';
export const JobTypeBatch = 'batch';
export type JobType = typeof JobTypeService | typeof JobTypeBatch;

export const AllocDesiredStatusRun = 'run';
export const AllocDesiredStatusStop = 'stop';
export const AllocDesiredStatusEvict = 'evict';
export type AllocDesiredStatus =
  typeof AllocDesiredStatusRun | typeof AllocDesiredStatusStop | typeof AllocDesiredStatusEvict;

export const AllocClientStatusPending = 'pending';
export const AllocClientStatusRunning = 'running';
export const AllocClientStatusComplete = 'complete';
export const AllocClientStatusFailed = 'failed';
export const AllocClientStatusLost = 'lost';
/** AllocClientStatusUnknown is Nomad 1.6's status of an allocation whose node is disconnected; the 0.12 reader refuses it. */
export const AllocClientStatusUnknown = 'unknown';
export type AllocClientStatus =
  | typeof AllocClientStatusPending
  | typeof AllocClientStatusRunning
  | typeof AllocClientStatusComplete
  | typeof AllocClientStatusFailed
  | typeof AllocClientStatusLost
  | typeof AllocClientStatusUnknown;

export const NodeStatusInit = 'initializing';
export const NodeStatusReady = 'ready';
export const NodeStatusDown = 'down';
/** NodeStatusDisconnected is Nomad 1.6's status of a node that stopped heartbeating but may come back; the 0.12 reader refuses it. */
export const NodeStatusDisconnected = 'disconnected';
export type NodeStatus =
  typeof NodeStatusInit | typeof NodeStatusReady | typeof NodeStatusDown | typeof NodeStatusDisconnected;

export const DeploymentStatusRunning = 'running';
export const DeploymentStatusPaused = 'paused';
export const DeploymentStatusFailed = 'failed';
export const DeploymentStatusSuccessful = 'successful';
export const DeploymentStatusCancelled = 'cancelled';
export const DeploymentStatusBlocked = 'blocked';
export const DeploymentStatusUnblocking = 'unblocking';
export const DeploymentStatusPending = 'pending';
/** DeploymentStatusInitializing is Nomad 1.6's first status of a multiregion deployment; the 0.12 reader refuses it. */
export const DeploymentStatusInitializing = 'initializing';
export type DeploymentStatus =
  | typeof DeploymentStatusRunning
  | typeof DeploymentStatusPaused
  | typeof DeploymentStatusFailed
  | typeof DeploymentStatusSuccessful
  | typeof DeploymentStatusCancelled
  | typeof DeploymentStatusBlocked
  | typeof DeploymentStatusUnblocking
  | typeof DeploymentStatusPending
  | typeof DeploymentStatusInitializing;

// The texts Nomad writes into a deployment's StatusDescription.
export const DeploymentStatusDescriptionRunning = 'Deployment is running';
export const DeploymentStatusDescriptionRunningNeedsPromotion = 'Deployment is running but requires manual promotion';
export const DeploymentStatusDescriptionRunningAutoPromotion = 'Deployment is running pending automatic promotion';
export const DeploymentStatusDescriptionSuccessful = 'Deployment completed successfully';
export const DeploymentStatusDescriptionStoppedJob = 'Cancelled because job is stopped';
export const DeploymentStatusDescriptionNewerJob = 'Cancelled due to newer version of job';
export const DeploymentStatusDescriptionBlocked = 'Deployment is complete but waiting for peer region';
export const DeploymentStatusDescriptionPaused = 'Deployment is paused';
export const DeploymentStatusDescriptionFailedAllocations = 'Failed due to unhealthy allocations';
export const DeploymentStatusDescriptionProgressDeadline = 'Failed due to progress deadline';
export const DeploymentStatusDescriptionFailedByUser = 'Deployment marked as failed';
export const DeploymentStatusDescriptionPausedForPeer = 'Deployment is paused waiting for peer region';
export const DeploymentStatusDescriptionPendingForPeer = 'Deployment is pending, waiting for peer region';

export const EvalStatusPending = 'pending';
// What triggered an evaluation (Evaluation.TriggeredBy), as Nomad names it.
export const EvalTriggerJobRegister = 'job-register';
export const EvalTriggerJobDeregister = 'job-deregister';
export const EvalTriggerScaling = 'job-scaling';
export const EvalTriggerNodeUpdate = 'node-update';
export const EvalTriggerNodeDrain = 'node-drain';
export const EvalTriggerDeploymentWatcher = 'deployment-watcher';
export const EvalTriggerQueuedAllocs = 'queued-allocs';
export const EvalTriggerRetryFailedAlloc = 'alloc-failure';
export const EvalTriggerMaxDisconnectTimeout = 'max-disconnect-timeout';
/**
 * AllocStateFieldClientStatus names the field an AllocState records.
 * Upstream's AllocStateField is a uint8 whose only value at this commit, 0,
 * is the client status (Nomad's JSON prints it as 0); the engine names it.
 */
export const AllocStateFieldClientStatus = 'ClientStatus';
/** AllocStateField is which field of an allocation an AllocState records; only the client status is. */
export type AllocStateField = typeof AllocStateFieldClientStatus;

/** UpdateStrategy is a group's `update` block after defaults and the job-level merge. */
export interface UpdateStrategy {
  Stagger: Duration;
  MaxParallel: number;
  HealthCheck: string;
  MinHealthyTime: Duration;
  HealthyDeadline: Duration;
  ProgressDeadline: Duration;
  AutoRevert: boolean;
  AutoPromote: boolean;
  Canary: number;
}

/** ReschedulePolicy is a group's `reschedule` block after the job-level merge and type defaults. */
export interface ReschedulePolicy {
  Attempts: number;
  Interval: Duration;
  Delay: Duration;
  DelayFunction: string;
  MaxDelay: Duration;
  Unlimited: boolean;
}

/** MigrateStrategy is a group's `migrate` block; the reconciler only carries it. */
export interface MigrateStrategy {
  MaxParallel: number;
  HealthCheck: string;
  MinHealthyTime: Duration;
  HealthyDeadline: Duration;
}

/** Port is a reserved or dynamic port of a network; tasksUpdated compares labels and static values. */
export interface Port {
  Label: string;
  Value: number;
  To: number;
  HostNetwork: string;
}

/** NetworkResource is a group or task network ask. */
export interface NetworkResource {
  Mode: string;
  Device: string;
  CIDR: string;
  IP: string;
  MBits: number;
  ReservedPorts: Port[];
  DynamicPorts: Port[];
  /** Hostname and DNS are compared by 1.6's tasksUpdated only; absent is "" and no DNS block. */
  Hostname?: string;
  DNS?: JsonValue;
}

/** Affinity, Spread and Constraint are compared as whole values; their fields are carried as given. */
export type Affinity = Readonly<Record<string, unknown>>;
export type Spread = Readonly<Record<string, unknown>>;
export type Constraint = Readonly<Record<string, unknown>>;

/** RequestedDevice is a task's `device` ask. */
export interface RequestedDevice {
  Name: string;
  Count: number;
  Constraints: Constraint[];
  Affinities: Affinity[];
}

/** Resources is a task's resource ask. */
export interface Resources {
  CPU: number;
  MemoryMB: number;
  Networks: NetworkResource[];
  Devices: RequestedDevice[];
  /** Cores and MemoryMaxMB are compared by 1.6's tasksUpdated only; absent is 0. */
  Cores?: number;
  MemoryMaxMB?: number;
}

/** EphemeralDisk is a group's `ephemeral_disk` block. */
export interface EphemeralDisk {
  Sticky: boolean;
  SizeMB: number;
  Migrate: boolean;
}

/** JsonValue is any value a JSON document can hold; task config, templates and the like are kept as such. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** Task is one task of a group. */
export interface Task {
  Name: string;
  Driver: string;
  User: string;
  Config: Record<string, JsonValue>;
  Env: Record<string, string>;
  Artifacts: JsonValue[];
  Vault: JsonValue;
  Templates: JsonValue[];
  Meta: Record<string, string>;
  Affinities: Affinity[];
  KillTimeout: Duration;
  Resources: Resources;
  // The task's parts that only 1.6's tasksUpdated compares; absent is Go's zero value.
  CSIPluginConfig?: JsonValue;
  VolumeMounts?: JsonValue[] | null;
  Identity?: JsonValue;
  LogConfig?: { Disabled?: boolean } | null;
  RestartPolicy?: RestartPolicy | null;
}

/** RestartPolicy is a group's or task's `restart` block; 1.6's tasksUpdated reads only RenderTemplates. */
export interface RestartPolicy {
  RenderTemplates?: boolean;
}

/** Service is a group's `service` block, as far as 1.6's tasksUpdated reads it (services with Connect). */
export interface Service {
  Name: string;
  PortLabel?: string;
  /** Connect is the service's `connect` block, or absent or null when it has none. */
  Connect?: JsonValue;
}

/** TaskGroup is one group of a job. */
export interface TaskGroup {
  Name: string;
  Count: number;
  Update: UpdateStrategy | null;
  ReschedulePolicy: ReschedulePolicy | null;
  Migrate: MigrateStrategy | null;
  StopAfterClientDisconnect: Duration | null;
  EphemeralDisk: EphemeralDisk;
  Networks: NetworkResource[];
  Affinities: Affinity[];
  Spreads: Spread[];
  Constraints: Constraint[];
  Meta: Record<string, string>;
  Tasks: Task[];
  /**
   * MaxClientDisconnect is Nomad 1.6's `max_client_disconnect`: how long an
   * allocation on a disconnected node stays unknown before it is lost.
   * Absent or null means unset (0.12 never reads it).
   */
  MaxClientDisconnect?: Duration | null;
  // The group's parts that only 1.6's tasksUpdated compares; absent is Go's zero value.
  Consul?: { Namespace?: string } | null;
  Volumes?: Record<string, JsonValue> | null;
  Services?: Service[] | null;
  RestartPolicy?: RestartPolicy | null;
}

/** Multiregion lists the regions of a multiregion job, in deployment order. */
export interface Multiregion {
  Regions: { Name: string }[];
}

/** Job is one version of a job. */
export interface Job {
  ID: string;
  Name: string;
  Namespace: string;
  Type: JobType;
  Stop: boolean;
  /** Stable marks a version whose deployment succeeded; auto_revert goes back to the latest such version. The reconciler does not read it. */
  Stable: boolean;
  Version: number;
  CreateIndex: number;
  ModifyIndex: number;
  JobModifyIndex: number;
  Priority: number;
  Region: string;
  Datacenters: string[];
  Multiregion: Multiregion | null;
  Meta: Record<string, string>;
  Affinities: Affinity[];
  Spreads: Spread[];
  Constraints: Constraint[];
  TaskGroups: TaskGroup[];
  /** NodePool is Nomad 1.6's node pool of the job (absent: "default"); only 1.6's in-place check reads it. */
  NodePool?: string;
  /**
   * Spec is the job as the document gave it (API JSON), for the job diff,
   * which prints blocks the reconciler never reads (services, checks,
   * restart and log policies…). The reader sets it as a non-enumerable
   * property, so that comparing, spreading or writing a job ignores it; a
   * job built in code, or copied with a spread, has none. The reconciler
   * does not read it.
   */
  Spec?: Readonly<Record<string, unknown>>;
}

/**
 * NodeCapacity is an amount of a node's CPU (MHz shares), memory and disk
 * (MB); a dimension the node does not declare is null (no limit there).
 */
export interface NodeCapacity {
  CpuShares: number | null;
  MemoryMB: number | null;
  DiskMB: number | null;
}

/** Node is a client node of the cluster. Its resources matter only to the rollout simulator's placements; the reconciler does not choose nodes. */
export interface Node {
  ID: string;
  Name: string;
  Datacenter: string;
  NodeClass: string;
  Status: NodeStatus;
  Drain: boolean;
  SchedulingEligibility: string;
  /** NodeResources is what the node offers, or null when the document declares nothing. */
  NodeResources: NodeCapacity | null;
  /** ReservedResources is what the node keeps for itself, or null. */
  ReservedResources: NodeCapacity | null;
  /** NodePool is Nomad 1.6's node pool of the node (absent: "default"). */
  NodePool?: string;
  /** DrainStrategy, when an object, makes the node draining under 1.6 (as Drain does); 0.12 does not read it. */
  DrainStrategy?: JsonValue;
}

/** DesiredTransition holds the server's requests to move an allocation; null means "not set". */
export interface DesiredTransition {
  Migrate: boolean | null;
  Reschedule: boolean | null;
  ForceReschedule: boolean | null;
}

/** AllocDeploymentStatus is an allocation's health within its deployment. */
export interface AllocDeploymentStatus {
  Healthy: boolean | null;
  Canary: boolean;
}

/** RescheduleEvent records one earlier reschedule of an allocation's chain. */
export interface RescheduleEvent {
  RescheduleTime: Instant;
  PrevAllocID: string;
  PrevNodeID: string;
  Delay: Duration;
}

/** RescheduleTracker holds the reschedule history of an allocation. */
export interface RescheduleTracker {
  /**
   * Events is null for Go's nil list (Nomad's JSON prints it as null), which
   * upstream tells from an empty one: a limited policy counts attempts only
   * when there is a list (nextRescheduleTime).
   */
  Events: RescheduleEvent[] | null;
}

/** TaskState is what the client reports of one task. */
export interface TaskState {
  State: string;
  Failed: boolean;
  FinishedAt: Instant;
}

/** AllocState records a transition of one of the allocation's fields. */
export interface AllocState {
  Field: AllocStateField;
  Value: string;
  Time: Instant;
}

/** Allocation is one existing allocation of the job, with the job version it runs. */
export interface Allocation {
  ID: string;
  Name: string;
  JobID: string;
  TaskGroup: string;
  NodeID: string;
  NodeName: string;
  Job: Job;
  DesiredStatus: AllocDesiredStatus;
  ClientStatus: AllocClientStatus;
  DesiredTransition: DesiredTransition;
  DeploymentID: string;
  DeploymentStatus: AllocDeploymentStatus | null;
  RescheduleTracker: RescheduleTracker | null;
  FollowupEvalID: string;
  NextAllocation: string;
  PreviousAllocation: string;
  TaskStates: Record<string, TaskState> | null;
  AllocStates: AllocState[];
  ModifyTime: Instant;
  CreateIndex: number;
  /** Metrics holds the placement's scores; 1.6's reconnect logic compares the best (absent: no score). */
  Metrics?: AllocMetric | null;
  /** ClientDescription is the client's word on its status; 1.6 sets it on an allocation it marks unknown. */
  ClientDescription?: string;
}

/** NodeScoreMeta is one node's score for a placement. */
export interface NodeScoreMeta {
  NodeID: string;
  NormScore: number;
  Scores: Record<string, number>;
}

/** AllocMetric is what the scheduler recorded of a placement; only its scores are read. */
export interface AllocMetric {
  /** ScoreMetaData lists the best-scored nodes, the best first. */
  ScoreMetaData: NodeScoreMeta[] | null;
}

/** DeploymentState is a deployment's progress for one task group. */
export interface DeploymentState {
  AutoRevert: boolean;
  AutoPromote: boolean;
  ProgressDeadline: Duration;
  RequireProgressBy: Instant;
  Promoted: boolean;
  PlacedCanaries: string[];
  DesiredCanaries: number;
  DesiredTotal: number;
  PlacedAllocs: number;
  HealthyAllocs: number;
  UnhealthyAllocs: number;
}

/** Deployment is a job's deployment. TaskGroups is a Map so that group names keep a defined order. */
export interface Deployment {
  ID: string;
  Namespace: string;
  JobID: string;
  JobVersion: number;
  JobModifyIndex: number;
  JobSpecModifyIndex: number;
  JobCreateIndex: number;
  IsMultiregion: boolean;
  Status: DeploymentStatus;
  StatusDescription: string;
  TaskGroups: Map<string, DeploymentState>;
  /** EvalPriority is the priority of the evaluation that created the deployment (Nomad 1.6; absent under 0.12). */
  EvalPriority?: number;
}

/** DeploymentStatusUpdate asks for an existing deployment's status to change. */
export interface DeploymentStatusUpdate {
  DeploymentID: string;
  Status: DeploymentStatus;
  StatusDescription: string;
}

/** DesiredUpdates counts, for one group, what the reconciler decided (the plan's annotations). */
export interface DesiredUpdates {
  Ignore: number;
  Place: number;
  Migrate: number;
  Stop: number;
  InPlaceUpdate: number;
  DestructiveUpdate: number;
  Canary: number;
}

/** Evaluation is a follow-up evaluation the reconciler asks for. */
export interface Evaluation {
  ID: string;
  Namespace: string;
  Priority: number;
  Type: JobType;
  TriggeredBy: string;
  JobID: string;
  JobModifyIndex: number;
  Status: string;
  StatusDescription: string;
  WaitUntil: Instant;
}

/** newDesiredUpdates returns a DesiredUpdates with every count at zero. */
export function newDesiredUpdates(): DesiredUpdates {
  return { Ignore: 0, Place: 0, Migrate: 0, Stop: 0, InPlaceUpdate: 0, DestructiveUpdate: 0, Canary: 0 };
}

// ---------------------------------------------------------------------------
// Job

/** lookupTaskGroup finds a job's group by name; undefined means the group was removed from the job. */
export function lookupTaskGroup(job: Job, name: string): TaskGroup | undefined {
  return job.TaskGroups.find((tg) => tg.Name === name);
}

/** lookupTask finds a group's task by name. */
export function lookupTask(tg: TaskGroup, name: string): Task | undefined {
  return tg.Tasks.find((t) => t.Name === name);
}

/** jobStopped reports whether the job is stopped or gone (purged), in which case every allocation goes. */
export function jobStopped(job: Job | null): job is null | (Job & { Stop: true }) {
  return job === null || job.Stop;
}

/** isMultiregion reports whether the job deploys across regions one after another. */
export function isMultiregion(job: Job): boolean {
  return job.Multiregion !== null && job.Multiregion.Regions.length > 0;
}

/**
 * combinedTaskMeta merges job, group and task meta for a task, the deepest
 * scope winning; tasksUpdated compares the merged maps so that moving a key
 * between levels is not a change but editing its value is.
 */
export function combinedTaskMeta(job: Job, groupName: string, taskName: string): Record<string, string> {
  const group = lookupTaskGroup(job, groupName);
  if (!group) return job.Meta;
  const task = lookupTask(group, taskName);
  const meta = Object.create(null) as Record<string, string>;
  if (task) Object.assign(meta, task.Meta);
  for (const [k, v] of Object.entries(group.Meta)) if (!(k in meta)) meta[k] = v;
  for (const [k, v] of Object.entries(job.Meta)) if (!(k in meta)) meta[k] = v;
  return meta;
}

// ---------------------------------------------------------------------------
// UpdateStrategy

/** updateStrategyIsEmpty reports whether a group has no rolling-update behaviour (absent, or max_parallel 0): no deployment, no limit. */
export function updateStrategyIsEmpty(u: UpdateStrategy | null): boolean {
  return u === null || u.MaxParallel === 0;
}

// ---------------------------------------------------------------------------
// Node

/** nodeTerminalStatus reports whether a node is down, which makes its allocations lost. */
export function nodeTerminalStatus(n: Node): boolean {
  return n.Status === NodeStatusDown;
}

/** shouldDrainNode reports whether a node's status alone makes it tainted. */
export function shouldDrainNode(status: NodeStatus): boolean {
  return status === NodeStatusDown;
}

// ---------------------------------------------------------------------------
// Allocation

/** allocName builds the name of the allocation with the given index: `job.group[index]`. */
export function allocName(jobID: string, group: string, index: number): string {
  return `${jobID}.${group}[${index}]`;
}

/**
 * allocIndex reads the index out of an allocation's name the way upstream
 * does: it skips a prefix as long as `job.group[` and parses up to the last
 * character, so a malformed name counts as index 0.
 */
export function allocIndex(a: Allocation): number {
  // Go measures strings in UTF-8 bytes. For ASCII that is the string length;
  // otherwise cut the bytes, so that a job or group name with other
  // characters skips the same prefix upstream does (a cut through a
  // character decodes to U+FFFD, which, like Go's stray bytes, is no digit).
  const name = a.Name;
  const prefix = namePrefixBytes(a.JobID, a.TaskGroup);
  if (isAscii(name)) {
    const l = name.length;
    if (l <= 3 || l <= prefix) return 0;
    return goAtoi(name, prefix, l - 1);
  }
  const bytes = utf8Encoder.encode(name);
  const l = bytes.length;
  if (l <= 3 || l <= prefix) return 0;
  const digits = new TextDecoder().decode(bytes.subarray(prefix, l - 1));
  return goAtoi(digits, 0, digits.length);
}

// The last job and group namePrefixBytes measured, and the answer: a
// group's allocations share both, so the names are measured once a group
// rather than once an allocation.
let prefixJobID = '';
let prefixGroup = '';
let prefixLength = 2;

// namePrefixBytes is the length in UTF-8 bytes of `job.group[`, the part of
// an allocation name upstream skips before the index.
function namePrefixBytes(jobID: string, group: string): number {
  if (jobID !== prefixJobID || group !== prefixGroup) {
    prefixJobID = jobID;
    prefixGroup = group;
    prefixLength = utf8Length(jobID) + utf8Length(group) + 2;
  }
  return prefixLength;
}

// utf8Length is the length of s in UTF-8 bytes.
function utf8Length(s: string): number {
  return isAscii(s) ? s.length : utf8Encoder.encode(s).length;
}

const utf8Encoder = new TextEncoder();

// isAscii reports whether every character of s is ASCII (one UTF-8 byte).
// A regular expression, because it runs compiled from the first call: a
// command reconciles thousands of allocations before a loop would be.
function isAscii(s: string): boolean {
  return !NON_ASCII.test(s);
}

// eslint-disable-next-line no-control-regex -- the range starts at NUL on purpose: everything outside ASCII
const NON_ASCII = /[^\x00-\x7f]/;

// goAtoi parses s[from, to) as a decimal integer the way strconv.Atoi does,
// giving 0 where Go would return an error (and so where upstream ignores it).
// A negative index would become a huge unsigned number in Go; upstream never
// produces one, and reading it as 0 keeps the bitmap finite.
function goAtoi(s: string, from: number, to: number): number {
  let i = from;
  let negative = false;
  const sign = s.charCodeAt(i);
  if (sign === 0x2b || sign === 0x2d) {
    negative = sign === 0x2d;
    i++;
  }
  if (i >= to) return 0;
  let n = 0;
  for (; i < to; i++) {
    const d = s.charCodeAt(i) - 0x30;
    if (d < 0 || d > 9) return 0;
    n = n * 10 + d;
  }
  if (!Number.isSafeInteger(n)) return 0;
  return negative ? 0 : n;
}

/** serverTerminalStatus reports whether the server wants the allocation stopped or evicted. */
export function serverTerminalStatus(a: Allocation): boolean {
  return a.DesiredStatus === AllocDesiredStatusStop || a.DesiredStatus === AllocDesiredStatusEvict;
}

/** clientTerminalStatus reports whether the client says the allocation has finished (complete, failed or lost). */
export function clientTerminalStatus(a: Allocation): boolean {
  return (
    a.ClientStatus === AllocClientStatusComplete ||
    a.ClientStatus === AllocClientStatusFailed ||
    a.ClientStatus === AllocClientStatusLost
  );
}

/** terminalStatus reports whether an allocation will not run again, by the server's wish or the client's report. */
export function terminalStatus(a: Allocation): boolean {
  return serverTerminalStatus(a) || clientTerminalStatus(a);
}

/** taskStateSuccessful reports whether a task finished without failing. */
export function taskStateSuccessful(ts: TaskState): boolean {
  return ts.State === 'dead' && !ts.Failed;
}

/**
 * ranSuccessfully reports whether every task of the allocation finished
 * without failing; an allocation whose tasks never started has not. Batch
 * jobs keep such allocations instead of replacing them.
 */
export function ranSuccessfully(a: Allocation): boolean {
  const states = a.TaskStates ? Object.values(a.TaskStates) : [];
  if (states.length === 0) return false;
  return states.every(taskStateSuccessful);
}

/** shouldMigrate (DesiredTransition) reports whether the drainer asked for the allocation to move. */
export function transitionShouldMigrate(d: DesiredTransition): boolean {
  return d.Migrate === true;
}

/** transitionShouldReschedule reports whether the deployment watcher allowed a failed allocation of an active deployment to be replaced. */
export function transitionShouldReschedule(d: DesiredTransition): boolean {
  return d.Reschedule === true;
}

/** transitionShouldForceReschedule reports whether an operator forced the allocation to be rescheduled now. */
export function transitionShouldForceReschedule(d: DesiredTransition): boolean {
  return d.ForceReschedule === true;
}

/** isHealthy reports whether the deployment marked the allocation healthy. */
export function isHealthy(s: AllocDeploymentStatus | null): boolean {
  return s !== null && s.Healthy === true;
}

/** isUnhealthy reports whether the deployment marked the allocation unhealthy (not merely "not yet healthy"). */
export function isUnhealthy(s: AllocDeploymentStatus | null): boolean {
  return s !== null && s.Healthy === false;
}

/** isCanary reports whether the allocation was placed as a canary. */
export function isCanary(s: AllocDeploymentStatus | null): boolean {
  return s !== null && s.Canary;
}

/** allocReschedulePolicy is the reschedule policy of the group the allocation's own job version gives it. */
export function allocReschedulePolicy(a: Allocation): ReschedulePolicy | null {
  const tg = lookupTaskGroup(a.Job, a.TaskGroup);
  return tg ? tg.ReschedulePolicy : null;
}

/**
 * lastEventTime is when the allocation failed: the latest FinishedAt of its
 * tasks, or, when no task reports one, its ModifyTime (0 is the Unix epoch,
 * not "no time").
 */
export function lastEventTime(a: Allocation): Instant {
  let last = ZERO_TIME;
  if (a.TaskStates) {
    // for-in walks the tasks without making a list of their states first.
    for (const name in a.TaskStates) {
      const finished = a.TaskStates[name]!.FinishedAt;
      if (isZeroTime(last) || finished > last) last = finished;
    }
  }
  return isZeroTime(last) ? a.ModifyTime : last;
}

// attemptsWithinInterval counts the reschedule events that fall within the
// policy's interval before failTime, subtracting as Go's int64 does.
function attemptsWithinInterval(events: readonly RescheduleEvent[], interval: Duration, failTime: Instant): number {
  const failNanos = unixNano(failTime);
  let attempted = 0;
  for (const event of events) {
    if (subInt64(failNanos, event.RescheduleTime) < interval) attempted++;
  }
  return attempted;
}

/**
 * rescheduleEligible reports whether the policy still allows another
 * reschedule: unlimited, or fewer attempts within the interval than allowed.
 */
export function rescheduleEligible(a: Allocation, policy: ReschedulePolicy | null, failTime: Instant): boolean {
  if (policy === null) return false;
  const enabled = policy.Attempts > 0 || policy.Unlimited;
  if (!enabled) return false;
  if (policy.Unlimited) return true;
  // A nil list and an empty one agree here: no attempts yet.
  const events = a.RescheduleTracker?.Events ?? null;
  if ((events === null || events.length === 0) && policy.Attempts > 0) return true;
  return attemptsWithinInterval(events ?? [], policy.Interval, failTime) < policy.Attempts;
}

/**
 * nextDelay is how long after failing the allocation waits before its
 * replacement: the policy's delay for a first failure, then growing by the
 * delay function (exponential doubles the last delay, fibonacci adds the two
 * last, anything else stays constant), capped at MaxDelay; once capped, a
 * failure that came longer than the cap after the last reschedule starts the
 * series again. Without a cap the growth wraps past int64 as Go's does,
 * and the delay turns negative.
 */
export function nextDelay(a: Allocation): Duration {
  return Number(nextDelayInt64(a));
}

// nextDelayInt64 is nextDelay as Go's exact int64, for the comparisons
// nextRescheduleTime makes with it.
function nextDelayInt64(a: Allocation): Int64 {
  const policy = allocReschedulePolicy(a);
  if (policy === null) return 0;
  let delay: Int64 = policy.Delay;
  const events = a.RescheduleTracker?.Events ?? null;
  if (events === null || events.length === 0) return delay;
  const last = events[events.length - 1]!;
  switch (policy.DelayFunction) {
    case 'exponential':
      delay = mulInt64(last.Delay, 2);
      break;
    case 'fibonacci':
      if (events.length >= 2) {
        const n1 = last.Delay;
        const n2 = events[events.length - 2]!.Delay;
        // A series that was reset after reaching the cap starts over.
        delay = n2 === policy.MaxDelay && n1 === policy.Delay ? n1 : addInt64(n1, n2);
      }
      break;
    default:
      return delay;
  }
  if (policy.MaxDelay > 0 && delay > policy.MaxDelay) {
    delay = policy.MaxDelay;
    if (subInt64(unixNano(lastEventTime(a)), last.RescheduleTime) > delay) delay = policy.Delay;
  }
  return delay;
}

/** RescheduleTime is nextRescheduleTime's answer: when, and whether the policy allows it; shared, so read-only. */
export type RescheduleTime = Readonly<{ time: Instant; eligible: boolean }>;

// NOT_ELIGIBLE is nextRescheduleTime's answer for an allocation that may not be replaced.
const NOT_ELIGIBLE: RescheduleTime = Object.freeze({
  time: ZERO_TIME,
  eligible: false,
});

/**
 * nextRescheduleTime is when a failed allocation may be replaced, and whether
 * its policy allows that at all. A limited policy allows it when there is no
 * tracker at all, or when the tracker has a list of events (even an empty
 * one) with attempts left within the interval and a delay shorter than the
 * interval; a tracker whose list is nil allows nothing, as upstream's check
 * skips it.
 */
export function nextRescheduleTime(a: Allocation): RescheduleTime {
  // The statuses are checked before the fail time and the policy are looked
  // up (upstream works out all four first): most allocations are not failed.
  if (a.DesiredStatus === AllocDesiredStatusStop || a.ClientStatus !== AllocClientStatusFailed) return NOT_ELIGIBLE;
  const failTime = lastEventTime(a);
  const policy = allocReschedulePolicy(a);
  if (isZeroTime(failTime) || policy === null) return NOT_ELIGIBLE;
  return rescheduleTimeFrom(a, failTime, policy);
}

/**
 * rescheduleTimeFrom is when an allocation that failed at failTime may be
 * replaced under the policy, and whether the policy allows it (the second
 * half of nextRescheduleTime; 1.6 also starts it from other times).
 */
export function rescheduleTimeFrom(a: Allocation, failTime: Instant, policy: ReschedulePolicy): RescheduleTime {
  const delay = nextDelayInt64(a);
  const time = failTime + Number(delay);
  const tracker = a.RescheduleTracker;
  let eligible = policy.Unlimited || (policy.Attempts > 0 && tracker === null);
  if (policy.Attempts > 0 && tracker !== null && tracker.Events !== null) {
    eligible =
      attemptsWithinInterval(tracker.Events, policy.Interval, failTime) < policy.Attempts && delay < policy.Interval;
  }
  return { time, eligible };
}

/** shouldClientStop reports whether the allocation's group sets a non-zero stop_after_client_disconnect. */
export function shouldClientStop(a: Allocation): boolean {
  const tg = lookupTaskGroup(a.Job, a.TaskGroup);
  return tg !== undefined && tg.StopAfterClientDisconnect !== null && tg.StopAfterClientDisconnect !== 0;
}

/**
 * waitClientStop is when a lost allocation with stop_after_client_disconnect
 * may be replaced: the first time it was marked lost (or now, when it has not
 * been yet) plus the disconnect wait plus the longest kill timeout of its
 * tasks, that sum wrapping past int64 as Go's does. Upstream reads the wall
 * clock for "now"; the engine is given it.
 */
export function waitClientStop(a: Allocation, now: Instant): Instant {
  const tg = lookupTaskGroup(a.Job, a.TaskGroup);
  if (!tg) throw new Error(`waitClientStop: allocation ${a.ID} has no group ${a.TaskGroup}`);
  const lostAt = a.AllocStates.find(
    (s) => s.Field === AllocStateFieldClientStatus && s.Value === AllocClientStatusLost,
  );
  const start = lostAt && !isZeroTime(lostAt.Time) ? lostAt.Time : now;
  let kill = DEFAULT_KILL_TIMEOUT;
  for (const t of tg.Tasks) if (t.KillTimeout > kill) kill = t.KillTimeout;
  return start + Number(addInt64(tg.StopAfterClientDisconnect ?? 0, kill));
}

// ---------------------------------------------------------------------------
// Deployment

/** deploymentActive reports whether a deployment is still in progress (running, paused, blocked or unblocking). */
export function deploymentActive(d: Deployment): boolean {
  return (
    d.Status === DeploymentStatusRunning ||
    d.Status === DeploymentStatusPaused ||
    d.Status === DeploymentStatusBlocked ||
    d.Status === DeploymentStatusUnblocking
  );
}

/** requiresPromotion reports whether a running deployment waits on a group whose canaries are not promoted. */
export function requiresPromotion(d: Deployment): boolean {
  if (d.TaskGroups.size === 0 || d.Status !== DeploymentStatusRunning) return false;
  for (const g of d.TaskGroups.values()) if (g.DesiredCanaries > 0 && !g.Promoted) return true;
  return false;
}

/** hasAutoPromote reports whether every group of a running deployment promotes its canaries by itself. */
export function hasAutoPromote(d: Deployment): boolean {
  if (d.TaskGroups.size === 0 || d.Status !== DeploymentStatusRunning) return false;
  for (const g of d.TaskGroups.values()) if (!g.AutoPromote) return false;
  return true;
}

/** newDeploymentState is an empty group state, as Go's zero DeploymentState. */
export function newDeploymentState(): DeploymentState {
  return {
    AutoRevert: false,
    AutoPromote: false,
    ProgressDeadline: 0,
    RequireProgressBy: ZERO_TIME,
    Promoted: false,
    PlacedCanaries: [],
    DesiredCanaries: 0,
    DesiredTotal: 0,
    PlacedAllocs: 0,
    HealthyAllocs: 0,
    UnhealthyAllocs: 0,
  };
}

/** newDeployment starts a running deployment of the job version being scheduled. */
export function newDeployment(job: Job, id: string): Deployment {
  return {
    ID: id,
    Namespace: job.Namespace,
    JobID: job.ID,
    JobVersion: job.Version,
    JobModifyIndex: job.ModifyIndex,
    JobSpecModifyIndex: job.JobModifyIndex,
    JobCreateIndex: job.CreateIndex,
    IsMultiregion: isMultiregion(job),
    Status: DeploymentStatusRunning,
    StatusDescription: DeploymentStatusDescriptionRunning,
    TaskGroups: new Map(),
  };
}

/** copyDeployment copies a deployment and its group states, so the reconciler never changes its input. */
export function copyDeployment(d: Deployment): Deployment {
  const groups = new Map<string, DeploymentState>();
  for (const [name, s] of d.TaskGroups) groups.set(name, { ...s, PlacedCanaries: [...s.PlacedCanaries] });
  return { ...d, TaskGroups: groups };
}
