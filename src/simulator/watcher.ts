// The deployment watcher (nomad/deploymentwatcher at dccea99f7e), one per
// job with an active deployment: it counts health reports into the
// deployment, asks for an evaluation when allocations turn healthy, lets
// unhealthy ones be replaced while a progress deadline is set (and fails
// the deployment at once when none is), fails it when the progress deadline
// passes, reverts to the latest stable version when auto_revert says so,
// promotes canaries by itself under auto_promote, and carries out an
// operator's promote, fail, pause and resume. Its evaluations for health
// changes and its replacements are batched as Nomad batches them: the
// evaluation is made a second after the first change of a batch and
// committed, with the replacements, a quarter of a second later; until
// then an evaluation of the job (a failed allocation's, say) sees the
// unhealthy allocation not yet allowed to be replaced.

import {
  type Allocation,
  type Deployment,
  type DeploymentState,
  type Instant,
  DeploymentStatusFailed,
  DeploymentStatusPaused,
  DeploymentStatusRunning,
  DeploymentStatusDescriptionFailedAllocations,
  DeploymentStatusDescriptionFailedByUser,
  DeploymentStatusDescriptionPaused,
  DeploymentStatusDescriptionProgressDeadline,
  DeploymentStatusDescriptionRunning,
  EvalTriggerDeploymentWatcher,
  SECOND,
  copyDeployment,
  isHealthy,
  isZeroTime,
  lookupTaskGroup,
  rescheduleEligible,
  requiresPromotion,
  terminalStatus,
} from '../engine/structs.ts';
import type { HealthReport } from './allocRunner.ts';
import { setDeploymentStatus, updateDeploymentWithAllocs } from './deployments.ts';
import { type CanaryShortfall, type EventProblem, eventProblem } from './eventProblem.ts';
import { registerJob, versionChanged } from './jobs.ts';
import { type JobState, type SimState, activeDeployment, findAlloc, jobOfAlloc } from './state.ts';
import { type SimLog, allocIdentity } from './happenings.ts';
import { enqueueEval, replaceAlloc, replaceDeployment } from './stateWrites.ts';
import { later } from './math.ts';

// perJobEvalBatchPeriod: the watcher waits this long after a health change
// before it asks for an evaluation, gathering the changes that follow.
const PER_JOB_EVAL_BATCH_PERIOD = SECOND;
// CrossDeploymentUpdateBatchDuration: its request (the evaluation and the
// allocations it allows to be replaced) is committed this much later still.
const CROSS_DEPLOYMENT_UPDATE_BATCH = SECOND / 4;

/** WATCHER_EVAL_DELAY is how long after a health change the watcher's evaluation is committed and runs. */
export const WATCHER_EVAL_DELAY = PER_JOB_EVAL_BATCH_PERIOD + CROSS_DEPLOYMENT_UPDATE_BATCH;

/**
 * watchHealth records health reports in their deployments and reacts as
 * the watcher's handleAllocUpdate does, job by job. A healthy report asks
 * for an evaluation and an unhealthy one either asks for the allocation to
 * be replaced (with a progress deadline) or fails the deployment at once.
 * Canaries are promoted at once if the deployment auto-promotes; the
 * evaluation and the replacements wait for the watcher's batch.
 */
export function watchHealth(state: SimState, reports: readonly HealthReport[], log: SimLog): void {
  const byJob = new Map<JobState, HealthReport[]>();
  for (const report of reports) {
    const js = jobOfAlloc(state, report.alloc.ID);
    if (js === undefined) continue;
    const own = byJob.get(js);
    if (own === undefined) byJob.set(js, [report]);
    else own.push(report);
  }
  for (const [js, own] of byJob) watchJobHealth(state, js, own, log);
}

// watchJobHealth is one job's deployment watcher hearing of its allocations' health.
function watchJobHealth(state: SimState, js: JobState, reports: readonly HealthReport[], log: SimLog): void {
  let createEval = false;
  let fail = false;
  let rollback = false;
  const replacements: string[] = [];
  updateDeploymentWithAllocs(js, reports, state.now);
  for (const { alloc } of reports) {
    const deployment = activeDeployment(js);
    if (deployment === null || alloc.DeploymentID !== deployment.ID) continue;
    const group = deployment.TaskGroups.get(alloc.TaskGroup);
    if (group === undefined) continue;
    const healthy = alloc.DeploymentStatus?.Healthy === true;
    const failEarly = !healthy && shouldFailEarly(state, js, alloc, group);
    if (!healthy && !failEarly && !alloc.DesiredTransition.Reschedule) {
      replacements.push(alloc.ID);
      continue;
    }
    if (healthy) createEval = true;
    if (failEarly) {
      fail = true;
      if (group.AutoRevert) rollback = true;
    }
  }
  const deployment = activeDeployment(js);
  if (deployment === null) return;
  if (fail) {
    failDeployment(state, js, deployment, DeploymentStatusDescriptionFailedAllocations, rollback, log);
    return;
  }
  autoPromote(state, js, deployment, log);
  if (createEval || replacements.length > 0) {
    const why =
      replacements.length > 0
        ? 'allocations of the deployment may be replaced'
        : 'allocations of the deployment turned healthy';
    createBatchedUpdate(state, js, deployment, replacements, why);
  }
}

