// Upstream: hashicorp/nomad scheduler/reconcile_util.go at dccea99f7e.
//
// The filters that split a set of allocations by this version's rules. The
// set, its rules that 1.6 kept, and the name index are shared
// (../allocSet.ts, ../allocNameIndex.ts).

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
  AllocDesiredStatusEvict,
  AllocDesiredStatusStop,
  SECOND,
  deploymentActive,
  nextRescheduleTime,
  nodeTerminalStatus,
  ranSuccessfully,
  terminalStatus,
  transitionShouldForceReschedule,
  transitionShouldMigrate,
  transitionShouldReschedule,
} from '../structs.ts';

/** rescheduleWindowSize is how early a failed allocation may be replaced before its reschedule time, to absorb clock drift between servers. */
export const rescheduleWindowSize = 1 * SECOND;

// Tainted names filterByTainted's outcomes: the position of each set in its split.
const Tainted = { Untainted: 0, Migrate: 1, Lost: 2 } as const;

/**
 * filterByTainted splits the set by where its allocations run: untainted
 * (terminal allocations always count here, and so does everything on a
 * healthy or merely draining node), migrate (the drainer asked them to
 * move), and lost (their node is down or gone).
 */
export function filterByTainted(
  set: AllocSet,
  nodes: ReadonlyMap<string, Node | null>,
): { untainted: AllocSet; migrate: AllocSet; lost: AllocSet } {
  const [untainted, migrate, lost] = set.split(3, (a) => {
    if (terminalStatus(a)) return Tainted.Untainted;
    if (transitionShouldMigrate(a.DesiredTransition)) return Tainted.Migrate;
    const node = nodes.get(a.NodeID);
    if (node === undefined) return Tainted.Untainted;
    return node === null || nodeTerminalStatus(node) ? Tainted.Lost : Tainted.Untainted;
  });
  return { untainted: untainted!, migrate: migrate!, lost: lost! };
}

// Rescheduleable names filterByRescheduleable's outcomes; Dropped is the set it throws away.
const Rescheduleable = { Untainted: 0, Now: 1, Dropped: 2 } as const;

/**
 * filterByRescheduleable splits the set into allocations that count as
 * running (untainted), failed ones to replace now, and failed ones to
 * replace later (with the time). Allocations already replaced, and those
 * shouldFilter ignores, are dropped.
 */
export function filterByRescheduleable(
  set: AllocSet,
  isBatch: boolean,
  now: Instant,
  evalID: string,
  deployment: Deployment | null,
): { untainted: AllocSet; rescheduleNow: AllocSet; rescheduleLater: DelayedRescheduleInfo[] } {
  const rescheduleLater: DelayedRescheduleInfo[] = [];
  const [untainted, rescheduleNow] = set.split(3, (a) => {
    if (a.NextAllocation !== '') return Rescheduleable.Dropped;
    const { untainted: isUntainted, ignore } = shouldFilter(a, isBatch);
    if (isUntainted) return Rescheduleable.Untainted;
    if (ignore) return Rescheduleable.Dropped;

    // Only failed allocations the server still wants running get here.
    const r = updateByReschedulable(a, now, evalID, deployment);
    if (r.rescheduleNow) return Rescheduleable.Now;
    if (r.rescheduleLater) rescheduleLater.push({ allocID: a.ID, alloc: a, rescheduleTime: r.rescheduleTime });
    return Rescheduleable.Untainted;
  });
  return { untainted: untainted!, rescheduleNow: rescheduleNow!, rescheduleLater };
}

/**
 * shouldFilter decides whether an allocation counts as running (untainted)
 * or is left out of the count (ignore). Batch: stopped allocations that ran
 * successfully count, other stopped ones are ignored, failed ones go on to
 * the reschedule check, the rest count. Service: stopped, complete and lost
 * allocations are ignored; failed ones go on to the reschedule check.
 */
export function shouldFilter(a: Allocation, isBatch: boolean): FilterDecision {
  const stopped = a.DesiredStatus === AllocDesiredStatusStop || a.DesiredStatus === AllocDesiredStatusEvict;
  if (isBatch) {
    if (stopped) return ranSuccessfully(a) ? COUNTS : IGNORED;
    if (a.ClientStatus !== AllocClientStatusFailed) return COUNTS;
    return NEITHER;
  }
  if (stopped) return IGNORED;
  if (a.ClientStatus === AllocClientStatusComplete || a.ClientStatus === AllocClientStatusLost) return IGNORED;
  return NEITHER;
}

/** FilterDecision is shouldFilter's answer: the allocation counts as running, is ignored, or neither (it failed). */
export type FilterDecision = Readonly<{ untainted: boolean; ignore: boolean }>;

// shouldFilter's three answers, shared: it decides for every allocation of every group.
const COUNTS: FilterDecision = Object.freeze({ untainted: true, ignore: false });
const IGNORED: FilterDecision = Object.freeze({ untainted: false, ignore: true });
const NEITHER: FilterDecision = Object.freeze({ untainted: false, ignore: false });

/**
 * updateByReschedulable decides whether a failed allocation is replaced now,
 * later, or not at all. Within an active deployment it waits for the
 * deployment to allow it; a forced reschedule goes now; otherwise it goes now
 * when this is its follow-up evaluation or its time is within the window,
 * and later when no follow-up evaluation has been made for it yet.
 */
export function updateByReschedulable(
  a: Allocation,
  now: Instant,
  evalID: string,
  d: Deployment | null,
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
  const { time, eligible } = nextRescheduleTime(a);
  // Most allocations (all that have not failed) end here.
  if (!eligible && !forced) return NOT_RESCHEDULED;
  if (eligible && (a.FollowupEvalID === evalID || time - now <= rescheduleWindowSize)) {
    return { rescheduleNow: true, rescheduleLater: false, rescheduleTime: time };
  }
  return { rescheduleNow: forced, rescheduleLater: eligible && a.FollowupEvalID === '', rescheduleTime: time };
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
