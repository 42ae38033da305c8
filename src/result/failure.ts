// Upstream: hashicorp/nomad nomad/structs/structs.go at dccea99f7e (AllocMetric).
//
// What an evaluation reports about a group it could not place: the
// simulator's planner fills it, and the whole plan and the rollout views
// print it. It lives beside the result document, below both.

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