// shouldFailEarly says whether an unhealthy allocation fails its deployment
// at once, rather than being replaced: when the group has no progress
// deadline, and (Nomad 1.6) when the group's reschedule policy allows it no
// more reschedules.
function shouldFailEarly(state: SimState, js: JobState, alloc: Allocation, group: DeploymentState): boolean {
  if (group.ProgressDeadline === 0) return true;
  if (state.nomadVersion !== '1.6') return false;
  const policy = lookupTaskGroup(js.job, alloc.TaskGroup)?.ReschedulePolicy ?? null;
  return !rescheduleEligible(alloc, policy, state.now);
}

// createBatchedUpdate adds to the job's outstanding batch, or starts one that commits WATCHER_EVAL_DELAY from now.
function createBatchedUpdate(
  state: SimState,
  js: JobState,
  deployment: Deployment,
  replacements: readonly string[],
  why: string,
): void {
  if (js.watcherBatch !== null) {
    for (const id of replacements)
      if (!js.watcherBatch.replacements.includes(id)) js.watcherBatch.replacements.push(id);
    if (replacements.length > 0) js.watcherBatch.why = why;
    return;
  }
  js.watcherBatch = {
    deploymentID: deployment.ID,
    commitAt: later(state.now, WATCHER_EVAL_DELAY),
    replacements: [...replacements],
    why,
  };
}

/** nextWatcherCommit is when the earliest outstanding watcher batch commits, or null. */
export function nextWatcherCommit(state: SimState): Instant | null {
  let next: Instant | null = null;
  for (const js of state.jobs) {
    const at = js.watcherBatch?.commitAt;
    if (at !== undefined && (next === null || at < next)) next = at;
  }
  return next;
}

/**
 * commitWatcherBatches commits the batches that are due: their allocations
 * may be replaced (DesiredTransition.Reschedule) and the watcher's
 * evaluation is queued. A batch whose deployment has ended since is dropped,
 * as the watcher of an ended deployment is gone.
 */
export function commitWatcherBatches(state: SimState, log: SimLog): void {
  for (const js of state.jobs) {
    const batch = js.watcherBatch;
    if (batch === null || batch.commitAt > state.now) continue;
    js.watcherBatch = null;
    if (activeDeployment(js)?.ID !== batch.deploymentID) continue;
    for (const id of batch.replacements) {
      const a = findAlloc(state, id);
      if (a === undefined || a.DesiredTransition.Reschedule) continue;
      replaceAlloc(state, { ...a, DesiredTransition: { ...a.DesiredTransition, Reschedule: true } });
      log.note(state, `the deployment watcher allows ${a.Name} to be replaced`, {
        Kind: 'replace-allowed',
        ...allocIdentity(a),
      });
    }
    enqueueEval(state, js, EvalTriggerDeploymentWatcher, batch.why);
  }
}

/**
 * failDeployment marks a deployment failed. With rollback, the latest
 * stable version is registered again as a new version, unless it has the
 * current specification; either way an evaluation follows.
 */
export function failDeployment(
  state: SimState,
  js: JobState,
  deployment: Deployment,
  description: string,
  rollback: boolean,
  log: SimLog,
): void {
  let desc = description;
  if (rollback) {
    const stable = [...js.versions].reverse().find((v) => js.stable.has(v.Version) && v !== js.job);
    if (stable === undefined) desc = `${desc} - no stable job version to auto revert to`;
    else if (!versionChanged(js.job, stable)) {
      desc = `${desc} - not rolling back to stable job version ${stable.Version} as current job has same specification`;
    } else {
      desc = `${desc} - rolling back to job version ${stable.Version}`;
      registerJob(state, js, { ...stable, Stop: false });
      log.note(state, `job version ${stable.Version} is registered again as version ${js.job.Version}`, {
        Kind: 'job-reverted',
        FromVersion: stable.Version,
        JobVersion: js.job.Version,
      });
    }
  }
  setDeploymentStatus(js, deployment, DeploymentStatusFailed, desc);
  log.note(state, `deployment failed: ${desc}`, {
    Kind: 'deployment-failed',
    DeploymentID: deployment.ID,
    JobVersion: deployment.JobVersion,
    Detail: desc,
  });
  enqueueWatcherEval(state, js, 'the deployment failed');
}

