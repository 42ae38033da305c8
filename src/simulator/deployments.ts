// The state store's bookkeeping of deployments (nomad/state/state_store.go
// at dccea99f7e): counting placed, healthy and unhealthy allocations per
// group, moving the progress deadline, and marking a job version stable
// when its deployment succeeds.

import {
  type Allocation,
  type Deployment,
  type DeploymentStatus,
  type Instant,
  DeploymentStatusSuccessful,
  copyDeployment,
  isZeroTime,
} from '../engine/structs.ts';
import type { JobState } from './state.ts';
import { later } from './math.ts';
import { replaceDeployment } from './stateWrites.ts';

/**
 * updateDeploymentWithAllocs counts allocations written into their
 * deployment, copying each deployment once: a new one (or one moved into
 * this deployment by an in-place update) is placed, and a canary is
 * remembered; a first health report counts healthy or unhealthy, and
 * healthy turned unhealthy moves one count. The first placement starts the
 * progress deadline; each healthy report pushes it to `at` plus the deadline.
 */
export function updateDeploymentWithAllocs(
  js: JobState,
  writes: readonly { alloc: Allocation; existing: Allocation | null }[],
  at: Instant,
): void {
  const copies = new Map<string, Deployment>();
  for (const { alloc, existing } of writes) {
    if (alloc.DeploymentID === '') continue;
    let copy = copies.get(alloc.DeploymentID);
    const deployment = copy ?? js.deployments.find((d) => d.ID === alloc.DeploymentID);
    if (deployment === undefined || !deployment.TaskGroups.has(alloc.TaskGroup)) continue;
    const change = countChange(alloc, existing);
    if (change.placed === 0 && change.healthy === 0 && change.unhealthy === 0) continue;
    if (copy === undefined) {
      copy = copyDeployment(deployment);
      copies.set(copy.ID, copy);
    }
    const group = copy.TaskGroups.get(alloc.TaskGroup)!;
    group.PlacedAllocs += change.placed;
    group.HealthyAllocs += change.healthy;
    group.UnhealthyAllocs += change.unhealthy;
    if (alloc.DeploymentStatus?.Canary && !group.PlacedCanaries.includes(alloc.ID)) group.PlacedCanaries.push(alloc.ID);
    if (group.ProgressDeadline !== 0) {
      if (change.placed !== 0 && isZeroTime(group.RequireProgressBy)) {
        group.RequireProgressBy = later(alloc.ModifyTime, group.ProgressDeadline);
      } else if (change.healthy !== 0 && later(at, group.ProgressDeadline) > group.RequireProgressBy) {
        group.RequireProgressBy = later(at, group.ProgressDeadline);
      }
    }
  }
  for (const copy of copies.values()) replaceDeployment(js, copy);
}

// countChange is what one write changes in its deployment's counts.
function countChange(
  alloc: Allocation,
  existing: Allocation | null,
): { placed: number; healthy: number; unhealthy: number } {
  const existingHealth = existing?.DeploymentStatus?.Healthy ?? null;
  const allocHealth = alloc.DeploymentStatus?.Healthy ?? null;
  if (existing === null || existing.DeploymentID !== alloc.DeploymentID) return { placed: 1, healthy: 0, unhealthy: 0 };
  if (existingHealth === null && allocHealth !== null)
    return allocHealth ? { placed: 0, healthy: 1, unhealthy: 0 } : { placed: 0, healthy: 0, unhealthy: 1 };
  if (existingHealth === true && allocHealth === false) return { placed: 0, healthy: -1, unhealthy: 1 };
  return { placed: 0, healthy: 0, unhealthy: 0 };
}

/** setDeploymentStatus writes a deployment's new status; a successful deployment makes its job version stable. */
export function setDeploymentStatus(
  js: JobState,
  deployment: Deployment,
  status: DeploymentStatus,
  description: string,
): Deployment {
  const updated: Deployment = { ...deployment, Status: status, StatusDescription: description };
  replaceDeployment(js, updated);
  if (status === DeploymentStatusSuccessful) js.stable.add(deployment.JobVersion);
  return updated;
}
