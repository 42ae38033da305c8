// The words of the reconciler's explanation, made from the codes its trace
// records: one place where an allocation's decision, a step, the placement
// limit, the canary state and the deployment are put into English. Nothing
// reads these words back; whoever needs to know why tests the codes.

import type { Deployment, Instant, Job } from './structs.ts';
import type { AllocDecision, CanaryCode, DecisionCode, DeploymentCode, LimitCode, ReconcilerStep } from './types.ts';
import { formatInstant } from './time.ts';

/** describeTime writes an instant for a reader of the explanation. */
export function describeTime(t: Instant): string {
  return formatInstant(t);
}

/** DecisionFacts is a decision without its words: what describeDecision reads. */
export type DecisionFacts = Omit<AllocDecision, 'reason'>;

const DECISION_WORDS: Readonly<Record<DecisionCode, (d: DecisionFacts) => string>> = {
  'already-terminal': () => 'already terminal',
  'job-stopped': () => 'the job is stopped',
  'job-stopped-lost': () => 'the job is stopped, and the node is down or gone',
  'group-removed': () => 'the job no longer has this group',
  'group-removed-lost': () => 'the job no longer has this group, and the node is down or gone',
  'old-terminal': () => 'finished batch allocation of an older job version',
  'old-canary': () => 'unpromoted canary of an old or failed deployment',
  'canary-migrating': () => 'canary on a draining node: stopped, and a new canary takes its place',
  'canary-lost': () => 'canary on a node that is down or gone',
  untainted: () => 'runs on a healthy node and needs no change',
  migrating: () => 'its node is draining: it is stopped and placed elsewhere',
  'node-lost': () => 'its node is down or no longer exists',
  'already-replaced': () => 'already replaced by a newer allocation',
  'not-counted': (d) => `${d.clientStatus ?? ''} and not counted: it will not run again`,
  'reschedule-now': () => 'failed, and its reschedule policy allows a replacement now',
  'reschedule-later': (d) => `failed; its reschedule policy allows a replacement at ${describeTime(d.waitUntil ?? 0)}`,
  'lost-waiting': (d) =>
    `lost; stop_after_client_disconnect holds its replacement until ${describeTime(d.waitUntil ?? 0)}`,
  'stop-canary-name': () => 'a promoted canary has taken its name',
  'stop-migrating': () => 'more allocations than the count: a migrating one goes first',
  'stop-highest-index': (d) => `more allocations than the count of ${d.groupCount ?? 0}: the highest indexes go`,
  'stop-duplicate-name': () => 'more allocations than the count (duplicate names)',
  'update-ignore': (d) => d.updateReason ?? 'no change needed',
  'update-destructive': (d) => d.updateReason ?? 'the change cannot be made in place',
  'update-inplace': (d) => d.updateReason ?? 'the change can be made in place',
  'canary-awaiting-promotion': () => 'canary of the current deployment, awaiting promotion',
  'canary-kept': () => 'canary of the current deployment',
  'held-by-limit': (d) =>
    `needs a destructive update but waits: the placement limit of ${d.placementLimit ?? 0} is used up`,
  'held-by-deployment': () => 'needs a destructive update but waits: the deployment holds updates back',
  'failed-deployment-not-replaced': () => 'failed within the failed deployment, so it is not replaced',
  disconnecting: () => 'its node is disconnected: it is marked unknown until max_client_disconnect runs out',
  reconnecting: () => 'its node is back: it is weighed against its replacement',
  'nothing-to-do': () => 'finished, or stopped while its node was away: nothing to do',
  reconnected: () => 'its node is back and it is kept',
  'reconnect-failed': () => 'its node is back, but it failed while away',
  'reconnect-not-wanted': () => 'its node is back, but it was asked to stop or move, or it runs an older job version',
  'reconnect-replaced': () => 'its node is back, but its replacement is kept (newer job or better score)',
  'replacement-not-needed': () => 'the allocation it replaced reconnected and is kept',
  'disconnected-replaced': () => 'its node is disconnected, and its reschedule policy allows a replacement now',
};

/** describeDecision says why an allocation met its fate, from the decision's code and facts. */
export function describeDecision(d: DecisionFacts): string {
  return DECISION_WORDS[d.code](d);
}

/** StepFacts are what a step's note names: the group's size and count, whether placements may go ahead. */
export interface StepFacts {
  size?: number;
  count?: number;
  placeReady?: boolean;
}

