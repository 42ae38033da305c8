// Upstream: hashicorp/nomad scheduler/reconcile.go and reconcile_util.go at dccea99f7e.
//
// The reconciler's inputs and results. Upstream passes these through a
// nine-argument constructor and fills a result object as it goes; here the
// inputs are one object and the results are returned.

import type {
  Allocation,
  Deployment,
  DeploymentStatusUpdate,
  DesiredUpdates,
  Evaluation,
  Instant,
  Job,
  Node,
  TaskGroup,
} from './structs.ts';

/**
 * AllocUpdateDecision is what an AllocUpdateFn decides for one allocation:
 * leave it alone, replace it (destructive), or update it in place (`updated`
 * is then the allocation as it will be after the update).
 */
export interface AllocUpdateDecision {
  ignore: boolean;
  destructive: boolean;
  updated: Allocation | null;
  /** reason says why, for the explanation (for example which field tasksUpdated saw change). */
  reason?: string;
}

/**
 * AllocUpdateFn decides how an existing allocation follows a new job version.
 * The scheduler's is genericAllocUpdateFn (util.ts); upstream's tests pass
 * simpler ones.
 */
export type AllocUpdateFn = (existing: Allocation, newJob: Job, newTG: TaskGroup) => AllocUpdateDecision;

/** ReconcilerInput is everything the reconciler reads. */
export interface ReconcilerInput {
  /** allocUpdateFn classifies allocations whose job differs from the one being scheduled. */
  allocUpdateFn: AllocUpdateFn;
  /** batch is true for batch jobs, whose successfully finished allocations are kept. */
  batch: boolean;
  /** jobID names allocations; the job may be stopped. */
  jobID: string;
  /** job is the job version being scheduled; null when the job was purged, which stops everything. */
  job: Job | null;
  /** deployment is the job's latest deployment, if any; it is copied, never changed. */
  deployment: Deployment | null;
  /** existingAllocs are the job's allocations, in the order the engine should visit them. */
  existingAllocs: readonly Allocation[];
  /** taintedNodes maps the ID of every down or draining node to it, and of every vanished node to null. */
  taintedNodes: ReadonlyMap<string, Node | null>;
  /** evalID is the evaluation being processed; an allocation whose FollowupEvalID matches is due now. */
  evalID: string;
  /** now is the evaluation time, read where upstream reads the clock. */
  now: Instant;
  /** generateID makes IDs for a created deployment and follow-up evaluations. */
  generateID: () => string;
  /** trace asks for the reconciler's reasoning per group (ReconcileResults.trace). */
  trace?: boolean;
}

/** AllocPlaceResult is a new allocation to place, possibly replacing a previous one. */
export interface AllocPlaceResult {
  name: string;
  canary: boolean;
  taskGroup: TaskGroup;
  previousAlloc: Allocation | null;
  reschedule: boolean;
}

/** AllocDestructiveResult replaces an allocation: the old is stopped only once the new one is placed. */
export interface AllocDestructiveResult {
  placeName: string;
  placeTaskGroup: TaskGroup;
  stopAlloc: Allocation;
  stopStatusDescription: string;
}

/** AllocStopResult stops one allocation, marking its client status when it is lost. */
export interface AllocStopResult {
  alloc: Allocation;
  clientStatus: string;
  statusDescription: string;
  followupEvalID: string;
}

/** ReconcileResults is everything the reconciler decided, for the scheduler to apply. */
export interface ReconcileResults {
  deployment: Deployment | null;
  deploymentUpdates: DeploymentStatusUpdate[];
  place: AllocPlaceResult[];
  destructiveUpdate: AllocDestructiveResult[];
  inplaceUpdate: Allocation[];
  stop: AllocStopResult[];
  /** attributeUpdates maps an allocation ID to the allocation annotated with its follow-up evaluation. */
  attributeUpdates: Map<string, Allocation>;
  desiredTGUpdates: Map<string, DesiredUpdates>;
  desiredFollowupEvals: Map<string, Evaluation[]>;
  /** trace is the reasoning per group, present when the input asked for it. */
  trace: ReconcileTrace | null;
}

/**
 * AllocAction is the fate of one existing allocation, as the playground draws
 * it. `canary` marks an existing canary that the deployment keeps.
 */
export type AllocAction =
  'ignore' | 'stop' | 'lost' | 'migrate' | 'destructive' | 'inplace' | 'reschedule-now' | 'reschedule-later' | 'canary';

/**
 * ReconcilerStep names a step of the reconciler as upstream's code names it
 * (handleGroupCanaries, computeStop, …), plus 'start' for a group's
 * allocations before any step and 'removed group' for a group the job no
 * longer has.
 */
export type ReconcilerStep =
  | 'start'
  | 'removed group'
  | 'handleStop'
  | 'filterOldTerminalAllocs'
  | 'handleGroupCanaries'
  | 'filterByTainted'
  | 'filterByRescheduleable'
  | 'delayByStopAfterClientDisconnect'
  | 'computeStop'
  | 'computeUpdates'
  | 'computePlacements'
  | 'computeGroup'
  /** 1.6: allocations whose node came back, weighed against their replacements. */
  | 'reconcileReconnecting'
  /** 1.6: allocations on a disconnected node, marked unknown until max_client_disconnect runs out. */
  | 'createTimeoutLaterEvals';

/**
 * DecisionCode names the branch of the reconciler that decided one
 * allocation's fate. The explanation's words are made from it (explain.ts);
 * a view that needs to know why tests the code, never the words.
 */
