// Choosing a node for a new allocation, as Nomad's generic scheduler ranks
// nodes (scheduler/rank.go and structs.ScoreFitBinPack at dccea99f7e):
// feasible nodes are those ready, eligible, not draining and in one of the
// job's datacenters with room for the group's CPU, memory and disk; each is
// scored by how tightly the allocation packs it, lowered for every
// allocation of the same group already there (job anti-affinity) and for
// nodes an earlier attempt of the allocation failed on, and the scores are
// averaged. Deviation, on purpose: Nomad shuffles the nodes and looks at a
// few of them; the simulator looks at all and breaks ties by the nodes'
// order, so a rollout replays exactly. Constraints, affinities, spreads,
// ports and devices are not modelled.

import {
  type Allocation,
  type Job,
  type Node,
  type NodeCapacity,
  type TaskGroup,
  NodeStatusReady,
  terminalStatus,
} from '../engine/structs.ts';

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

/** PlacementFailure is Nomad's AllocMetric for a group that did not fit, the fields `nomad job status` prints. */
export interface PlacementFailure {
  TaskGroup: string;
  /** Failed counts the allocations that could not be placed (1 plus Nomad's CoalescedFailures). */
  Failed: number;
  /** NodesEvaluated counts the ready, eligible, undrained nodes of the job's datacenters that were tried. */
  NodesEvaluated: number;
  /** NodesExhausted counts nodes without room. */
  NodesExhausted: number;
  /** DimensionExhausted counts, per resource ("cpu", "memory", "disk"), the nodes where it ran out. */
  DimensionExhausted: Record<string, number>;
  /** NodesAvailable counts the usable nodes per datacenter of the job. */
  NodesAvailable: Record<string, number>;
}

/** NodeChoice is the chosen node and its final score. */
export interface NodeChoice {
  node: Node;
  score: number;
}

/**
 * PlanningCluster is the cluster as one plan sees it while it places: the
 * usable nodes, what each has in use (the allocations the plan keeps plus
 * those it has placed so far) and how many of each group each holds.
 */
export class PlanningCluster {
  private readonly used = new Map<string, Ask>();
  private readonly groupCounts = new Map<string, number>();
  // The existing allocations counted as holding room, by ID.
  private readonly holding = new Map<string, Allocation>();
  /** nodesAvailable counts the usable nodes per datacenter of the job. */
  // Datacenter names are keys: a null-prototype object keeps `__proto__` as one.
  readonly nodesAvailable: Record<string, number> = Object.create(null);
  /** usable are the nodes a placement may go to, in the scenario's order. */
  readonly usable: Node[];

  constructor(job: Job, nodes: readonly Node[], allocs: readonly Allocation[]) {
    const dcs = new Set(job.Datacenters);
    for (const dc of job.Datacenters) this.nodesAvailable[dc] = 0;
    this.usable = nodes.filter((n) => {
      const ok =
        n.Status === NodeStatusReady &&
        n.SchedulingEligibility === 'eligible' &&
        !n.Drain &&
        (dcs.size === 0 || dcs.has(n.Datacenter));
      if (ok && dcs.has(n.Datacenter)) this.nodesAvailable[n.Datacenter]!++;
      return ok;
    });
    for (const a of allocs) if (!terminalStatus(a)) this.hold(a);
  }

  /** add counts an allocation of `group` on a node. */
  add(nodeID: string, group: string, ask: Ask): void {
    this.shift(nodeID, group, ask, 1);
  }

  /** hold counts an existing allocation as holding its room (again, after release). */
  hold(a: Allocation): void {
    if (this.holding.has(a.ID)) return;
    this.holding.set(a.ID, a);
    this.shift(a.NodeID, a.TaskGroup, allocAsk(a), 1);
  }

  /**
   * release frees the room of an allocation the plan stops. Only an
   * allocation counted as holding room frees any: a terminal one held none.
   * Returns whether it did.
   */
  release(a: Allocation): boolean {
    const held = this.holding.get(a.ID);
    if (held === undefined) return false;
    this.holding.delete(a.ID);
    this.shift(held.NodeID, held.TaskGroup, allocAsk(held), -1);
    return true;
  }

