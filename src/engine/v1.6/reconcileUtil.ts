// Upstream: hashicorp/nomad scheduler/reconcile_util.go at v1.6.5.
//
// The filters that split a set of allocations by this version's rules, and
// the name index that also tracks duplicate names. The set, the rules that
// did not change since 0.12, and the 0.12 name index are shared
// (../allocSet.ts, ../allocNameIndex.ts).

import { AllocNameIndex as AllocNameIndex012 } from '../allocNameIndex.ts';
import type { AllocSet, DelayedRescheduleInfo } from '../allocSet.ts';
import {
  type Allocation,
  type Deployment,
  type Instant,
  type Node,
  ZERO_TIME,
  AllocClientStatusComplete,
  AllocClientStatusFailed,
  AllocClientStatusLost,
  AllocClientStatusPending,
  AllocClientStatusRunning,
  AllocClientStatusUnknown,
  AllocDesiredStatusEvict,
  AllocDesiredStatusRun,
  AllocDesiredStatusStop,
  NodeStatusDisconnected,
  NodeStatusReady,
  SECOND,
  nextRescheduleTime,
  nodeTerminalStatus,
  ranSuccessfully,
  terminalStatus,
  transitionShouldForceReschedule,
  transitionShouldMigrate,
  transitionShouldReschedule,
} from '../structs.ts';
import {
  deploymentActive,
  disconnectTimeout,
  expired,
  lastUnknown,
  needsToReconnect,
  nextRescheduleTimeByTime,
  supportsDisconnectedClients,
} from './structs.ts';

/** rescheduleWindowSize is how early a failed allocation may be replaced before its reschedule time, to absorb clock drift between servers. */
export const rescheduleWindowSize = 1 * SECOND;

// Tainted names filterByTainted's outcomes: the position of each set in its split.
const Tainted = { Untainted: 0, Migrate: 1, Lost: 2, Disconnecting: 3, Reconnecting: 4, Ignore: 5 } as const;
type TaintedOutcome = (typeof Tainted)[keyof typeof Tainted];

/** TaintedSplit is filterByTainted's answer, one set per outcome. */
export interface TaintedSplit {
  untainted: AllocSet;
  migrate: AllocSet;
  lost: AllocSet;
  disconnecting: AllocSet;
  reconnecting: AllocSet;
  ignore: AllocSet;
}

/**
 * filterByTainted splits the set by where its allocations run and whether
 * their client went away: untainted, migrate (the drainer asked them to
 * move), lost (their node is down or gone, or they stayed unknown too long),
 * disconnecting (running on a node that just disconnected), reconnecting
 * (unknown, and their node is back) and ignore (nothing to do).
 */
export function filterByTainted(
  set: AllocSet,
  taintedNodes: ReadonlyMap<string, Node | null>,
  serverSupportsDisconnectedClients: boolean,
  now: Instant,
): TaintedSplit {
  const [untainted, migrate, lost, disconnecting, reconnecting, ignore] = set.split(6, (a) =>
    taintedOutcome(a, taintedNodes, serverSupportsDisconnectedClients, now),
  );
  return {
    untainted: untainted!,
    migrate: migrate!,
    lost: lost!,
    disconnecting: disconnecting!,
    reconnecting: reconnecting!,
    ignore: ignore!,
  };
}

// taintedOutcome is where filterByTainted puts one allocation.
function taintedOutcome(
  a: Allocation,
  taintedNodes: ReadonlyMap<string, Node | null>,
  serverSupportsDisconnectedClients: boolean,
  now: Instant,
): TaintedOutcome {
  // Only groups with max_client_disconnect take part in the reconnect logic.
  const supports = supportsDisconnectedClients(a, serverSupportsDisconnectedClients);

  // Whether it must reconnect matters only for the statuses the reconnect
  // logic handles.
  let reconnect = false;
  let isExpired = false;
  if (
    supports &&
    (a.ClientStatus === AllocClientStatusUnknown ||
      a.ClientStatus === AllocClientStatusRunning ||
      a.ClientStatus === AllocClientStatusFailed)
  ) {
    reconnect = needsToReconnect(a);
    if (reconnect) isExpired = expired(a, now);
  }

  // A failed allocation that must reconnect is handled as a failed reconnect.
  if (
    supports &&
    reconnect &&
    a.DesiredStatus === AllocDesiredStatusRun &&
    a.ClientStatus === AllocClientStatusFailed
  ) {
    return Tainted.Reconnecting;
  }

  const taintedNode = taintedNodes.get(a.NodeID);
  if (taintedNode !== undefined && taintedNode !== null) {
    if (taintedNode.Status === NodeStatusDisconnected) {
      if (!supports) return Tainted.Lost;
      // Running ones become unknown; pending ones never started, so are lost.
      if (a.ClientStatus === AllocClientStatusRunning) return Tainted.Disconnecting;
      if (a.ClientStatus === AllocClientStatusPending) return Tainted.Lost;
    } else if (taintedNode.Status === NodeStatusReady && reconnect) {
      // A tainted node that is ready again is draining; its returning allocations reconnect.
      return isExpired ? Tainted.Lost : Tainted.Reconnecting;
    }
  }

  if (terminalStatus(a) && !reconnect) {
    // With the reconnect logic on, a terminal allocation is most likely a
    // replacement that was stopped: nothing to do. Otherwise terminal
    // allocations count as untainted, as in 0.12: they never migrate.
    return supports ? Tainted.Ignore : Tainted.Untainted;
  }

  if (transitionShouldMigrate(a.DesiredTransition)) return Tainted.Migrate;

  if (supports && expired(a, now)) return Tainted.Lost;

  // Unknown allocations the server still wants are waited for.
  if (supports && a.ClientStatus === AllocClientStatusUnknown && a.DesiredStatus === AllocDesiredStatusRun) {
    return Tainted.Untainted;
  }

  // A failed allocation that must reconnect but that the server stopped needs nothing.
  if (
    supports &&
    reconnect &&
    a.ClientStatus === AllocClientStatusFailed &&
    a.DesiredStatus === AllocDesiredStatusStop
  ) {
    return Tainted.Ignore;
  }

  if (taintedNode === undefined) {
    // A healthy node: what must reconnect does so now, unless it waited too long.
    if (reconnect) return isExpired ? Tainted.Lost : Tainted.Reconnecting;
    return Tainted.Untainted;
  }

  // On a node that is gone or down an allocation is lost.
  if (taintedNode === null || nodeTerminalStatus(taintedNode)) return Tainted.Lost;
  return Tainted.Untainted;
}

