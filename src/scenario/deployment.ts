// The job's latest deployment. Fields it leaves out are what upstream's
// NewDeployment would have set for the job being scheduled (a running
// deployment of its version); group states left out are Go's zero values.

import {
  type Deployment,
  type DeploymentState,
  type DeploymentStatus,
  DeploymentStatusBlocked,
  DeploymentStatusCancelled,
  DeploymentStatusFailed,
  DeploymentStatusInitializing,
  DeploymentStatusPaused,
  DeploymentStatusPending,
  DeploymentStatusRunning,
  DeploymentStatusSuccessful,
  DeploymentStatusUnblocking,
  type Job,
  ZERO_TIME,
  isMultiregion,
  newDeployment,
} from '../engine/structs.ts';
import {
  type Reader,
  isObject,
  readBool,
  readCount,
  readDuration,
  readEnum,
  readInstant,
  readObject,
  readRequiredString,
  readString,
  readStringList,
} from './fields.ts';
import { readDeployment16Fields } from './nomad16.ts';
import { childPath } from './path.ts';

/** DEPLOYMENT_STATUSES are the statuses a deployment may have. */
export const DEPLOYMENT_STATUSES: readonly DeploymentStatus[] = [
  DeploymentStatusRunning,
  DeploymentStatusPaused,
  DeploymentStatusFailed,
  DeploymentStatusSuccessful,
  DeploymentStatusCancelled,
  DeploymentStatusBlocked,
  DeploymentStatusUnblocking,
  DeploymentStatusPending,
];

// Under 1.6 a deployment may also be initializing; 0.12 refuses it.
const DEPLOYMENT_STATUSES_16: readonly DeploymentStatus[] = [...DEPLOYMENT_STATUSES, DeploymentStatusInitializing];

/**
 * readDeployment reads the deployment in field `key` of `parent`; null when
 * absent. ID is required. Under 1.6 an absent EvalPriority is
 * `evalPriority`, which upstream's NewDeployment would have given it.
 */
export function readDeployment(
  r: Reader,
  value: unknown,
  parent: string,
  key: string,
  job: Job,
  evalPriority: number = job.Priority,
): Deployment | null {
  const o = readObject(r, value, parent, key);
  if (o === null) return null;
  const path = childPath(parent, key);
  const d = newDeployment(job, '');
  const deployment: Deployment = {
    ID: readRequiredString(r, o.ID, path, 'ID', true),
    Namespace: readString(r, o.Namespace, path, 'Namespace', d.Namespace),
    JobID: readString(r, o.JobID, path, 'JobID', d.JobID),
    JobVersion: readCount(r, o.JobVersion, path, 'JobVersion', d.JobVersion),
    JobModifyIndex: readCount(r, o.JobModifyIndex, path, 'JobModifyIndex', d.JobModifyIndex),
    JobSpecModifyIndex: readCount(r, o.JobSpecModifyIndex, path, 'JobSpecModifyIndex', d.JobSpecModifyIndex),
    JobCreateIndex: readCount(r, o.JobCreateIndex, path, 'JobCreateIndex', d.JobCreateIndex),
    IsMultiregion: readBool(r, o.IsMultiregion, path, 'IsMultiregion', isMultiregion(job)),
    Status: readEnum(r, o.Status, path, 'Status', r.nomad16 ? DEPLOYMENT_STATUSES_16 : DEPLOYMENT_STATUSES, d.Status),
    StatusDescription: readString(r, o.StatusDescription, path, 'StatusDescription', d.StatusDescription),
    TaskGroups: readDeploymentStates(r, o.TaskGroups, path, 'TaskGroups'),
  };
  if (r.nomad16) readDeployment16Fields(r, o, path, deployment, evalPriority);
  return deployment;
}

// readDeploymentStates reads the per-group states into a Map ordered by
// group name, so that everything downstream visits them in one order.
function readDeploymentStates(r: Reader, value: unknown, parent: string, key: string): Map<string, DeploymentState> {
  const states = new Map<string, DeploymentState>();
  const o = readObject(r, value, parent, key);
  if (o === null) return states;
  const path = childPath(parent, key);
  for (const name of Object.keys(o).sort()) {
    const state = readDeploymentState(r, o[name], childPath(path, name));
    if (state !== null) states.set(name, state);
  }
  return states;
}

// readDeploymentState reads one group's progress; absent fields are zero.
function readDeploymentState(r: Reader, value: unknown, path: string): DeploymentState | null {
  if (value === null || value === undefined) return null;
  if (!isObject(value)) {
    r.wrongTypeAt(path, 'a deployment state object', value);
    return null;
  }
  return {
    AutoRevert: readBool(r, value.AutoRevert, path, 'AutoRevert', false),
    AutoPromote: readBool(r, value.AutoPromote, path, 'AutoPromote', false),
    ProgressDeadline: readDuration(r, value.ProgressDeadline, path, 'ProgressDeadline', 0),
    RequireProgressBy: readInstant(r, value.RequireProgressBy, path, 'RequireProgressBy', ZERO_TIME),
    Promoted: readBool(r, value.Promoted, path, 'Promoted', false),
    PlacedCanaries: readStringList(r, value.PlacedCanaries, path, 'PlacedCanaries'),
    DesiredCanaries: readCount(r, value.DesiredCanaries, path, 'DesiredCanaries', 0),
    DesiredTotal: readCount(r, value.DesiredTotal, path, 'DesiredTotal', 0),
    PlacedAllocs: readCount(r, value.PlacedAllocs, path, 'PlacedAllocs', 0),
    HealthyAllocs: readCount(r, value.HealthyAllocs, path, 'HealthyAllocs', 0),
    UnhealthyAllocs: readCount(r, value.UnhealthyAllocs, path, 'UnhealthyAllocs', 0),
  };
}