  private shift(nodeID: string, group: string, ask: Ask, sign: 1 | -1): void {
    const u = this.used.get(nodeID) ?? { cpu: 0, memoryMB: 0, diskMB: 0 };
    this.used.set(nodeID, {
      cpu: u.cpu + sign * ask.cpu,
      memoryMB: u.memoryMB + sign * ask.memoryMB,
      diskMB: u.diskMB + sign * ask.diskMB,
    });
    const key = nodeID + '\u0000' + group;
    this.groupCounts.set(key, (this.groupCounts.get(key) ?? 0) + sign);
  }

  /**
   * select ranks the usable nodes for one allocation of `tg` and returns
   * the best, or the failure metrics when none has room. `preferred` (the
   * previous node of a sticky disk) is taken when it fits; `penalty` holds
   * nodes the allocation's chain failed on.
   */
  select(tg: TaskGroup, ask: Ask, penalty: ReadonlySet<string>, preferred: Node | null): NodeChoice | PlacementFailure {
    if (preferred !== null && this.usable.includes(preferred) && this.exhausted(preferred, ask).length === 0) {
      return { node: preferred, score: this.score(preferred, tg, ask, penalty) };
    }
    let best: NodeChoice | null = null;
    const failure: PlacementFailure = {
      TaskGroup: tg.Name,
      Failed: 1,
      NodesEvaluated: 0,
      NodesExhausted: 0,
      DimensionExhausted: {},
      NodesAvailable: { ...this.nodesAvailable },
    };
    for (const node of this.usable) {
      failure.NodesEvaluated++;
      const out = this.exhausted(node, ask);
      if (out.length > 0) {
        failure.NodesExhausted++;
        for (const dim of out) failure.DimensionExhausted[dim] = (failure.DimensionExhausted[dim] ?? 0) + 1;
        continue;
      }
      const score = this.score(node, tg, ask, penalty);
      if (best === null || score > best.score) best = { node, score };
    }
    return best ?? failure;
  }

  // exhausted lists the dimensions in which the node lacks room for the ask (Nomad's AllocsFit).
  private exhausted(node: Node, ask: Ask): string[] {
    const cap = capacity(node);
    const u = this.used.get(node.ID) ?? { cpu: 0, memoryMB: 0, diskMB: 0 };
    const out: string[] = [];
    if (cap.CpuShares !== null && u.cpu + ask.cpu > cap.CpuShares) out.push('cpu');
    if (cap.MemoryMB !== null && u.memoryMB + ask.memoryMB > cap.MemoryMB) out.push('memory');
    if (cap.DiskMB !== null && u.diskMB + ask.diskMB > cap.DiskMB) out.push('disk');
    return out;
  }

  // score averages the bin-packing fit, the job anti-affinity penalty and the rescheduling penalty, as ScoreNormalizationIterator does.
  private score(node: Node, tg: TaskGroup, ask: Ask, penalty: ReadonlySet<string>): number {
    const scores: number[] = [];
    const cap = capacity(node);
    if (cap.CpuShares !== null && cap.MemoryMB !== null && cap.CpuShares > 0 && cap.MemoryMB > 0) {
      const u = this.used.get(node.ID) ?? { cpu: 0, memoryMB: 0, diskMB: 0 };
      scores.push(scoreFitBinPack(cap.CpuShares, cap.MemoryMB, u.cpu + ask.cpu, u.memoryMB + ask.memoryMB) / BIN_PACKING_MAX_FIT_SCORE);
    }
    const collisions = this.groupCounts.get(node.ID + '\u0000' + tg.Name) ?? 0;
    if (collisions > 0) scores.push((-1 * (collisions + 1)) / Math.max(tg.Count, 1));
    if (penalty.has(node.ID)) scores.push(-1);
    if (scores.length === 0) return 0;
    return scores.reduce((a, b) => a + b, 0) / scores.length;
  }
}

// BIN_PACKING_MAX_FIT_SCORE is the best fit ScoreFitBinPack gives; the ranker divides by it.
const BIN_PACKING_MAX_FIT_SCORE = 18;

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

/** allocAsk is what an existing allocation holds on its node: its own job version's group ask. */
export function allocAsk(a: Allocation): Ask {
  const tg = a.Job.TaskGroups.find((g) => g.Name === a.TaskGroup);
  return tg ? groupAsk(tg) : { cpu: 0, memoryMB: 0, diskMB: 0 };
}