// Rescheduleable names filterByRescheduleable's outcomes. Unlike 0.12's, an
// allocation that counts as running still goes on to the reschedule check,
// so it can land in both sets; Dropped is the set it throws away.
const Rescheduleable = { Untainted: 0, Now: 1, UntaintedAndNow: 2, Dropped: 3 } as const;

/**
 * filterByRescheduleable splits the set into allocations that count as
 * running (untainted), ones to replace now, and ones to replace later (with
 * the time). Terminal allocations already replaced, and those shouldFilter
 * ignores, are dropped. For disconnecting allocations (isDisconnecting) the
 * replacement is timed from now rather than from a failure, ones already
 * unknown are dropped, and none counts as running just for not having failed.
 */
export function filterByRescheduleable(
  set: AllocSet,
  isBatch: boolean,
  isDisconnecting: boolean,
  now: Instant,
  evalID: string,
  deployment: Deployment | null,
): { untainted: AllocSet; rescheduleNow: AllocSet; rescheduleLater: DelayedRescheduleInfo[] } {
  const rescheduleLater: DelayedRescheduleInfo[] = [];
  const [untainted, rescheduleNow, both] = set.split(4, (a) => {
    // A canary interrupted by a disconnect can already be unknown.
    if (isDisconnecting && a.ClientStatus === AllocClientStatusUnknown) return Rescheduleable.Dropped;
    // Only a terminal allocation that was replaced is skipped, so that a
    // running one is never replaced twice.
    if (a.NextAllocation !== '' && terminalStatus(a)) return Rescheduleable.Dropped;

    const { untainted: isUntainted, ignore } = shouldFilter(a, isBatch);
    const counted = isUntainted && !isDisconnecting;
    if (ignore) return Rescheduleable.Dropped;

    const r = updateByReschedulable(a, now, evalID, deployment, isDisconnecting);
    if (r.rescheduleNow) return counted ? Rescheduleable.UntaintedAndNow : Rescheduleable.Now;
    if (r.rescheduleLater) rescheduleLater.push({ allocID: a.ID, alloc: a, rescheduleTime: r.rescheduleTime });
    return Rescheduleable.Untainted;
  });
  if (both!.size === 0) return { untainted: untainted!, rescheduleNow: rescheduleNow!, rescheduleLater };
  return { untainted: untainted!.union(both!), rescheduleNow: rescheduleNow!.union(both!), rescheduleLater };
}

/**
 * shouldFilter decides whether an allocation counts as running (untainted)
 * or is left out of the count (ignore). Batch: stopped allocations that ran
 * successfully count, other stopped and evicted ones are ignored, failed ones
 * go on to the reschedule check, the rest count. Service: stopped, evicted,
 * complete and lost allocations are ignored; the rest go on to the
 * reschedule check.
 */
export function shouldFilter(a: Allocation, isBatch: boolean): FilterDecision {
  if (isBatch) {
    if (a.DesiredStatus === AllocDesiredStatusStop) return ranSuccessfully(a) ? COUNTS : IGNORED;
    if (a.DesiredStatus === AllocDesiredStatusEvict) return IGNORED;
    if (a.ClientStatus === AllocClientStatusFailed) return NEITHER;
    return COUNTS;
  }
  if (a.DesiredStatus === AllocDesiredStatusStop || a.DesiredStatus === AllocDesiredStatusEvict) return IGNORED;
  if (a.ClientStatus === AllocClientStatusComplete || a.ClientStatus === AllocClientStatusLost) return IGNORED;
  return NEITHER;
}

