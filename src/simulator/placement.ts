// Choosing a node for a new allocation, as Nomad's generic stack does at
// dccea99f7e (scheduler/stack.go, feasible.go, rank.go, select.go and
// structs.ScoreFitBinPack). The plan's usable nodes (ready, eligible, not
// draining, in one of the job's datacenters: readyNodesInDCs) are shuffled
// once per plan with the film's seeded generator and visited as a ring that
// each placement continues from where the last one stopped. A node without
// room for the group's CPU, memory and disk is passed over; each node that
// fits is scored by how tightly the allocation packs it, lowered for every
// allocation of the same job and group already there (job anti-affinity)
// and for nodes an earlier attempt of the allocation failed on, and the
// scores are averaged. Only the first few nodes that fit are ranked (the
// stack's limit, skipping up to three that score 0 or less) and the best
// of them is taken. Constraints, affinities, spreads, ports and devices are
// not modelled, so the limit is never lifted for them.

import { isInAnyDC } from '../engine/v1.6/structs.ts';
import {
  type Allocation,
  type Job,
  type Node,
  type NodeCapacity,
  type TaskGroup,
  JobTypeBatch,
  NodeStatusReady,
  terminalStatus,
} from '../engine/structs.ts';
import type { PlacementFailure } from '../result/failure.ts';

/** Ask is what one allocation of a group needs: CPU shares, memory and disk in MB. */
export interface Ask {
  cpu: number;
  memoryMB: number;
  diskMB: number;
}

/** groupAsk sums the tasks' CPU and memory and takes the group's ephemeral disk. */
export function groupAsk(tg: TaskGroup): Ask {
  let cpu = 0;
  let memoryMB = 0;
  for (const t of tg.Tasks) {
    cpu += t.Resources.CPU;
    memoryMB += t.Resources.MemoryMB;
  }
  return { cpu, memoryMB, diskMB: tg.EphemeralDisk.SizeMB };
}

/** ScoreName names one of the ranker's scores, as Nomad's AllocMetric names them. */
export type ScoreName = 'binpack' | 'job-anti-affinity' | 'node-reschedule-penalty';

/**
 * RankedNode is one node the stack ranked for a placement, as Nomad's
 * ScoreMetaData records it: the scores that applied to it (a penalty that
 * did not apply is absent) and their average, NormScore.
 */
export interface RankedNode {
  NodeID: string;
  NodeName: string;
  Scores: Partial<Record<ScoreName, number>>;
  NormScore: number;
}

/** NodeChoice is the chosen node, its final score and every node ranked for it, the chosen one first. */
export interface NodeChoice {
  node: Node;
  score: number;
  ranked: RankedNode[];
}

// Nomad's LimitIterator passes over up to MAX_SKIP ranked nodes scoring at
// most SKIP_SCORE_THRESHOLD while others remain.
const SKIP_SCORE_THRESHOLD = 0;
const MAX_SKIP = 3;
// MAX_RETAINED_NODE_SCORES is how many of the best-scoring nodes Nomad keeps in an allocation's metrics.
const MAX_RETAINED_NODE_SCORES = 5;
// BIN_PACKING_MAX_FIT_SCORE is the best fit ScoreFitBinPack gives; the ranker divides by it.
const BIN_PACKING_MAX_FIT_SCORE = 18;

/** Shuffle picks an integer in [0, n) for the node shuffle; the film's seeded generator makes it. */
export type Shuffle = (n: number) => number;

/**
 * stackLimit is how many fitting nodes the stack ranks per placement
 * (GenericStack.SetNodes): 2 for batch jobs, and for service jobs the
 * base-2 logarithm of the usable nodes, rounded up, when that is more.
 */
export function stackLimit(batch: boolean, nodes: number): number {
  if (batch || nodes === 0) return 2;
  return Math.max(2, Math.ceil(Math.log2(nodes)));
}

/**
 * NodeTotals is what live allocations hold, per node: the room every job's
 * take, and how many of the planning job's allocations of each group are
 * there.
 */
export interface NodeTotals {
  used: Map<string, Ask>;
  groupsOnNode: Map<string, Map<string, number>>;
}

