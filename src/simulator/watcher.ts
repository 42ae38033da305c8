// The deployment watcher (nomad/deploymentwatcher/deployment_watcher.go at
// dccea99f7e): it counts health reports into the deployment, asks for an
// evaluation when allocations turn healthy, lets unhealthy ones be replaced
// while a progress deadline is set (and fails the deployment at once when
// none is), fails it when the progress deadline passes, reverts to the
// latest stable version when auto_revert says so, promotes canaries by
// itself under auto_promote, and carries out an operator's promote, fail,
// pause and resume.

import {
  type Deployment,
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
  copyDeployment,
  isHealthy,
  isZeroTime,
  lookupTaskGroup,
  requiresPromotion,
  terminalStatus,
} from '../engine/structs.ts';
import type { HealthReport } from './client.ts';
import { setDeploymentStatus, updateDeploymentWithAlloc } from './deployments.ts';
import { registerJob, specChanged } from './jobs.ts';
import { type SimLog, type SimState, activeDeployment, enqueueEval, findAlloc, replaceAlloc, replaceDeployment } from './state.ts';


/**
 * watchHealth records health reports in their deployment and reacts as the
 * watcher's handleAllocUpdate does. A healthy report asks for an
 * evaluation; an unhealthy one either marks the allocation for
 * replacement (with a progress deadline) or fails the deployment.
 * Afterwards canaries are promoted if the deployment auto-promotes.
 */
export function watchHealth(state: SimState, reports: readonly HealthReport[], log: SimLog): void {
  let createEval = false;
  let fail = false;
  let rollback = false;
  for (const { alloc, existing } of reports) {
    updateDeploymentWithAlloc(state, alloc, existing, state.now);
    const deployment = activeDeployment(state);
    if (deployment === null || alloc.DeploymentID !== deployment.ID) continue;
    const group = deployment.TaskGroups.get(alloc.TaskGroup);
    if (group === undefined) continue;
    const healthy = alloc.DeploymentStatus?.Healthy === true;
    const progressBased = group.ProgressDeadline !== 0;
    if (!healthy && progressBased && !alloc.DesiredTransition.Reschedule) {
      const current = findAlloc(state, alloc.ID)!;
      replaceAlloc(state, { ...current, DesiredTransition: { ...current.DesiredTransition, Reschedule: true } });
      log.note(state, `the deployment watcher allows ${alloc.Name} to be replaced`, { AllocID: alloc.ID });
      createEval = true;
      continue;
    }
    if (healthy) createEval = true;
    if (!healthy && !progressBased) {
      fail = true;
      if (group.AutoRevert) rollback = true;
    }
  }
  const deployment = activeDeployment(state);
  if (deployment === null) return;
  if (fail) {
    failDeployment(state, deployment, DeploymentStatusDescriptionFailedAllocations, rollback, log);
    return;
  }
  if (autoPromote(state, deployment, log)) return;
  if (createEval) enqueueWatcherEval(state, 'allocations of the deployment turned healthy or may be replaced');
}

/**
 * failDeployment marks a deployment failed. With rollback, the latest
 * stable version is registered again as a new version, unless it has the
 * current specification; either way an evaluation follows.
 */
export function failDeployment(state: SimState, deployment: Deployment, description: string, rollback: boolean, log: SimLog): void {
  let desc = description;
  if (rollback) {
    const stable = [...state.versions].reverse().find((v) => state.stable.has(v.Version) && v !== state.job);
    if (stable === undefined) desc = `${desc} - no stable job version to auto revert to`;
    else if (!specChanged(state.job, stable)) {
      desc = `${desc} - not rolling back to stable job version ${stable.Version} as current job has same specification`;
    } else {
      desc = `${desc} - rolling back to job version ${stable.Version}`;
      registerJob(state, { ...stable, Stop: false });
      log.note(state, `job version ${stable.Version} is registered again as version ${state.job.Version}`);
    }
  }
  setDeploymentStatus(state, deployment, DeploymentStatusFailed, desc);
  log.note(state, `deployment failed: ${desc}`);
  enqueueWatcherEval(state, 'the deployment failed');
}

/**
 * autoPromote promotes a running deployment's canaries when every group
 * auto-promotes and has placed all its canaries, all healthy. Returns
 * whether it did.
 */
function autoPromote(state: SimState, deployment: Deployment, log: SimLog): boolean {
  if (!requiresPromotion(deployment)) return false;
  let placedAny = false;
  for (const group of deployment.TaskGroups.values()) {
    if (!group.AutoPromote || group.DesiredCanaries !== group.PlacedCanaries.length) return false;
    for (const id of group.PlacedCanaries) {
      placedAny = true;
      const canary = findAlloc(state, id);
      if (canary !== undefined && !isHealthy(canary.DeploymentStatus)) return false;
    }
  }
  if (!placedAny) return false;
  const error = promoteDeployment(state, deployment, log);
  if (error !== null) return false;
  log.note(state, 'the deployment watcher promoted the canaries (auto_promote)');
  return true;
}

