// Upstream: hashicorp/nomad nomad/structs/structs.go at v1.6.5.
//
// The methods of Nomad's structs that v1.6.5 changed or added and its
// reconciler calls: the disconnect and reconnect helpers of an allocation,
// a deployment's new statuses, node pools and datacenter patterns. The ones
// that did not change since dccea99f7e are in ../structs.ts.

import {
  type AllocMetric,
  type AllocStateField,
  type Allocation,
  type Deployment,
  type Instant,
  type Job,
  type Node,
  type NodeScoreMeta,
  type RescheduleTime,
  AllocClientStatusUnknown,
  AllocStateFieldClientStatus,
  DeploymentStatusBlocked,
  DeploymentStatusInitializing,
  DeploymentStatusPaused,
  DeploymentStatusPending,
  DeploymentStatusRunning,
  DeploymentStatusUnblocking,
  ZERO_TIME,
  allocReschedulePolicy,
  isZeroTime,
  lookupTaskGroup,
  newDeployment as newDeployment012,
  rescheduleTimeFrom,
} from '../structs.ts';

/** NodePoolAll is the node pool a job names to run in every pool. */
export const NodePoolAll = 'all';
/** NodePoolDefault is the pool of a node or job that names none. */
export const NodePoolDefault = 'default';

// ---------------------------------------------------------------------------
// Deployment

/** deploymentActive reports whether a deployment is still in progress; 1.6 adds the multiregion states initializing and pending. */
export function deploymentActive(d: Deployment): boolean {
  switch (d.Status) {
    case DeploymentStatusRunning:
    case DeploymentStatusPaused:
    case DeploymentStatusBlocked:
    case DeploymentStatusUnblocking:
    case DeploymentStatusInitializing:
    case DeploymentStatusPending:
      return true;
    default:
      return false;
  }
}

/** hasAutoPromote reports whether every group of a running deployment that wants canaries promotes them by itself; 1.6 skips groups without canaries. */
export function hasAutoPromote(d: Deployment): boolean {
  if (d.TaskGroups.size === 0 || d.Status !== DeploymentStatusRunning) return false;
  for (const g of d.TaskGroups.values()) if (g.DesiredCanaries > 0 && !g.AutoPromote) return false;
  return true;
}

/** newDeployment starts a running deployment of the job version, recording the evaluation's priority as 1.6 does. */
export function newDeployment(job: Job, id: string, evalPriority: number): Deployment {
  return { ...newDeployment012(job, id), EvalPriority: evalPriority };
}

// ---------------------------------------------------------------------------
// Node

/**
 * isInAnyDC reports whether the node's datacenter matches one of the job's
 * patterns, where `*` stands for any run of characters (go-glob's rules).
 */
export function isInAnyDC(node: Node, datacenters: readonly string[]): boolean {
  return datacenters.some((dc) => globMatch(dc, node.Datacenter));
}

/** isInPool reports whether the node is in the pool, every node being in "all". */
export function isInPool(node: Node, pool: string): boolean {
  return pool === NodePoolAll || (node.NodePool ?? NodePoolDefault) === pool;
}

// globMatch is go-glob's Glob: the pattern's parts between stars must occur
// in order; the first at the start unless the pattern starts with a star, the
// last at the end unless it ends with one.
function globMatch(pattern: string, subject: string): boolean {
  if (pattern === '*') return true;
  const parts = pattern.split('*');
  if (parts.length === 1) return subject === pattern;
  const leadingGlob = pattern.startsWith('*');
  const trailingGlob = pattern.endsWith('*');
  const end = parts.length - 1;
  for (let i = 0; i < end; i++) {
    const part = parts[i]!;
    const idx = subject.indexOf(part);
    if (i === 0 ? !leadingGlob && idx !== 0 : idx < 0) return false;
    subject = subject.slice(idx + part.length);
  }
  return trailingGlob || subject.endsWith(parts[end]!);
}

// ---------------------------------------------------------------------------
// Allocation

/**
 * supportsDisconnectedClients reports whether the allocation takes part in
 * the disconnect logic: every server must handle it, and the group of the
 * allocation's own job must set max_client_disconnect (even to 0).
 */
export function supportsDisconnectedClients(a: Allocation, serverSupportsDisconnectedClients: boolean): boolean {
  if (!serverSupportsDisconnectedClients) return false;
  // As upstream, an allocation without its job (a purged job's, in upstream's tests) takes no part.
  if ((a.Job as Job | null) === null) return false;
  const tg = lookupTaskGroup(a.Job, a.TaskGroup);
  return tg !== undefined && tg.MaxClientDisconnect !== undefined && tg.MaxClientDisconnect !== null;
}

/** needsToReconnect reports whether the latest client status the allocation recorded is unknown: it has not reconnected since. */
export function needsToReconnect(a: Allocation): boolean {
  for (let i = a.AllocStates.length - 1; i >= 0; i--) {
    const s = a.AllocStates[i]!;
    if (s.Field !== AllocStateFieldClientStatus) continue;
    return s.Value === AllocClientStatusUnknown;
  }
  return false;
}

/** lastUnknown is the latest time the allocation was marked unknown, or the zero time. */
export function lastUnknown(a: Allocation): Instant {
  let last = ZERO_TIME;
  for (const s of a.AllocStates) {
    if (s.Field !== AllocStateFieldClientStatus || s.Value !== AllocClientStatusUnknown) continue;
    if (isZeroTime(last) || last < s.Time) last = s.Time;
  }
  return last;
}

/**
 * expired reports whether an unknown allocation has stayed unknown for its
 * group's max_client_disconnect or longer, so it is lost.
 */
export function expired(a: Allocation, now: Instant): boolean {
  if (a.ClientStatus !== AllocClientStatusUnknown) return false;
  const last = lastUnknown(a);
  if (isZeroTime(last)) return false;
  const tg = lookupTaskGroup(a.Job, a.TaskGroup);
  if (tg === undefined || tg.MaxClientDisconnect === undefined || tg.MaxClientDisconnect === null) return false;
  return last + tg.MaxClientDisconnect - now <= 0;
}

/** disconnectTimeout is when an allocation disconnecting now becomes lost: now plus its group's max_client_disconnect (now when unset). */
export function disconnectTimeout(a: Allocation, now: Instant): Instant {
  const tg = lookupTaskGroup(a.Job, a.TaskGroup);
  const timeout = tg?.MaxClientDisconnect;
  if (timeout === undefined || timeout === null) return now;
  return now + timeout;
}

/**
 * nextRescheduleTimeByTime is nextRescheduleTime counted from the given
 * time instead of the allocation's last event, for an allocation whose
 * client went away rather than failed.
 */
export function nextRescheduleTimeByTime(a: Allocation, t: Instant): RescheduleTime {
  const policy = allocReschedulePolicy(a);
  if (policy === null) return { time: ZERO_TIME, eligible: false };
  return rescheduleTimeFrom(a, t, policy);
}

/** appendState is the allocation with one more state entry, stamped `now` (upstream reads the clock). */
export function appendState(a: Allocation, field: AllocStateField, value: string, now: Instant): Allocation {
  return { ...a, AllocStates: [...a.AllocStates, { Field: field, Value: value, Time: now }] };
}

/** maxNormScore is the best score of the placement, which Nomad stores first, or null without scores. */
export function maxNormScore(m: AllocMetric | null | undefined): NodeScoreMeta | null {
  if (m === null || m === undefined || m.ScoreMetaData === null || m.ScoreMetaData.length === 0) return null;
  return m.ScoreMetaData[0]!;
}