/** FilterDecision is shouldFilter's answer: the allocation counts as running, is ignored, or neither. */
export type FilterDecision = Readonly<{ untainted: boolean; ignore: boolean }>;

// shouldFilter's three answers, shared: it decides for every allocation of every group.
const COUNTS: FilterDecision = Object.freeze({ untainted: true, ignore: false });
const IGNORED: FilterDecision = Object.freeze({ untainted: false, ignore: true });
const NEITHER: FilterDecision = Object.freeze({ untainted: false, ignore: false });

/**
 * updateByReschedulable decides whether an allocation is replaced now,
 * later, or not at all. Within an active deployment it waits for the
 * deployment to allow it; a forced reschedule goes now. A disconnecting
 * allocation is timed from now; an unknown one whose follow-up evaluation
 * this is, from when it went unknown; anything else from its failure. It
 * goes now when this is its follow-up evaluation or its time is within the
 * window, and later when it has no follow-up evaluation yet or is
 * disconnecting.
 */
export function updateByReschedulable(
  a: Allocation,
  now: Instant,
  evalID: string,
  d: Deployment | null,
  isDisconnecting: boolean,
): RescheduleDecision {
  if (
    d !== null &&
    a.DeploymentID === d.ID &&
    deploymentActive(d) &&
    !transitionShouldReschedule(a.DesiredTransition)
  ) {
    return NOT_RESCHEDULED;
  }
  const forced = transitionShouldForceReschedule(a.DesiredTransition);
  const { time, eligible } = isDisconnecting
    ? nextRescheduleTimeByTime(a, now)
    : a.ClientStatus === AllocClientStatusUnknown && a.FollowupEvalID === evalID
      ? nextRescheduleTimeByTime(a, lastUnknown(a))
      : nextRescheduleTime(a);
  if (eligible && (a.FollowupEvalID === evalID || time - now <= rescheduleWindowSize)) {
    return { rescheduleNow: true, rescheduleLater: false, rescheduleTime: time };
  }
  return {
    rescheduleNow: forced,
    rescheduleLater: eligible && (a.FollowupEvalID === '' || isDisconnecting),
    rescheduleTime: time,
  };
}

/** RescheduleDecision is updateByReschedulable's answer: replace now, later (at rescheduleTime, which means nothing otherwise), or neither. */
export type RescheduleDecision = Readonly<{
  rescheduleNow: boolean;
  rescheduleLater: boolean;
  rescheduleTime: Instant;
}>;

// NOT_RESCHEDULED is the shared answer for an allocation that is not replaced at all.
const NOT_RESCHEDULED: RescheduleDecision = Object.freeze({
  rescheduleNow: false,
  rescheduleLater: false,
  rescheduleTime: ZERO_TIME,
});

/**
 * delayByMaxClientDisconnect gives each disconnecting allocation the time
 * it becomes lost: now plus its group's max_client_disconnect. It answers
 * null, as upstream answers an error, when one of them would be lost at once.
 */
export function delayByMaxClientDisconnect(set: AllocSet, now: Instant): DelayedRescheduleInfo[] | null {
  const later: DelayedRescheduleInfo[] = [];
  for (const a of set.values()) {
    const timeout = disconnectTimeout(a, now);
    if (!(timeout > now)) return null;
    later.push({ allocID: a.ID, alloc: a, rescheduleTime: timeout });
  }
  return later;
}

// ByClientStatus names the outcomes of filterByClientStatus and filterOutByClientStatus.
const ByClientStatus = { Match: 0, Other: 1 } as const;

/** filterOutByClientStatus is the subset whose client status is not the one given. */
export function filterOutByClientStatus(set: AllocSet, clientStatus: string): AllocSet {
  return set.split(2, (a) => (a.ClientStatus === clientStatus ? ByClientStatus.Match : ByClientStatus.Other))[
    ByClientStatus.Other
  ]!;
}

/** filterByClientStatus is the subset whose client status is the one given. */
export function filterByClientStatus(set: AllocSet, clientStatus: string): AllocSet {
  return set.split(2, (a) => (a.ClientStatus === clientStatus ? ByClientStatus.Match : ByClientStatus.Other))[
    ByClientStatus.Match
  ]!;
}

/**
 * AllocNameIndex is 0.12's name index that also remembers which indexes
 * more than one allocation holds, so that freeing one of them leaves the
 * index taken by the others.
 */
export class AllocNameIndex extends AllocNameIndex012 {
  /** isDuplicate reports whether more than one allocation holds the index. */
  isDuplicate(idx: number): boolean {
    return (this.duplicates.get(idx) ?? 0) > 0;
  }

  /** unsetIndex frees one holder of the index: a duplicate first, the index itself once none is left. */
  override unsetIndex(idx: number): void {
    const n = this.duplicates.get(idx);
    if (n === undefined) {
      this.b.unset(idx);
      return;
    }
    if (n - 1 === 0) this.duplicates.delete(idx);
    else this.duplicates.set(idx, n - 1);
  }
}
