// Upstream: hashicorp/nomad scheduler/reconcile_util.go, the allocSet and
// allocMatrix types, which are the same at dccea99f7e and at v1.6.5, with
// the answers and filters both versions share. The filters whose rules
// changed between the two live in each version's reconcileUtil.ts, as
// functions of a set.
//
// Go iterates maps in random order; an AllocSet iterates in insertion order,
// and the reconciler inserts allocations sorted by name index, then ID, so
// every derived set keeps that order and a scenario always gives one result.

import {
  type Allocation,
  type Instant,
  type Job,
  SECOND,
  ZERO_TIME,
  allocIndex,
  shouldClientStop,
  terminalStatus,
  waitClientStop,
} from './structs.ts';

/** rescheduleWindowSize is how early a failed allocation may be replaced before its reschedule time, to absorb clock drift between servers. */
export const rescheduleWindowSize = 1 * SECOND;

/** FilterDecision is shouldFilter's answer (each version has its own): the allocation counts as running, is ignored, or neither. */
export type FilterDecision = Readonly<{ untainted: boolean; ignore: boolean }>;

// shouldFilter's three answers, shared: it decides for every allocation of every group.
/** COUNTS: the allocation counts as running. */
export const COUNTS: FilterDecision = Object.freeze({ untainted: true, ignore: false });
/** IGNORED: the allocation is left out of the count. */
export const IGNORED: FilterDecision = Object.freeze({ untainted: false, ignore: true });
/** NEITHER: the allocation goes on to the reschedule check. */
export const NEITHER: FilterDecision = Object.freeze({ untainted: false, ignore: false });

/** RescheduleDecision is updateByReschedulable's answer: replace now, later (at rescheduleTime, which means nothing otherwise), or neither. */
export type RescheduleDecision = Readonly<{
  rescheduleNow: boolean;
  rescheduleLater: boolean;
  rescheduleTime: Instant;
}>;

/** NOT_RESCHEDULED is the shared answer for an allocation that is not replaced at all. */
export const NOT_RESCHEDULED: RescheduleDecision = Object.freeze({
  rescheduleNow: false,
  rescheduleLater: false,
  rescheduleTime: ZERO_TIME,
});

/** DelayedRescheduleInfo is an allocation to be replaced later, and when. */
export interface DelayedRescheduleInfo {
  allocID: string;
  alloc: Allocation;
  rescheduleTime: Instant;
}

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

  // sorted sorts the allocations' positions rather than the allocations
  // themselves, so that no object is made per allocation to carry its index.
  private static sorted(allocs: readonly Allocation[]): AllocSet {
    const indexes = allocs.map(allocIndex);
    const order = allocs.map((_, i) => i);
    order.sort((x, y) => indexes[x]! - indexes[y]! || compareIDs(allocs[x]!, allocs[y]!));
    const universe = new AllocUniverse(
      order.map((i) => allocs[i]!),
      order.map((i) => indexes[i]!),
    );
    return new AllocSet(universe, new Uint8Array(order.length).fill(1), order.length);
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

  /** filterByDeployment splits the set into allocations of the given deployment and the rest. */
  filterByDeployment(id: string): { match: AllocSet; nonmatch: AllocSet } {
    const [match, nonmatch] = this.split(2, (a) =>
      a.DeploymentID === id ? ByDeployment.Match : ByDeployment.Nonmatch,
    );
    return { match: match!, nonmatch: nonmatch! };
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

/** filterByTerminal keeps only the allocations that are not terminal. */
export function filterByTerminal(set: AllocSet): AllocSet {
  return set.filterByTerminal();
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