/**
 * countAlloc adds (sign 1) or takes back (sign −1) a live allocation's
 * share of the totals; its group is counted only when it is of the job
 * whose totals these are (`own`).
 */
export function countAlloc(totals: NodeTotals, a: Allocation, sign: 1 | -1, own: boolean): void {
  if (terminalStatus(a)) return;
  const ask = allocAsk(a);
  let u = totals.used.get(a.NodeID);
  if (u === undefined) {
    u = { cpu: 0, memoryMB: 0, diskMB: 0 };
    totals.used.set(a.NodeID, u);
  }
  u.cpu += sign * ask.cpu;
  u.memoryMB += sign * ask.memoryMB;
  u.diskMB += sign * ask.diskMB;
  if (!own) return;
  let groups = totals.groupsOnNode.get(a.NodeID);
  if (groups === undefined) {
    groups = new Map();
    totals.groupsOnNode.set(a.NodeID, groups);
  }
  groups.set(a.TaskGroup, (groups.get(a.TaskGroup) ?? 0) + sign);
}

/** nodeTotals counts the totals of a set of allocations from scratch, for `job`. */
export function nodeTotals(job: Job, allocs: Iterable<Allocation>): NodeTotals {
  const totals: NodeTotals = { used: new Map(), groupsOnNode: new Map() };
  for (const a of allocs) countAlloc(totals, a, 1, a.JobID === job.ID);
  return totals;
}

/**
 * PlanningCluster is the cluster as one plan sees it while it places: the
 * usable nodes in their shuffled order, and the totals of what live
 * allocations hold on them, which the simulator keeps up to date as the
 * plan places and stops (they are read, never copied).
 */
export class PlanningCluster {
  /** nodesAvailable counts the usable nodes per datacenter of the job. */
  // Datacenter names are keys: a null-prototype object keeps `__proto__` as one.
  readonly nodesAvailable = Object.create(null) as Record<string, number>;
  /** usable are the nodes a placement may go to, shuffled as SetNodes shuffles them. */
  readonly usable: Node[];
  /** limit is how many fitting nodes each placement ranks. */
  readonly limit: number;
  // offset is where the source iterator goes on from: the ring is not rewound between placements.
  private offset = 0;

  constructor(
    job: Job,
    nodes: readonly Node[],
    private readonly totals: NodeTotals,
    shuffle: Shuffle,
  ) {
    // A datacenter may be a glob under 1.6 ("*" by default there); 0.12's names match themselves.
    for (const dc of job.Datacenters) if (!dc.includes('*')) this.nodesAvailable[dc] = 0;
    this.usable = nodes.filter((n) => {
      const inDC = job.Datacenters.length === 0 || isInAnyDC(n, job.Datacenters);
      const ok = usableNode(n) && inDC;
      if (ok && job.Datacenters.length > 0)
        this.nodesAvailable[n.Datacenter] = (this.nodesAvailable[n.Datacenter] ?? 0) + 1;
      return ok;
    });
    shuffleNodes(this.usable, shuffle);
    this.limit = stackLimit(job.Type === JobTypeBatch, this.usable.length);
  }

  /**
   * select picks a node for one allocation of `tg` as GenericStack.Select
   * does, or returns the failure metrics when no node has room.
   * `preferred` (the previous node of a sticky disk) is tried alone first;
   * `penalty` holds nodes the allocation's chain failed on.
   */
  select(tg: TaskGroup, ask: Ask, penalty: ReadonlySet<string>, preferred: Node | null): NodeChoice | PlacementFailure {
    if (preferred !== null && usableNode(preferred)) {
      const alone = this.rank([preferred], 0, tg, ask, penalty);
      // Going back to the plan's nodes starts their ring from the beginning.
      this.offset = 0;
      if ('node' in alone.result) return alone.result;
    }
    const { result, offset } = this.rank(this.usable, this.offset, tg, ask, penalty);
    this.offset = offset;
    return result;
  }

