// Upstream: hashicorp/nomad scheduler/util.go at dccea99f7e.
//
// The scheduler helpers the reconciler depends on: which nodes taint their
// allocations (taintedNodes), whether a job change forces allocations to be
// replaced (tasksUpdated), and how the generic scheduler classifies an
// allocation whose job changed (genericAllocUpdateFn).
//
// Two deliberate differences from upstream, both from SCENARIO.md:
// - Upstream compares with reflect.DeepEqual, which tells a nil map or slice
//   from an empty one. Here an absent (null or missing) map or list equals an
//   empty one, since in a hand-written document that difference is formatting.
// - Before an in-place update upstream re-checks that the allocation still
//   fits its node; the scenario does not describe nodes well enough, so an
//   allocation whose node still exists is assumed to fit.

import { combinedTaskMeta, lookupTask, lookupTaskGroup, shouldDrainNode, terminalStatus } from '../structs.ts';
import type { Affinity, Allocation, Job, NetworkResource, Node, Task } from '../structs.ts';
import type { AllocUpdateFn, AllocUpdateDecision } from '../types.ts';
import { jsonEqual } from '../jsonEqual.ts';
import {
  NODE_GONE,
  type Shape,
  TERMINAL,
  UNCHANGED,
  destructiveChanges,
  devicesEqual,
  ephemeralDiskUpdated,
  sameStructs,
  spreadsUpdated,
} from '../util.ts';

// ---------------------------------------------------------------------------
// Tainted nodes

/**
 * taintedNodes maps the node of every allocation that can no longer stay
 * where it is: a node that no longer exists maps to null (it was garbage
 * collected, so its allocations are lost), and a node that is down or
 * draining maps to itself. Healthy nodes are left out, as upstream does.
 */
export function taintedNodes(
  nodes: ReadonlyMap<string, Node>,
  allocs: readonly Allocation[],
): Map<string, Node | null> {
  const out = new Map<string, Node | null>();
  // Upstream skips only node IDs already in its result, so a healthy node is
  // looked up again for each of its allocations; so is it here, because one
  // lookup costs less than remembering which nodes were seen. The loop runs
  // over every allocation before the engine has warmed up, where for-of
  // would still allocate at each step, so it counts indexes.
  for (let i = 0; i < allocs.length; i++) {
    const id = allocs[i]!.NodeID;
    const node = nodes.get(id);
    if (node === undefined) out.set(id, null);
    else if (shouldDrainNode(node.Status) || node.Drain) out.set(id, node);
  }
  return out;
}

// ---------------------------------------------------------------------------
// tasksUpdated and its parts

// portMap reduces a network's ports to what an in-place update cannot
// change: each reserved label with its static value, each dynamic label as
// -1 (a dynamic label shadows a reserved one of the same name, as upstream).
function portMap(n: NetworkResource): Map<string, number> {
  const m = new Map<string, number>();
  for (const p of n.ReservedPorts ?? []) m.set(p.Label, p.Value);
  for (const p of n.DynamicPorts ?? []) m.set(p.Label, -1);
  return m;
}

function sameNumberMap(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) if (b.get(k) !== v) return false;
  return true;
}

/**
 * networkUpdatedReason says what differs between two network lists that an
 * in-place update cannot carry over (how many networks there are, and per
 * network its mode, bandwidth and port labels), or null when nothing does.
 * Networks are compared by position, as upstream does.
 */
export function networkUpdatedReason(
  netA: readonly NetworkResource[] | null | undefined,
  netB: readonly NetworkResource[] | null | undefined,
): string | null {
  const as = netA ?? [];
  const bs = netB ?? [];
  if (as.length !== bs.length) return 'networks added or removed';
  for (let i = 0; i < as.length; i++) {
    const an = as[i]!;
    const bn = bs[i]!;
    if (an.Mode !== bn.Mode) return 'network mode changed';
    if (an.MBits !== bn.MBits) return 'network bandwidth changed';
    if (!sameNumberMap(portMap(an), portMap(bn))) return 'network ports changed';
  }
  return null;
}

// The struct-shaped values tasksUpdated compares whole (reflect.DeepEqual),
// as upstream's structs declare them at dccea99f7e (nomad/structs/structs.go).
// A field a later Nomad added (Vault.Namespace, Template.Wait,
// TaskArtifact.GetterHeaders, …) is not in the struct: Go's decoder drops
// it, so it can never make an update destructive.
const AFFINITY: Shape = ['LTarget', 'RTarget', 'Operand', 'Weight'];
const TASK_ARTIFACT: Shape = ['GetterSource', 'GetterOptions', 'GetterMode', 'RelativeDest'];
const VAULT: Shape = ['Policies', 'Env', 'ChangeMode', 'ChangeSignal'];
const TEMPLATE: Shape = [
  'SourcePath',
  'DestPath',
  'EmbeddedTmpl',
  'ChangeMode',
  'ChangeSignal',
  'Splay',
  'Perms',
  'LeftDelim',
  'RightDelim',
  'Envvars',
  'VaultGrace',
];

/**
 * affinitiesUpdated reports whether the affinities that steer the group's
 * placement changed: job, group and task affinities are laid end to end and
 * compared as one list, so moving an affinity between levels is no change.
 */
export function affinitiesUpdated(jobA: Job, jobB: Job, taskGroup: string): boolean {
  const collect = (job: Job): Affinity[] => {
    const tg = lookupTaskGroup(job, taskGroup);
    const lists = [job.Affinities ?? [], tg?.Affinities ?? [], ...(tg?.Tasks ?? []).map((t) => t.Affinities ?? [])];
    return lists.flat();
  };
  return !sameStructs(collect(jobA), collect(jobB), AFFINITY);
}

