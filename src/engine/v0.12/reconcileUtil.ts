// Upstream: hashicorp/nomad scheduler/reconcile_util.go at dccea99f7e.
//
// The filters that split a set of allocations by this version's rules, and
// the index of allocation names. The set itself is shared (../allocSet.ts).

import type { AllocSet, DelayedRescheduleInfo } from '../allocSet.ts';
import { Bitmap, lastIndexBelow } from '../bitmap.ts';
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
  allocName,
  deploymentActive,
  nextRescheduleTime,
  nodeTerminalStatus,
  ranSuccessfully,
  shouldClientStop,
  terminalStatus,
  transitionShouldForceReschedule,
  transitionShouldMigrate,
  transitionShouldReschedule,
  waitClientStop,
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
 * delayByStopAfterClientDisconnect picks the lost allocations whose group
 * sets stop_after_client_disconnect and whose wait has not run out: they
 * are replaced only once it has. Upstream compares with the wall clock.
 */
export function delayByStopAfterClientDisconnect(set: AllocSet, now: Instant): DelayedRescheduleInfo[] {
  const later: DelayedRescheduleInfo[] = [];
  for (const a of set.values()) {
    if (!shouldClientStop(a)) continue;
    const t = waitClientStop(a, now);
    if (t > now) later.push({ allocID: a.ID, alloc: a, rescheduleTime: t });
  }
  return later;
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

/**
 * bitmapFrom makes a bitmap of the indexes the allocations use, at least
 * minSize (and the number of allocations) long, byte aligned, and one longer
 * than the highest index when that index is itself a multiple of eight, so
 * that the highest index always fits.
 */
export function bitmapFrom(input: AllocSet, minSize: number): Bitmap {
  const indexes = input.nameIndexes();
  let max = 0;
  for (const n of indexes) if (n > max) max = n;
  if (minSize < indexes.length) minSize = indexes.length;
  if (max < minSize) max = minSize;
  else if (max % 8 === 0) max++;
  if (max === 0) max = 8;
  if (max % 8 !== 0) max += 8 - (max % 8);
  const bitmap = new Bitmap(max);
  for (const n of indexes) bitmap.set(n);
  return bitmap;
}

/**
 * AllocNameIndex picks names (indexes) for new allocations and for
 * allocations to stop, given the names in use: new ones fill the lowest free
 * indexes, stops take the highest.
 */
export class AllocNameIndex {
  private readonly b: Bitmap;

  /** Builds the index of a group's names from the allocations that hold them. */
  constructor(
    readonly job: string,
    readonly taskGroup: string,
    readonly count: number,
    input: AllocSet,
  ) {
    this.b = bitmapFrom(input, count);
  }

  /** highest takes up to n of the highest indexes in use, freeing them, and returns their names. */
  highest(n: number): Set<string> {
    const h = new Set<string>();
    for (let i = this.b.size(); i > 0 && h.size < n; i--) {
      const idx = i - 1;
      if (this.b.check(idx)) {
        this.b.unset(idx);
        h.add(allocName(this.job, this.taskGroup, idx));
      }
    }
    return h;
  }

  /** unsetIndex frees one index. */
  unsetIndex(idx: number): void {
    this.b.unset(idx);
  }

  /**
   * nextCanaries picks n names for canaries: first the names of allocations
   * being replaced destructively (so the canaries later take their place),
   * then free names, skipping names existing canaries use; past the count it
   * uses indexes above it so as not to overlap.
   */
  nextCanaries(n: number, existing: AllocSet, destructive: AllocSet): string[] {
    const next: string[] = [];
    const existingNames = existing.nameSet();
    const last = lastIndexBelow(this.count);
    let remainder = n;

    const dmap = bitmapFrom(destructive, this.count);
    for (const idx of dmap.indexesInRange(true, 0, last)) {
      const name = allocName(this.job, this.taskGroup, idx);
      if (existingNames.has(name)) continue;
      next.push(name);
      this.b.set(idx);
      remainder = n - next.length;
      if (remainder === 0) return next;
    }

    for (const idx of this.b.indexesInRange(false, 0, last)) {
      const name = allocName(this.job, this.taskGroup, idx);
      if (existingNames.has(name)) continue;
      next.push(name);
      this.b.set(idx);
      remainder = n - next.length;
      if (remainder === 0) return next;
    }

    for (let i = this.count; i < this.count + remainder; i++) {
      next.push(allocName(this.job, this.taskGroup, i));
    }
    return next;
  }

  /**
   * next picks n names for new allocations from the lowest free indexes
   * below the count; when those run out it reuses indexes from zero, so
   * names can repeat (upstream does the same).
   */
  next(n: number): string[] {
    const next: string[] = [];
    let remainder = n;
    for (const idx of this.b.indexesInRange(false, 0, lastIndexBelow(this.count))) {
      next.push(allocName(this.job, this.taskGroup, idx));
      this.b.set(idx);
      remainder = n - next.length;
      if (remainder === 0) return next;
    }
    for (let i = 0; i < remainder; i++) {
      next.push(allocName(this.job, this.taskGroup, i));
      this.b.set(i);
    }
    return next;
  }
}
