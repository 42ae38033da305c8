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
  ZERO_TIME,
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

// Tainted names filterByTainted's outcomes: the position of each set in its split.
const Tainted = { Untainted: 0, Migrate: 1, Lost: 2 } as const;
// ByDeployment and ByTerminal name the outcomes of filterByDeployment and filterByTerminal.
const ByDeployment = { Match: 0, Nonmatch: 1 } as const;
const ByTerminal = { NonTerminal: 0, Terminal: 1 } as const;

// AllocUniverse is one group's allocations in visiting order, with each
// allocation's position and name index (parsed once). Every AllocSet of the
// group is a subset of it, held as one flag per position, so that the
// reconciler's many splits and differences cost a pass over a byte array
// rather than hash-map work.
class AllocUniverse {
  readonly position = new Map<string, number>();

  constructor(
    readonly allocs: readonly Allocation[],
    readonly nameIndexes: readonly number[],
  ) {
    allocs.forEach((a, i) => this.position.set(a.ID, i));
  }
}

/**
 * AllocSet is a set of one group's allocations (upstream's allocSet, a map
 * from ID to allocation), with the operations that split it. It iterates in
 * the group's visiting order. Sets are values: the reconciler builds new ones
 * and changes none after building it, except the fresh sets computeStop fills.
 */
export class AllocSet {
  private constructor(
    private readonly universe: AllocUniverse,
    private readonly members: Uint8Array,
    private count: number,
  ) {}

  /**
   * group makes the set of all of a group's allocations, visited by name
   * index, then ID, in every set derived from it.
   */
  static group(allocs: readonly Allocation[]): AllocSet {
    const set = AllocSet.sorted(allocs);
    if (set.universe.position.size === allocs.length) return set;
    // Upstream keys its map by ID, so of two allocations with one ID the
    // later one stays: drop the earlier ones and start again.
    const last = new Map<string, Allocation>();
    for (const a of allocs) last.set(a.ID, a);
    return AllocSet.sorted([...last.values()]);
  }

  private static sorted(allocs: readonly Allocation[]): AllocSet {
    const sorted = allocs
      .map((alloc) => ({ alloc, index: allocIndex(alloc) }))
      .sort((x, y) => x.index - y.index || compareIDs(x.alloc, y.alloc));
    const universe = new AllocUniverse(
      sorted.map((x) => x.alloc),
      sorted.map((x) => x.index),
    );
    return new AllocSet(universe, new Uint8Array(sorted.length).fill(1), sorted.length);
  }

  /** empty is a new, empty set of the same group. */
  empty(): AllocSet {
    return new AllocSet(this.universe, new Uint8Array(this.universe.allocs.length), 0);
  }

  /** size is the number of allocations in the set. */
  get size(): number {
    return this.count;
  }

  /** has reports whether the allocation with this ID is in the set. */
  has(id: string): boolean {
    const i = this.universe.position.get(id);
    return i !== undefined && this.members[i] === 1;
  }

  /** get returns the allocation with this ID, if it is in the set. */
  get(id: string): Allocation | undefined {
    const i = this.universe.position.get(id);
    return i !== undefined && this.members[i] === 1 ? this.universe.allocs[i] : undefined;
  }

  /** add puts an allocation of the group into the set. */
  add(alloc: Allocation): void {
    const i = this.universe.position.get(alloc.ID);
    if (i === undefined) throw new Error(`allocation ${alloc.ID} is not of this group`);
    this.addAt(i);
  }

  /** delete takes the allocation with this ID out of the set. */
  delete(id: string): void {
    const i = this.universe.position.get(id);
    if (i !== undefined && this.members[i] === 1) {
      this.members[i] = 0;
      this.count--;
    }
  }

  private addAt(i: number): void {
    if (this.members[i] === 0) {
      this.members[i] = 1;
      this.count++;
    }
  }

  /** values lists the allocations in visiting order (a snapshot: changing the set later does not change it). */
  values(): Allocation[] {
    const out: Allocation[] = [];
    if (this.count === 0) return out;
    const { allocs } = this.universe;
    for (let i = 0; i < allocs.length; i++) if (this.members[i] === 1) out.push(allocs[i]!);
    return out;
  }

  /** keys lists the allocation IDs in visiting order. */
  keys(): string[] {
    return this.values().map((a) => a.ID);
  }

  /** nameSet is the set of names the allocations use. */
  nameSet(): Set<string> {
    const names = new Set<string>();
    for (const a of this.values()) names.add(a.Name);
    return names;
  }

  /** nameOrder lists the allocations by name index (ties keep set order): the visiting order itself. */
  nameOrder(): Allocation[] {
    return this.values();
  }

  /** nameIndexes lists the name index of each allocation, in visiting order. */
  nameIndexes(): number[] {
    const out: number[] = [];
    const { nameIndexes } = this.universe;
    for (let i = 0; i < nameIndexes.length; i++) if (this.members[i] === 1) out.push(nameIndexes[i]!);
    return out;
  }

  /** difference is the set of the allocations in this set and in none of the others. */
  difference(...others: AllocSet[]): AllocSet {
    const diff = this.copy();
    for (const o of others) {
      if (o.count === 0) continue;
      for (let i = 0; i < diff.members.length; i++) {
        if (o.members[i] === 1 && diff.members[i] === 1) {
          diff.members[i] = 0;
          diff.count--;
        }
      }
    }
    return diff;
  }