export type DecisionCode =
  /** handleStop: a terminal allocation of a stopped job is left alone. */
  | 'already-terminal'
  /** handleStop: the job is stopped (on a down or vanished node: lost). */
  | 'job-stopped'
  | 'job-stopped-lost'
  /** computeGroup: the job no longer has the group (on a down or vanished node: lost). */
  | 'group-removed'
  | 'group-removed-lost'
  /** filterOldTerminalAllocs: a finished batch allocation of an older job version. */
  | 'old-terminal'
  /** handleGroupCanaries: an unpromoted canary of an old or failed deployment. */
  | 'old-canary'
  /** handleGroupCanaries: a current canary on a draining node, or on a down or vanished one. */
  | 'canary-migrating'
  | 'canary-lost'
  /** filterByTainted: on a healthy node; the drainer asked it to move; its node is down or gone. */
  | 'untainted'
  | 'migrating'
  | 'node-lost'
  /** filterByRescheduleable: already replaced; terminal and not counted; failed and replaced now or later. */
  | 'already-replaced'
  | 'not-counted'
  | 'reschedule-now'
  | 'reschedule-later'
  /** delayByStopAfterClientDisconnect: lost, and its replacement waits. */
  | 'lost-waiting'
  /** computeStop: over the count, by the branch that chose it. */
  | 'stop-canary-name'
  | 'stop-migrating'
  | 'stop-highest-index'
  | 'stop-duplicate-name'
  /** computeUpdates: what the update function decided. */
  | 'update-ignore'
  | 'update-destructive'
  | 'update-inplace'
  /** computeGroup: a canary the deployment keeps, awaiting promotion or promoted. */
  | 'canary-awaiting-promotion'
  | 'canary-kept'
  /** computeGroup: a destructive update that waits for the placement limit, or for the deployment. */
  | 'held-by-limit'
  | 'held-by-deployment'
  /** computeGroup: a failed allocation of the failed deployment, not replaced. */
  | 'failed-deployment-not-replaced'
  /** 1.6 filterByTainted: running on a disconnected node; its node is back; nothing to do. */
  | 'disconnecting'
  | 'reconnecting'
  | 'nothing-to-do'
  /** 1.6 reconcileReconnecting: kept; failed while away; no longer wanted as it was; its replacement is kept; replaced by it. */
  | 'reconnected'
  | 'reconnect-failed'
  | 'reconnect-not-wanted'
  | 'reconnect-replaced'
  | 'replacement-not-needed'
  /** 1.6 filterByRescheduleable: on a disconnected node, and its reschedule policy allows a replacement now. */
  | 'disconnected-replaced';

/** AllocDecision is why one allocation met its fate: the step and branch that decided it, and the facts its words name. */
export interface AllocDecision {
  allocID: string;
  name: string;
  action: AllocAction;
  /** step is the reconciler step that decided (handleGroupCanaries, computeStop, …). */
  step: ReconcilerStep;
  code: DecisionCode;
  /** waitUntil is when a replacement waits for (reschedule-later, lost-waiting). */
  waitUntil?: Instant;
  /** groupCount is the group's count (stop-highest-index). */
  groupCount?: number;
  /** placementLimit is the group's placement limit (held-by-limit). */
  placementLimit?: number;
  /** clientStatus is the allocation's client status (not-counted). */
  clientStatus?: string;
  /** updateReason is the update function's own account, when it gave one (update-*). */
  updateReason?: string;
  /** reason is the decision in words, made from the code and facts by describeDecision. */
  reason: string;
}

/** TraceStep is the allocation sets after one step of computeGroup, as allocation IDs. */
export interface TraceStep {
  step: ReconcilerStep;
  /** note says what the step does, in words made from the step and its facts. */
  note: string;
  sets: Record<string, string[]>;
}

/** LimitCode says which branch of computeLimit set a group's placement limit. */
export type LimitCode =
  | 'no-update-strategy'
  | 'nothing-to-replace'
  | 'deployment-paused'
  | 'deployment-failed'
  | 'canaries-unpromoted'
  | 'unhealthy-allocation'
  | 'max-parallel';

/** LimitDecision is computeLimit's answer and the branch that gave it. */
export interface LimitDecision {
  limit: number;
  code: LimitCode;
}

/**
 * CanaryCode says where a group stands with canaries: its strategy wants
 * none, there is no destructive change to canary, they are promoted, or the
 * deployment awaits their promotion.
 */
export type CanaryCode = 'none-wanted' | 'no-destructive-change' | 'promoted' | 'awaiting-promotion';

/** DeploymentCode says what cancelDeployments made of the job's latest deployment. */
export type DeploymentCode = 'job-stopped' | 'none' | 'other-version' | 'successful' | 'current';

/** GroupTrace is the reasoning of computeGroup for one task group. */
export interface GroupTrace {
  group: string;
  /** removed is true when the job no longer has the group, so everything stops. */
  removed: boolean;
  steps: TraceStep[];
  existingDeployment: boolean;
  canaryState: boolean;
  /** canaryCode is null for a removed group, which has no canary state. */
  canaryCode: CanaryCode | null;
  canaryReason: string;
  requireCanary: boolean;
  limit: number;
  /** limitCode is null for a removed group, whose limit is not computed. */
  limitCode: LimitCode | null;
  limitReason: string;
  deploymentComplete: boolean;
  decisions: AllocDecision[];
}

/** ReconcileTrace is the reconciler's reasoning: one entry per group, in the order it visited them. */
export interface ReconcileTrace {
  jobStopped: boolean;
  /** deploymentCode is null when a stopped job has no deployment to speak of. */
  deploymentCode: DeploymentCode | null;
  deploymentNote: string;
  groups: GroupTrace[];
}