/** describeStep says what one step of computeGroup does. */
export function describeStep(step: ReconcilerStep, f: StepFacts = {}): string {
  switch (step) {
    case 'start':
      return `${f.size ?? 0} allocation(s) of this group; desired count ${f.count ?? 0}.`;
    case 'handleStop':
      return 'Every allocation that is still running is stopped: the job is stopped.';
    case 'removed group':
      return 'Every allocation that is still running is stopped: the job no longer has this group.';
    case 'filterOldTerminalAllocs':
      return 'Finished batch allocations of older job versions are left alone.';
    case 'handleGroupCanaries':
      return "Stop canaries that no longer apply; keep the current deployment's canaries apart.";
    case 'filterByTainted':
      return 'Split by node: migrate when the drainer asked, lost when the node is down or gone.';
    case 'filterByRescheduleable':
      return 'Failed allocations are replaced now or later as their reschedule policy allows; finished ones stop counting.';
    case 'computeStop':
      return `Stop what exceeds the count of ${f.count ?? 0} (highest indexes first) and every lost allocation.`;
    case 'computeUpdates':
      return "Compare each remaining allocation's job with the job being scheduled.";
    case 'computePlacements':
      return f.placeReady
        ? 'The deployment allows placements: place what the count lacks and replace failed allocations.'
        : 'The deployment holds placements back (paused, failed or awaiting canary promotion); only lost and failed allocations are replaced.';
    case 'reconcileReconnecting':
      return 'Allocations whose node came back are kept, or stopped in favour of their replacements.';
    case 'createTimeoutLaterEvals':
      return 'Allocations on a disconnected node are marked unknown; a follow-up evaluation will find them lost when max_client_disconnect runs out.';
    case 'delayByStopAfterClientDisconnect':
    case 'computeGroup':
      return '';
  }
}

/** LimitWords are the facts describeLimit needs beside the decision: the group's count and max_parallel. */
export interface LimitWords {
  code: LimitCode;
  limit: number;
  count: number;
  maxParallel: number;
}

/**
 * describeLimit says which branch of computeLimit produced the limit, so a
 * reader sees why a rolling update does one allocation at a time or none.
 */
export function describeLimit(f: LimitWords): string {
  switch (f.code) {
    case 'no-update-strategy':
      return `No update strategy: the limit is the count, ${f.count}.`;
    case 'nothing-to-replace':
      return `Nothing to replace or migrate: the limit is the count, ${f.count}.`;
    case 'deployment-paused':
      return 'The deployment is paused: the limit is 0.';
    case 'deployment-failed':
      return 'The deployment failed: the limit is 0.';
    case 'canaries-unpromoted':
      return 'Canaries await promotion: the limit is 0.';
    case 'unhealthy-allocation':
    case 'max-parallel':
      if (f.limit === f.maxParallel) {
        return `max_parallel is ${f.maxParallel} and no allocation of the deployment is still unhealthy or pending: the limit is ${f.limit}.`;
      }
      if (f.limit === 0) {
        return `max_parallel is ${f.maxParallel}, but allocations of the deployment are not yet healthy (or one is unhealthy): the limit is 0.`;
      }
      return `max_parallel is ${f.maxParallel}, less ${f.maxParallel - f.limit} allocation(s) of the deployment not yet healthy: the limit is ${f.limit}.`;
  }
}

/** CanaryFacts are what the group's canary state rests on. */
export interface CanaryFacts {
  code: CanaryCode;
  /** desired is the deployment's DesiredCanaries. */
  desired: number;
  /** placing is how many canaries this evaluation places (0 when none, or when the deployment holds them). */
  placing: number;
  existingDeployment: boolean;
}

/** describeCanaryState says in words why the group is or is not waiting on canaries. */
export function describeCanaryState(f: CanaryFacts): string {
  switch (f.code) {
    case 'none-wanted':
      return "The group's update strategy asks for no canaries.";
    case 'no-destructive-change':
      return 'No destructive change, so no canaries are needed.';
    case 'promoted':
      return "The deployment's canaries are promoted: the rollout proceeds.";
    case 'awaiting-promotion': {
      const placed = f.placing > 0 ? `; placing ${f.placing} new ${canaries(f.placing)}` : '';
      const origin = f.existingDeployment ? 'The deployment' : 'The new deployment';
      return `${origin} wants ${f.desired} ${canaries(f.desired)} and they are not promoted${placed}: nothing else is placed or replaced until promotion.`;
    }
  }
}

function canaries(n: number): string {
  return n === 1 ? 'canary' : 'canaries';
}

/** describeDeployment says what became of the job's latest deployment; '' when a stopped job has none. */
export function describeDeployment(code: DeploymentCode, d: Deployment | null, job: Job | null): string {
  if (code === 'none') return 'there is no deployment';
  if (d === null) return '';
  const why: Record<Exclude<DeploymentCode, 'none'>, () => string> = {
    'job-stopped': () => 'the job is stopped, so its deployment no longer applies',
    'other-version': () => `it is for job version ${d.JobVersion}, not ${job?.Version ?? ''}, so it is left behind`,
    successful: () => 'it completed successfully, so a new change needs a new deployment',
    current: () => `it is the job's current deployment (${d.Status})`,
  };
  return `Deployment ${d.ID}: ${why[code]()}.`;
}