  // rank runs the iterator chain over `nodes` from `start`: the source
  // ring, the fit check, the scores, the limit and the maximum.
  private rank(
    nodes: readonly Node[],
    start: number,
    tg: TaskGroup,
    ask: Ask,
    penalty: ReadonlySet<string>,
  ): { result: NodeChoice | PlacementFailure; offset: number } {
    const failure: PlacementFailure = {
      TaskGroup: tg.Name,
      Failed: 1,
      NodesEvaluated: 0,
      NodesExhausted: 0,
      DimensionExhausted: {},
      NodesAvailable: { ...this.nodesAvailable },
    };
    let offset = start;
    let seenNodes = 0;
    // Every node scored, the ones the limit passes over included, as Nomad's metrics record them.
    const ranked: RankedOption[] = [];
    // next is the scoring chain's next fitting node (StaticIterator → BinPack → … → ScoreNormalization).
    const next = (): RankedOption | null => {
      while (seenNodes < nodes.length) {
        if (offset >= nodes.length) offset = 0;
        const node = nodes[offset]!;
        offset++;
        seenNodes++;
        failure.NodesEvaluated++;
        const out = this.exhausted(node, ask);
        if (out.length > 0) {
          failure.NodesExhausted++;
          for (const dim of out) failure.DimensionExhausted[dim] = (failure.DimensionExhausted[dim] ?? 0) + 1;
          continue;
        }
        const option = this.score(node, tg, ask, penalty);
        ranked.push(option);
        return option;
      }
      return null;
    };
    let best: RankedOption | null = null;
    for (const option of limited(next, this.limit)) {
      if (best === null || option.ranked.NormScore > best.ranked.NormScore) best = option;
    }
    if (best === null) return { result: failure, offset };
    return { result: { node: best.node, score: best.ranked.NormScore, ranked: retained(ranked, best) }, offset };
  }

  // exhausted lists the dimensions in which the node lacks room for the ask (Nomad's AllocsFit).
  private exhausted(node: Node, ask: Ask): string[] {
    const cap = capacity(node);
    const u = this.totals.used.get(node.ID) ?? { cpu: 0, memoryMB: 0, diskMB: 0 };
    const out: string[] = [];
    if (cap.CpuShares !== null && u.cpu + ask.cpu > cap.CpuShares) out.push('cpu');
    if (cap.MemoryMB !== null && u.memoryMB + ask.memoryMB > cap.MemoryMB) out.push('memory');
    if (cap.DiskMB !== null && u.diskMB + ask.diskMB > cap.DiskMB) out.push('disk');
    return out;
  }

  // score gives a fitting node the scores that apply to it and their average, as ScoreNormalizationIterator does.
  private score(node: Node, tg: TaskGroup, ask: Ask, penalty: ReadonlySet<string>): RankedOption {
    const scores: Partial<Record<ScoreName, number>> = {};
    const cap = capacity(node);
    if (cap.CpuShares !== null && cap.MemoryMB !== null && cap.CpuShares > 0 && cap.MemoryMB > 0) {
      const u = this.totals.used.get(node.ID) ?? { cpu: 0, memoryMB: 0, diskMB: 0 };
      scores.binpack =
        scoreFitBinPack(cap.CpuShares, cap.MemoryMB, u.cpu + ask.cpu, u.memoryMB + ask.memoryMB) /
        BIN_PACKING_MAX_FIT_SCORE;
    }
    const collisions = this.totals.groupsOnNode.get(node.ID)?.get(tg.Name) ?? 0;
    if (collisions > 0) scores['job-anti-affinity'] = (-1 * (collisions + 1)) / tg.Count;
    if (penalty.has(node.ID)) scores['node-reschedule-penalty'] = -1;
    const values = Object.values(scores);
    const norm = values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
    return { node, ranked: { NodeID: node.ID, NodeName: node.Name, Scores: scores, NormScore: norm } };
  }
}

// RankedOption is a scored node with the record of its scores.
interface RankedOption {
  node: Node;
  ranked: RankedNode;
}