/**
 * tasksUpdatedReason decides whether moving the group from jobA to jobB
 * needs its allocations replaced rather than updated in place, and says
 * why: it names the first field, in upstream's order of checks, whose change
 * a running allocation cannot absorb (tasks, disk, networks and ports,
 * placement preferences, and per task its driver, user, config, env,
 * artifacts, vault, templates, meta, networks, CPU, memory and devices).
 * It returns null when only in-place-updatable things changed. A group
 * missing from either job counts as a change (upstream would crash).
 */
export function tasksUpdatedReason(jobA: Job, jobB: Job, taskGroup: string): string | null {
  const a = lookupTaskGroup(jobA, taskGroup);
  const b = lookupTaskGroup(jobB, taskGroup);
  if (a === undefined || b === undefined) return `group "${taskGroup}" is not in both jobs`;

  if (a.Tasks.length !== b.Tasks.length) return 'task count changed';

  if (ephemeralDiskUpdated(a.EphemeralDisk, b.EphemeralDisk)) return 'ephemeral disk changed';

  const groupNet = networkUpdatedReason(a.Networks, b.Networks);
  if (groupNet !== null) return `group ${groupNet}`;

  if (affinitiesUpdated(jobA, jobB, taskGroup)) return 'affinities changed';
  if (spreadsUpdated(jobA, jobB, taskGroup)) return 'spreads changed';

  for (const at of a.Tasks) {
    const reason = taskUpdatedReason(jobA, jobB, taskGroup, at);
    if (reason !== null) return reason;
  }
  return null;
}

/**
 * taskUpdatedReason is tasksUpdatedReason's check of one task: the first of
 * the task's own fields, in upstream's order, whose change forces its
 * allocations to be replaced, or null. `at` is the task of jobA's group;
 * its namesake in jobB's group is compared with it (a missing one counts as
 * a change). The group-wide checks are left out, so that a job diff can say
 * which of the tasks changed.
 */
export function taskUpdatedReason(jobA: Job, jobB: Job, taskGroup: string, at: Task): string | null {
  const b = lookupTaskGroup(jobB, taskGroup);
  const bt = b && lookupTask(b, at.Name);
  const task = `task "${at.Name}"`;
  if (bt === undefined) return `${task}: not in the other job`;
  if (at.Driver !== bt.Driver) return `${task}: driver changed`;
  if (at.User !== bt.User) return `${task}: user changed`;
  if (!jsonEqual(at.Config, bt.Config)) return `${task}: config changed`;
  if (!jsonEqual(at.Env, bt.Env)) return `${task}: env changed`;
  if (!sameStructs(at.Artifacts, bt.Artifacts, TASK_ARTIFACT)) return `${task}: artifacts changed`;
  if (!sameStructs(at.Vault, bt.Vault, VAULT)) return `${task}: vault changed`;
  if (!sameStructs(at.Templates, bt.Templates, TEMPLATE)) return `${task}: templates changed`;

  // Meta is compared merged across job, group and task, so that only a
  // change in the value a task actually sees counts.
  if (!jsonEqual(combinedTaskMeta(jobA, taskGroup, at.Name), combinedTaskMeta(jobB, taskGroup, bt.Name))) {
    return `${task}: meta changed (combined job/group/task meta)`;
  }

  const ar = at.Resources;
  const br = bt.Resources;
  const taskNet = networkUpdatedReason(ar?.Networks, br?.Networks);
  if (taskNet !== null) return `${task}: ${taskNet}`;
  if (ar?.CPU !== br?.CPU) return `${task}: CPU changed`;
  if (ar?.MemoryMB !== br?.MemoryMB) return `${task}: memory changed`;
  if (!devicesEqual(ar?.Devices, br?.Devices)) return `${task}: devices changed`;
  return null;
}

/**
 * tasksUpdated reports whether moving the group from jobA to jobB needs its
 * allocations replaced (a destructive update); tasksUpdatedReason says why.
 */
export function tasksUpdated(jobA: Job, jobB: Job, taskGroup: string): boolean {
  return tasksUpdatedReason(jobA, jobB, taskGroup) !== null;
}

// ---------------------------------------------------------------------------
// genericAllocUpdateFn

/**
 * genericAllocUpdateFn is the service and batch schedulers' way of deciding
 * how an existing allocation follows a new job version. An allocation whose
 * job has the new job's JobModifyIndex is already current, so it is left
 * alone. A change tasksUpdated reports cannot be applied to a running
 * allocation, so it is replaced. Otherwise a terminal allocation is left
 * alone (updating it would only add work), one whose node is gone must be
 * replaced, and anything else is updated in place: upstream first checks
 * that it still fits its node, which the engine assumes (SCENARIO.md).
 */
export function genericAllocUpdateFn(nodes: ReadonlyMap<string, Node>): AllocUpdateFn {
  const destructiveChange = destructiveChanges(tasksUpdatedReason);
  return (existing, newJob, newTG): AllocUpdateDecision => {
    if (existing.Job.JobModifyIndex === newJob.JobModifyIndex) return UNCHANGED;

    const destructive = destructiveChange(newJob, existing.Job, newTG.Name);
    if (destructive !== null) return destructive;

    if (terminalStatus(existing)) return TERMINAL;

    if (!nodes.has(existing.NodeID)) return NODE_GONE;

    // Upstream hands the plan the new job in place of the allocation's own;
    // the engine records it on the copy.
    const updated: Allocation = { ...existing, Job: newJob };
    return {
      ignore: false,
      destructive: false,
      updated,
      reason: 'only in-place changes (assumed to still fit its node)',
    };
  };
}
