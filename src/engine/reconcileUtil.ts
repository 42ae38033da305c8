// Upstream: hashicorp/nomad scheduler/reconcile_util.go at dccea99f7e.
//
// The value types the reconciler works with: sets of allocations and the
// filters that split them, and the index of allocation names.
//
// Go iterates maps in random order; an AllocSet iterates in insertion order,
// and the reconciler inserts allocations sorted by name index, then ID, so
// every derived set keeps that order and a scenario always gives one result.

import { Bitmap, lastIndexBelow } from './bitmap.ts';
import {
  type Allocation,
  type Deployment,
  type Instant,
  type Job,
  type Node,
  AllocClientStatusComplete,
  AllocClientStatusFailed,
  AllocClientStatusLost,
  AllocDesiredStatusEvict,
  AllocDesiredStatusStop,
  SECOND,
  allocIndex,
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
} from './structs.ts';

/** rescheduleWindowSize is how early a failed allocation may be replaced before its reschedule time, to absorb clock drift between servers. */
export const rescheduleWindowSize = 1 * SECOND;

/** DelayedRescheduleInfo is an allocation to be replaced later, and when. */
export interface DelayedRescheduleInfo {
  allocID: string;
  alloc: Allocation;
  rescheduleTime: Instant;
}

/** AllocSet is a set of allocations keyed by ID, with the operations that split it. */
export class AllocSet extends Map<string, Allocation> {
  /** of builds a set from allocations, keeping their order. */
  static of(allocs: Iterable<Allocation>): AllocSet {
    const set = new AllocSet();
    for (const a of allocs) set.set(a.ID, a);
    return set;
  }

  /** ids lists the IDs in iteration order (for traces and tests). */
  ids(): string[] {
    return [...this.keys()];
  }

  /** nameSet is the set of names the allocations use. */
  nameSet(): Set<string> {
    const names = new Set<string>();
    for (const a of this.values()) names.add(a.Name);
    return names;
  }

  /** nameOrder lists the allocations by name index (ties keep set order). */
  nameOrder(): Allocation[] {
    return [...this.values()]
      .map((alloc) => ({ alloc, index: allocIndex(alloc) }))
      .sort((x, y) => x.index - y.index)
      .map((x) => x.alloc);
  }

  /**
   * difference is the set of the allocations in this set and in none of the
   * others. When there is nothing to take away it is this set itself: the
   * reconciler changes no set after building it, except fresh ones in
   * computeStop.
   */
  difference(...others: ReadonlyMap<string, Allocation>[]): AllocSet {
    others = others.filter((o) => o.size > 0);
    if (others.length === 0) return this;
    const diff = new AllocSet();
    outer: for (const [id, a] of this) {
      for (const o of others) if (o.has(id)) continue outer;
      diff.set(id, a);
    }
    return diff;
  }

  /** union is a new set of the allocations in this set or any of the others. */
  union(...others: ReadonlyMap<string, Allocation>[]): AllocSet {
    const union = new AllocSet(this);
    for (const o of others) for (const [id, a] of o) union.set(id, a);
    return union;
  }

  /** fromKeys is the subset whose IDs appear in any of the key lists. */
  fromKeys(...keys: readonly string[][]): AllocSet {
    const wanted = new Set<string>();
    for (const list of keys) for (const k of list) wanted.add(k);
    const from = new AllocSet();
    if (wanted.size === 0) return from;
    for (const [id, a] of this) if (wanted.has(id)) from.set(id, a);
    return from;
  }

  /**
   * filterByTainted splits the set by where its allocations run: untainted
   * (terminal allocations always count here, and so does everything on a
   * healthy or merely draining node), migrate (the drainer asked them to
   * move), and lost (their node is down or gone).
   */
  filterByTainted(nodes: ReadonlyMap<string, Node | null>): {
    untainted: AllocSet;
    migrate: AllocSet;
    lost: AllocSet;
  } {
    const untainted = new AllocSet();
    const migrate = new AllocSet();
    const lost = new AllocSet();
    for (const a of this.values()) {
      if (terminalStatus(a)) {
        untainted.set(a.ID, a);
        continue;
      }
      if (transitionShouldMigrate(a.DesiredTransition)) {
        migrate.set(a.ID, a);
        continue;
      }
      if (!nodes.has(a.NodeID)) {
        untainted.set(a.ID, a);
        continue;
      }
      const node = nodes.get(a.NodeID) ?? null;
      if (node === null || nodeTerminalStatus(node)) {
        lost.set(a.ID, a);
        continue;
      }
      untainted.set(a.ID, a);
    }
    return { untainted, migrate, lost };
  }

  /**
   * filterByRescheduleable splits the set into allocations that count as
   * running (untainted), failed ones to replace now, and failed ones to
   * replace later (with the time). Allocations already replaced, and those
   * shouldFilter ignores, are dropped.
   */
  filterByRescheduleable(
    isBatch: boolean,
    now: Instant,
    evalID: string,
    deployment: Deployment | null,
  ): { untainted: AllocSet; rescheduleNow: AllocSet; rescheduleLater: DelayedRescheduleInfo[] } {
    const untainted = new AllocSet();
    const rescheduleNow = new AllocSet();
    const rescheduleLater: DelayedRescheduleInfo[] = [];
    for (const a of this.values()) {
      if (a.NextAllocation !== '') continue;
      const { untainted: isUntainted, ignore } = shouldFilter(a, isBatch);
      if (isUntainted) untainted.set(a.ID, a);
      if (isUntainted || ignore) continue;

      // Only failed allocations the server still wants running get here.
      const r = updateByReschedulable(a, now, evalID, deployment);
      if (r.rescheduleNow) {
        rescheduleNow.set(a.ID, a);
      } else {
        untainted.set(a.ID, a);
        if (r.rescheduleLater) {
          rescheduleLater.push({ allocID: a.ID, alloc: a, rescheduleTime: r.rescheduleTime });
        }
      }
    }
    return { untainted, rescheduleNow, rescheduleLater };
  }