  /** union is the set of the allocations in this set or any of the others. */
  union(...others: AllocSet[]): AllocSet {
    const union = this.copy();
    for (const o of others) {
      if (o.count === 0) continue;
      for (let i = 0; i < union.members.length; i++) if (o.members[i] === 1) union.addAt(i);
    }
    return union;
  }

  private copy(): AllocSet {
    return new AllocSet(this.universe, this.members.slice(), this.count);
  }

  /** fromKeys is the subset whose IDs appear in any of the key lists. */
  fromKeys(...keys: readonly string[][]): AllocSet {
    const from = this.empty();
    for (const list of keys) {
      for (const k of list) {
        const i = this.universe.position.get(k);
        if (i !== undefined && this.members[i] === 1) from.addAt(i);
      }
    }
    return from;
  }

  /**
   * split sorts each member, in visiting order, into one of n sets: the one
   * whose position `pick` gives (each caller names its positions).
   */
  split(n: number, pick: (a: Allocation) => number): AllocSet[] {
    const out = Array.from({ length: n }, () => this.empty());
    const { allocs } = this.universe;
    for (let i = 0; i < allocs.length; i++) {
      if (this.members[i] === 1) out[pick(allocs[i]!)]!.addAt(i);
    }
    return out;
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
    const [untainted, migrate, lost] = this.split(3, (a) => {
      if (terminalStatus(a)) return Tainted.Untainted;
      if (transitionShouldMigrate(a.DesiredTransition)) return Tainted.Migrate;
      const node = nodes.get(a.NodeID);
      if (node === undefined) return Tainted.Untainted;
      return node === null || nodeTerminalStatus(node) ? Tainted.Lost : Tainted.Untainted;
    });
    return { untainted: untainted!, migrate: migrate!, lost: lost! };
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
    const untainted = this.empty();
    const rescheduleNow = this.empty();
    const rescheduleLater: DelayedRescheduleInfo[] = [];
    const { allocs } = this.universe;
    for (let i = 0; i < allocs.length; i++) {
      if (this.members[i] === 0) continue;
      const a = allocs[i]!;
      if (a.NextAllocation !== '') continue;
      const { untainted: isUntainted, ignore } = shouldFilter(a, isBatch);
      if (isUntainted) untainted.addAt(i);
      if (isUntainted || ignore) continue;

      // Only failed allocations the server still wants running get here.
      const r = updateByReschedulable(a, now, evalID, deployment);
      if (r.rescheduleNow) {
        rescheduleNow.addAt(i);
      } else {
        untainted.addAt(i);
        if (r.rescheduleLater) {
          rescheduleLater.push({ allocID: a.ID, alloc: a, rescheduleTime: r.rescheduleTime });
        }
      }
    }
    return { untainted, rescheduleNow, rescheduleLater };
  }

  /** filterByDeployment splits the set into allocations of the given deployment and the rest. */
  filterByDeployment(id: string): { match: AllocSet; nonmatch: AllocSet } {
    const [match, nonmatch] = this.split(2, (a) =>
      a.DeploymentID === id ? ByDeployment.Match : ByDeployment.Nonmatch,
    );
    return { match: match!, nonmatch: nonmatch! };
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

  /** filterByTerminal keeps only the allocations that are not terminal. */
  filterByTerminal(): AllocSet {
    return this.split(2, (a) => (terminalStatus(a) ? ByTerminal.Terminal : ByTerminal.NonTerminal))[
      ByTerminal.NonTerminal
    ]!;
  }
}

/** AllocMatrix maps each task group to its allocations. */
export type AllocMatrix = Map<string, AllocSet>;

/**
 * newAllocMatrix groups the allocations by task group and gives every group
 * of the job an entry, even one without allocations, so that each is
 * reconciled. Groups come in the job's order, then groups the job no longer
 * has, by name; within a group, allocations are visited by name index, then
 * ID (AllocSet.group).
 */
export function newAllocMatrix(job: Job | null, allocs: readonly Allocation[]): AllocMatrix {
  const byGroup = new Map<string, Allocation[]>();
  for (const tg of job?.TaskGroups ?? []) byGroup.set(tg.Name, []);
  const removed: string[] = [];
  // An index loop, as in taintedNodes: it runs once over every allocation,
  // cold. A group's allocations mostly come one after another, so the
  // group of the one before is tried first.
  let lastName: string | null = null;
  let lastGroup: Allocation[] = [];
  for (let i = 0; i < allocs.length; i++) {
    const a = allocs[i]!;
    if (a.TaskGroup !== lastName) {
      lastName = a.TaskGroup;
      let group = byGroup.get(lastName);
      if (!group) {
        group = [];
        byGroup.set(lastName, group);
        removed.push(lastName);
      }
      lastGroup = group;
    }
    lastGroup.push(a);
  }
  const m: AllocMatrix = new Map();
  for (const name of [...(job?.TaskGroups ?? []).map((tg) => tg.Name), ...removed.sort()]) {
    m.set(name, AllocSet.group(byGroup.get(name)!));
  }
  return m;
}

// compareIDs orders two allocations by ID.
function compareIDs(x: Allocation, y: Allocation): number {
  return x.ID < y.ID ? -1 : x.ID > y.ID ? 1 : 0;
}

/** sortAllocs orders allocations by name index, then ID: the engine's defined visiting order. */
export function sortAllocs(allocs: readonly Allocation[]): Allocation[] {
  return AllocSet.group(allocs).values();
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

/** filterByTerminal keeps only the allocations that are not terminal. */
export function filterByTerminal(set: AllocSet): AllocSet {
  return set.filterByTerminal();
}

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