/**
 * autoPromote promotes a running deployment's canaries when every group
 * auto-promotes and has placed all its canaries, all healthy.
 */
function autoPromote(state: SimState, js: JobState, deployment: Deployment, log: SimLog): void {
  if (!requiresPromotion(deployment)) return;
  const groups = [...deployment.TaskGroups.values()];
  if (!groups.some((g) => g.PlacedCanaries.length > 0)) return;
  // A canary no longer in the state is no objection to 0.12, and not a healthy one to 1.6.
  const healthy = (g: DeploymentState, missing: boolean) =>
    g.PlacedCanaries.filter((id) => {
      const canary = findAlloc(state, id);
      return canary === undefined ? missing : isHealthy(canary.DeploymentStatus);
    }).length;
  const ready =
    state.nomadVersion === '1.6'
      ? // 1.6 passes over groups without canaries, and counts the healthy ones.
        groups.every(
          (g) =>
            g.DesiredCanaries < 1 ||
            (g.AutoPromote && g.PlacedCanaries.length >= g.DesiredCanaries && healthy(g, false) === g.DesiredCanaries),
        )
      : groups.every(
          (g) =>
            g.AutoPromote &&
            g.DesiredCanaries === g.PlacedCanaries.length &&
            healthy(g, true) === g.PlacedCanaries.length,
        );
  if (!ready) return;
  if (promoteDeployment(state, js, deployment, log) === null)
    log.note(state, 'the deployment watcher promoted the canaries (auto_promote)', {
      Kind: 'canaries-auto-promoted',
      DeploymentID: deployment.ID,
    });
}

/**
 * promoteDeployment promotes every group of an active deployment, as
 * UpdateDeploymentPromotion does: each group that wants canaries needs that
 * many healthy ones, else nothing changes and the problem is returned.
 * Promoted canaries stop being marked canaries; an evaluation follows.
 */
export function promoteDeployment(
  state: SimState,
  js: JobState,
  deployment: Deployment,
  log: SimLog,
): EventProblem | null {
  const healthyCanaries = new Map<string, string[]>();
  for (const group of deployment.TaskGroups.values()) {
    for (const id of group.PlacedCanaries) {
      const a = findAlloc(state, id);
      if (a === undefined || terminalStatus(a) || !isHealthy(a.DeploymentStatus)) continue;
      healthyCanaries.set(a.TaskGroup, [...(healthyCanaries.get(a.TaskGroup) ?? []), a.ID]);
    }
  }
  const shortfalls: CanaryShortfall[] = [];
  for (const [name, group] of deployment.TaskGroups) {
    const healthy = healthyCanaries.get(name)?.length ?? 0;
    if (group.DesiredCanaries > 0 && healthy < group.DesiredCanaries) {
      shortfalls.push({ group: name, healthy, desired: group.DesiredCanaries });
    }
  }
  if (shortfalls.length > 0) return eventProblem({ code: 'canaries-unhealthy', shortfalls });
  const promoted = copyDeployment(deployment);
  for (const group of promoted.TaskGroups.values()) {
    // Nomad 1.6's state store restarts a started progress deadline on promotion (0.12 kept it).
    if (state.nomadVersion === '1.6' && group.ProgressDeadline > 0 && !isZeroTime(group.RequireProgressBy))
      group.RequireProgressBy = later(state.now, group.ProgressDeadline);
    group.Promoted = true;
  }
  if (!requiresPromotion(promoted) && promoted.Status === DeploymentStatusRunning) {
    promoted.StatusDescription = DeploymentStatusDescriptionRunning;
  }
  replaceDeployment(js, promoted);
  for (const ids of healthyCanaries.values()) {
    for (const id of ids) {
      const a = findAlloc(state, id)!;
      replaceAlloc(state, { ...a, DeploymentStatus: { Healthy: a.DeploymentStatus?.Healthy ?? null, Canary: false } });
    }
  }
  log.note(state, 'the canaries are promoted', { Kind: 'canaries-promoted', DeploymentID: deployment.ID });
  enqueueWatcherEval(state, js, 'the deployment was promoted');
  return null;
}

