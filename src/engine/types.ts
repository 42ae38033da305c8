// Upstream: hashicorp/nomad scheduler/reconcile.go and reconcile_util.go at dccea99f7e.
//
// The reconciler's inputs and results. Upstream passes these through an
// eleven-argument constructor and fills a result object as it goes; here the
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
  | 'ignore'
  | 'stop'
  | 'lost'
  | 'migrate'
  | 'destructive'
  | 'inplace'
  | 'reschedule-now'
  | 'reschedule-later'
  | 'canary';

/** AllocDecision is why one allocation met its fate: the step of computeGroup that decided it. */
export interface AllocDecision {
  allocID: string;
  name: string;
  action: AllocAction;
  /** step is the reconciler step that decided (handleGroupCanaries, computeStop, …). */
  step: string;
  reason: string;
}

/** TraceStep is the allocation sets after one step of computeGroup, as allocation IDs. */
export interface TraceStep {
  step: string;
  note: string;
  sets: Record<string, string[]>;
}

/** GroupTrace is the reasoning of computeGroup for one task group. */
export interface GroupTrace {
  group: string;
  /** removed is true when the job no longer has the group, so everything stops. */
  removed: boolean;
  steps: TraceStep[];
  existingDeployment: boolean;
  canaryState: boolean;
  canaryReason: string;
  requireCanary: boolean;
  limit: number;
  limitReason: string;
  deploymentComplete: boolean;
  decisions: AllocDecision[];
}

/** ReconcileTrace is the reconciler's reasoning: one entry per group, in the order it visited them. */
export interface ReconcileTrace {
  jobStopped: boolean;
  deploymentNote: string;
  groups: GroupTrace[];
}