/**
 * promoteDeployment promotes every group of an active deployment, as
 * UpdateDeploymentPromotion does: each group that wants canaries needs that
 * many healthy ones, else nothing changes and the reason is returned.
 * Promoted canaries stop being marked canaries; an evaluation follows.
 */
export function promoteDeployment(state: SimState, deployment: Deployment, log: SimLog): string | null {
  const healthyCanaries = new Map<string, string[]>();
  for (const group of deployment.TaskGroups.values()) {
    for (const id of group.PlacedCanaries) {
      const a = findAlloc(state, id);
      if (a === undefined || terminalStatus(a) || !isHealthy(a.DeploymentStatus)) continue;
      healthyCanaries.set(a.TaskGroup, [...(healthyCanaries.get(a.TaskGroup) ?? []), a.ID]);
    }
  }
  const short: string[] = [];
  for (const [name, group] of deployment.TaskGroups) {
    const have = healthyCanaries.get(name)?.length ?? 0;
    if (group.DesiredCanaries > 0 && have < group.DesiredCanaries) {
      short.push(`task group ${JSON.stringify(name)} has ${have}/${group.DesiredCanaries} healthy allocations`);
    }
  }
  if (short.length > 0) return short.join('; ');
  const promoted = copyDeployment(deployment);
  for (const group of promoted.TaskGroups.values()) group.Promoted = true;
  if (!requiresPromotion(promoted) && promoted.Status === DeploymentStatusRunning) {
    promoted.StatusDescription = DeploymentStatusDescriptionRunning;
  }
  replaceDeployment(state, promoted);
  for (const ids of healthyCanaries.values()) {
    for (const id of ids) {
      const a = findAlloc(state, id)!;
      replaceAlloc(state, { ...a, DeploymentStatus: { Healthy: a.DeploymentStatus?.Healthy ?? null, Canary: false } });
    }
  }
  log.note(state, 'the canaries are promoted');
  enqueueWatcherEval(state, 'the deployment was promoted');
  return null;
}

/** pauseDeployment pauses or resumes an active deployment; resuming asks for an evaluation. */
export function pauseDeployment(state: SimState, deployment: Deployment, pause: boolean, log: SimLog): void {
  if (pause) {
    setDeploymentStatus(state, deployment, DeploymentStatusPaused, DeploymentStatusDescriptionPaused);
    log.note(state, 'the deployment is paused');
  } else {
    setDeploymentStatus(state, deployment, DeploymentStatusRunning, DeploymentStatusDescriptionRunning);
    log.note(state, 'the deployment is resumed');
    enqueueWatcherEval(state, 'the deployment was resumed');
  }
}

/** failDeploymentByUser is `nomad deployment fail` on an active deployment: failed, and reverted when any group auto-reverts. */
export function failDeploymentByUser(state: SimState, deployment: Deployment, log: SimLog): void {
  const rollback = [...deployment.TaskGroups.values()].some((g) => g.AutoRevert);
  failDeployment(state, deployment, DeploymentStatusDescriptionFailedByUser, rollback, log);
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
export function progressCutoff(state: SimState): Instant | null {
  const deployment = activeDeployment(state);
  if (deployment === null || deployment.Status !== DeploymentStatusRunning || laggingGroups(deployment).length === 0) return null;
  const healthy = new Map<string, number>();
  for (const a of state.allocs) {
    if (a.DeploymentID !== deployment.ID || terminalStatus(a) || !isHealthy(a.DeploymentStatus)) continue;
    healthy.set(a.TaskGroup, (healthy.get(a.TaskGroup) ?? 0) + 1);
  }
  let next: Instant | null = null;
  for (const [name, group] of deployment.TaskGroups) {
    const done = !(group.DesiredCanaries !== 0 && !group.Promoted) && (healthy.get(name) ?? 0) >= group.DesiredTotal;
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

/**
 * checkProgressDeadline fails the active deployment once its cutoff has
 * passed with some group short of progress; it rolls back when any such
 * group auto-reverts.
 */
export function checkProgressDeadline(state: SimState, log: SimLog): void {
  const cutoff = progressCutoff(state);
  const deployment = activeDeployment(state);
  if (cutoff === null || deployment === null || cutoff > state.now) return;
  const rollback = laggingGroups(deployment).some((name) => lookupTaskGroup(state.job, name)?.Update?.AutoRevert === true);
  failDeployment(state, deployment, DeploymentStatusDescriptionProgressDeadline, rollback, log);
}

/**
 * enqueueWatcherEval asks for an evaluation by the deployment watcher. Like
 * the watcher's batching, one that is already waiting its turn absorbs the
 * next request.
 */
export function enqueueWatcherEval(state: SimState, why: string): void {
  const waiting = state.evals.find((e) => e.TriggeredBy === EvalTriggerDeploymentWatcher && e.Status === 'pending' && isZeroTime(e.WaitUntil));
  if (waiting !== undefined) return;
  enqueueEval(state, EvalTriggerDeploymentWatcher, why);
}