/** pauseDeployment pauses or resumes an active deployment; resuming asks for an evaluation. */
export function pauseDeployment(
  state: SimState,
  js: JobState,
  deployment: Deployment,
  pause: boolean,
  log: SimLog,
): void {
  if (pause) {
    setDeploymentStatus(js, deployment, DeploymentStatusPaused, DeploymentStatusDescriptionPaused);
    log.note(state, 'the deployment is paused', { Kind: 'deployment-paused', DeploymentID: deployment.ID });
  } else {
    setDeploymentStatus(js, deployment, DeploymentStatusRunning, DeploymentStatusDescriptionRunning);
    log.note(state, 'the deployment is resumed', { Kind: 'deployment-resumed', DeploymentID: deployment.ID });
    enqueueWatcherEval(state, js, 'the deployment was resumed');
  }
}

/** failDeploymentByUser is `nomad deployment fail` on an active deployment: failed, and reverted when any group auto-reverts. */
export function failDeploymentByUser(state: SimState, js: JobState, deployment: Deployment, log: SimLog): void {
  const rollback = [...deployment.TaskGroups.values()].some((g) => g.AutoRevert);
  failDeployment(state, js, deployment, DeploymentStatusDescriptionFailedByUser, rollback, log);
}

/**
 * progressCutoff is when the active deployment's progress deadline passes:
 * the earliest RequireProgressBy of a group that is not done yet (a group
 * is done once promoted, or without canaries, with DesiredTotal healthy).
 * Nomad's watcher wakes then and fails the deployment only if some group
 * lacks progress (shouldFail); a wake-up that would find every group on
 * track changes nothing, so the simulator does not schedule it (anything
 * that could change the answer first moves the clock, and the cutoff is
 * asked again).
 */
export function progressCutoff(js: JobState): Instant | null {
  const deployment = activeDeployment(js);
  if (deployment === null || deployment.Status !== DeploymentStatusRunning || laggingGroups(deployment).length === 0)
    return null;
  const healthy = js.healthyLive.get(deployment.ID);
  let next: Instant | null = null;
  for (const [name, group] of deployment.TaskGroups) {
    const done = !(group.DesiredCanaries !== 0 && !group.Promoted) && (healthy?.get(name) ?? 0) >= group.DesiredTotal;
    if (done || isZeroTime(group.RequireProgressBy)) continue;
    if (next === null || group.RequireProgressBy < next) next = group.RequireProgressBy;
  }
  return next;
}

// laggingGroups is the watcher's check at the deadline (shouldFail): the
// groups without enough healthy allocations, counting their canaries before
// promotion and their whole count after.
function laggingGroups(deployment: Deployment): string[] {
  const lagging: string[] = [];
  for (const [name, group] of deployment.TaskGroups) {
    const enough =
      group.DesiredCanaries > 0 && !group.Promoted
        ? group.HealthyAllocs >= group.DesiredCanaries
        : group.HealthyAllocs >= group.DesiredTotal;
    if (!enough) lagging.push(name);
  }
  return lagging;
}

/** nextProgressCutoff is the earliest progress cutoff of any job's active deployment, or null. */
export function nextProgressCutoff(state: SimState): Instant | null {
  let next: Instant | null = null;
  for (const js of state.jobs) {
    const at = progressCutoff(js);
    if (at !== null && (next === null || at < next)) next = at;
  }
  return next;
}

/**
 * checkProgressDeadlines fails each active deployment whose cutoff has
 * passed with some group short of progress; it rolls back when any such
 * group auto-reverts.
 */
export function checkProgressDeadlines(state: SimState, log: SimLog): void {
  for (const js of state.jobs) {
    const cutoff = progressCutoff(js);
    const deployment = activeDeployment(js);
    if (cutoff === null || deployment === null || cutoff > state.now) continue;
    const rollback = laggingGroups(deployment).some(
      (name) => lookupTaskGroup(js.job, name)?.Update?.AutoRevert === true,
    );
    failDeployment(state, js, deployment, DeploymentStatusDescriptionProgressDeadline, rollback, log);
  }
}

/**
 * enqueueWatcherEval queues the evaluation that comes with a deployment's
 * change of status or promotion, written together with it. One of the
 * job's that is already waiting its turn absorbs it.
 */
export function enqueueWatcherEval(state: SimState, js: JobState, why: string): void {
  const waiting = state.evals.find(
    (e) =>
      e.JobID === js.job.ID &&
      e.TriggeredBy === EvalTriggerDeploymentWatcher &&
      e.Status === 'pending' &&
      isZeroTime(e.WaitUntil),
  );
  if (waiting !== undefined) return;
  enqueueEval(state, js, EvalTriggerDeploymentWatcher, why);
}