  /** filterByDeployment splits the set into allocations of the given deployment and the rest. */
  filterByDeployment(id: string): { match: AllocSet; nonmatch: AllocSet } {
    const match = new AllocSet();
    const nonmatch = new AllocSet();
    for (const a of this.values()) (a.DeploymentID === id ? match : nonmatch).set(a.ID, a);
    return { match, nonmatch };
  }

  /**
   * delayByStopAfterClientDisconnect picks the lost allocations whose group
   * sets stop_after_client_disconnect and whose wait has not run out: they
   * are replaced only once it has. Upstream compares with the wall clock.
   */
  delayByStopAfterClientDisconnect(now: Instant): DelayedRescheduleInfo[] {
    const later: DelayedRescheduleInfo[] = [];
    for (const a of this.values()) {
      if (!shouldClientStop(a)) continue;
      const t = waitClientStop(a, now);
      if (t > now) later.push({ allocID: a.ID, alloc: a, rescheduleTime: t });
    }
    return later;
  }
}

/** AllocMatrix maps each task group to its allocations. */
export type AllocMatrix = Map<string, AllocSet>;

/**
 * newAllocMatrix groups the allocations by task group and gives every group
 * of the job an entry, even one without allocations, so that each is
 * reconciled. Groups come in the job's order, then groups the job no longer
 * has, by name.
 */
export function newAllocMatrix(job: Job | null, allocs: readonly Allocation[]): AllocMatrix {
  const groups = job?.TaskGroups ?? [];
  const m: AllocMatrix = new Map();
  for (const tg of groups) m.set(tg.Name, new AllocSet());
  const removed: string[] = [];
  for (const a of allocs) {
    let set = m.get(a.TaskGroup);
    if (!set) {
      set = new AllocSet();
      m.set(a.TaskGroup, set);
      removed.push(a.TaskGroup);
    }
    set.set(a.ID, a);
  }
  if (removed.length < 2) return m;
  // Keep the removed groups in name order rather than first-seen order.
  const ordered: AllocMatrix = new Map();
  for (const tg of groups) ordered.set(tg.Name, m.get(tg.Name)!);
  for (const name of removed.sort()) ordered.set(name, m.get(name)!);
  return ordered;
}

/**
 * shouldFilter decides whether an allocation counts as running (untainted)
 * or is left out of the count (ignore). Batch: stopped allocations that ran
 * successfully count, other stopped ones are ignored, failed ones go on to
 * the reschedule check, the rest count. Service: stopped, complete and lost
 * allocations are ignored; failed ones go on to the reschedule check.
 */
export function shouldFilter(a: Allocation, isBatch: boolean): { untainted: boolean; ignore: boolean } {
  const stopped = a.DesiredStatus === AllocDesiredStatusStop || a.DesiredStatus === AllocDesiredStatusEvict;
  if (isBatch) {
    if (stopped) {
      return ranSuccessfully(a) ? { untainted: true, ignore: false } : { untainted: false, ignore: true };
    }
    if (a.ClientStatus !== AllocClientStatusFailed) return { untainted: true, ignore: false };
    return { untainted: false, ignore: false };
  }
  if (stopped) return { untainted: false, ignore: true };
  if (a.ClientStatus === AllocClientStatusComplete || a.ClientStatus === AllocClientStatusLost) {
    return { untainted: false, ignore: true };
  }
  return { untainted: false, ignore: false };
}

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
): { rescheduleNow: boolean; rescheduleLater: boolean; rescheduleTime: Instant } {
  let rescheduleNow = false;
  let rescheduleLater = false;
  if (d !== null && a.DeploymentID === d.ID && deploymentActive(d) && !transitionShouldReschedule(a.DesiredTransition)) {
    return { rescheduleNow, rescheduleLater, rescheduleTime: 0 };
  }
  if (transitionShouldForceReschedule(a.DesiredTransition)) rescheduleNow = true;
  const { time, eligible } = nextRescheduleTime(a);
  if (eligible && (a.FollowupEvalID === evalID || time - now <= rescheduleWindowSize)) {
    return { rescheduleNow: true, rescheduleLater, rescheduleTime: time };
  }
  if (eligible && a.FollowupEvalID === '') rescheduleLater = true;
  return { rescheduleNow, rescheduleLater, rescheduleTime: time };
}

/** filterByTerminal keeps only the allocations that are not terminal. */
export function filterByTerminal(set: AllocSet): AllocSet {
  const nonTerminal = new AllocSet();
  for (const [id, a] of set) if (!terminalStatus(a)) nonTerminal.set(id, a);
  return nonTerminal;
}

/**
 * bitmapFrom makes a bitmap of the indexes the allocations use, at least
 * minSize (and the number of allocations) long, byte aligned, and one longer
 * than the highest index when that index is itself a multiple of eight, so
 * that the highest index always fits.
 */
export function bitmapFrom(input: ReadonlyMap<string, Allocation>, minSize: number): Bitmap {
  let max = 0;
  for (const a of input.values()) {
    const n = allocIndex(a);
    if (n > max) max = n;
  }
  if (minSize < input.size) minSize = input.size;
  if (max < minSize) max = minSize;
  else if (max % 8 === 0) max++;
  if (max === 0) max = 8;
  if (max % 8 !== 0) max += 8 - (max % 8);
  const bitmap = new Bitmap(max);
  for (const a of input.values()) bitmap.set(allocIndex(a));
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
    input: ReadonlyMap<string, Allocation>,
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
