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
import { type JobState, later, replaceDeployment } from './state.ts';

/**
 * updateDeploymentWithAlloc counts an allocation that was written into its
 * deployment: a new one (or one moved into this deployment by an in-place
 * update) is placed, and a canary is remembered; a first health report
 * counts healthy or unhealthy, and healthy turned unhealthy moves one
 * count. The first placement starts the progress deadline; each healthy
 * report pushes it to `at` plus the deadline.
 */
export function updateDeploymentWithAlloc(js: JobState, alloc: Allocation, existing: Allocation | null, at: Instant): void {
  if (alloc.DeploymentID === '') return;
  const deployment = js.deployments.find((d) => d.ID === alloc.DeploymentID);
  if (deployment === undefined || !deployment.TaskGroups.has(alloc.TaskGroup)) return;

  let placed = 0;
  let healthy = 0;
  let unhealthy = 0;
  const existingHealth = existing?.DeploymentStatus?.Healthy ?? null;
  const allocHealth = alloc.DeploymentStatus?.Healthy ?? null;
  if (existing === null || existing.DeploymentID !== alloc.DeploymentID) {
    placed++;
  } else if (existingHealth === null && allocHealth !== null) {
    if (allocHealth) healthy++;
    else unhealthy++;
  } else if (existingHealth === true && allocHealth === false) {
    healthy--;
    unhealthy++;
  }
  if (placed === 0 && healthy === 0 && unhealthy === 0) return;

  const copy = copyDeployment(deployment);
  const group = copy.TaskGroups.get(alloc.TaskGroup)!;
  group.PlacedAllocs += placed;
  group.HealthyAllocs += healthy;
  group.UnhealthyAllocs += unhealthy;
  if (alloc.DeploymentStatus?.Canary && !group.PlacedCanaries.includes(alloc.ID)) group.PlacedCanaries.push(alloc.ID);
  if (group.ProgressDeadline !== 0) {
    if (placed !== 0 && isZeroTime(group.RequireProgressBy)) {
      group.RequireProgressBy = later(alloc.ModifyTime, group.ProgressDeadline);
    } else if (healthy !== 0 && later(at, group.ProgressDeadline) > group.RequireProgressBy) {
      group.RequireProgressBy = later(at, group.ProgressDeadline);
    }
  }
  replaceDeployment(js, copy);
}

/** setDeploymentStatus writes a deployment's new status; a successful deployment makes its job version stable. */
export function setDeploymentStatus(js: JobState, deployment: Deployment, status: DeploymentStatus, description: string): Deployment {
  const updated: Deployment = { ...deployment, Status: status, StatusDescription: description };
  replaceDeployment(js, updated);
  if (status === DeploymentStatusSuccessful) js.stable.add(deployment.JobVersion);
  return updated;
}