// limited is Nomad's LimitIterator over the scoring chain: at most `limit`
// options, passing over up to MAX_SKIP that score at most the threshold
// while more come, and falling back on them when nothing else does.
function* limited(next: () => RankedOption | null, limit: number): Generator<RankedOption> {
  const skipped: RankedOption[] = [];
  let skippedIndex = 0;
  const nextOption = (): RankedOption | null => {
    const option = next();
    if (option === null && skippedIndex < skipped.length) return skipped[skippedIndex++]!;
    return option;
  };
  for (let seen = 0; seen < limit;) {
    let option = nextOption();
    if (option === null) return;
    if (skipped.length < MAX_SKIP) {
      while (option !== null && option.ranked.NormScore <= SKIP_SCORE_THRESHOLD && skipped.length < MAX_SKIP) {
        skipped.push(option);
        option = next();
      }
    }
    seen++;
    if (option === null) option = nextOption();
    if (option === null) return;
    yield option;
  }
}

// retained is the chosen node and the best of the others that Nomad keeps in the allocation's metrics, best first.
function retained(options: readonly RankedOption[], best: RankedOption): RankedNode[] {
  const seen = new Set<string>([best.node.ID]);
  const others: RankedNode[] = [];
  for (const o of options) {
    if (seen.has(o.node.ID)) continue;
    seen.add(o.node.ID);
    others.push(o.ranked);
  }
  others.sort((a, b) => b.NormScore - a.NormScore);
  return [best.ranked, ...others].slice(0, MAX_RETAINED_NODE_SCORES);
}

// usableNode is readyNodesInDCs' test, the datacenter aside: ready, not draining, eligible.
function usableNode(n: Node): boolean {
  return n.Status === NodeStatusReady && n.SchedulingEligibility === 'eligible' && !n.Drain;
}

// shuffleNodes is Nomad's Fisher–Yates shuffle of the plan's nodes, in place, with the film's generator.
function shuffleNodes(nodes: Node[], shuffle: Shuffle): void {
  for (let i = nodes.length - 1; i > 0; i--) {
    const j = shuffle(i + 1);
    const t = nodes[i]!;
    nodes[i] = nodes[j]!;
    nodes[j] = t;
  }
}

/**
 * scoreFitBinPack is Nomad's ScoreFitBinPack: 20 minus 10^(free CPU share)
 * plus 10^(free memory share), so a node left fuller scores higher (18 at
 * a perfect fit, 0 on an empty node), clamped to [0, 18].
 */
export function scoreFitBinPack(nodeCpu: number, nodeMem: number, usedCpu: number, usedMem: number): number {
  const freeCpu = 1 - usedCpu / nodeCpu;
  const freeMem = 1 - usedMem / nodeMem;
  const score = 20 - (Math.pow(10, freeCpu) + Math.pow(10, freeMem));
  return Math.min(18, Math.max(0, score));
}

// capacity is what a node can give allocations: its resources less what it reserves, per declared dimension.
function capacity(node: Node): NodeCapacity {
  const r = node.NodeResources;
  const reserved = node.ReservedResources;
  const less = (have: number | null | undefined, keep: number | null | undefined): number | null =>
    have == null ? null : have - (keep ?? 0);
  return {
    CpuShares: less(r?.CpuShares, reserved?.CpuShares),
    MemoryMB: less(r?.MemoryMB, reserved?.MemoryMB),
    DiskMB: less(r?.DiskMB, reserved?.DiskMB),
  };
}

// Asks by job version and group: allocations of one version share their Job object.
const asks = new WeakMap<Job, Map<string, Ask>>();
const NO_ASK: Ask = { cpu: 0, memoryMB: 0, diskMB: 0 };

/** allocAsk is what an existing allocation holds on its node: its own job version's group ask. */
export function allocAsk(a: Allocation): Ask {
  let byGroup = asks.get(a.Job);
  if (byGroup === undefined) {
    byGroup = new Map();
    asks.set(a.Job, byGroup);
  }
  let ask = byGroup.get(a.TaskGroup);
  if (ask === undefined) {
    const tg = a.Job.TaskGroups.find((g) => g.Name === a.TaskGroup);
    ask = tg ? groupAsk(tg) : NO_ASK;
    byGroup.set(a.TaskGroup, ask);
  }
  return ask;
}
