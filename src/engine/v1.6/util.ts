// Upstream: hashicorp/nomad scheduler/util.go at v1.6.5.
//
// The scheduler helpers the 1.6 reconciler depends on: which nodes taint
// their allocations (taintedNodes, which now also picks disconnected
// nodes), whether a job change forces allocations to be replaced
// (tasksUpdated, which compares more than 0.12's), and how the generic
// scheduler classifies an allocation whose job changed (genericAllocUpdateFn,
// which now also checks the node's datacenter and pool). What did not change
// is in ../util.ts.
//
// The deliberate differences from upstream are 0.12's (SCENARIO.md): an
// absent map or list equals an empty one, and an allocation that passes the
// datacenter and pool checks is assumed to still fit its node. Blocks
// upstream compares with their own Equal methods (volumes, volume mounts,
// CSI plugin config, identity, Connect gateways and sidecar tasks) are
// compared as JSON values, an absent field equal to its zero value.

import { jsonEqual } from '../jsonEqual.ts';
import {
  type Affinity,
  type Allocation,
  type Job,
  type JsonValue,
  type NetworkResource,
  type Node,
  type Resources,
  type RestartPolicy,
  type Service,
  type Task,
  NodeStatusDisconnected,
  combinedTaskMeta,
  lookupTask,
  lookupTaskGroup,
  shouldDrainNode,
  terminalStatus,
} from '../structs.ts';
import type { AllocUpdateDecision, AllocUpdateFn } from '../types.ts';
import {
  AFFINITY_FIELDS,
  NODE_GONE,
  type Shape,
  TERMINAL,
  UNCHANGED,
  destructiveChanges,
  devicesEqual,
  ephemeralDiskUpdated,
  sameAsSet,
  sameFields,
  sameStructs,
  sharedDecision,
  spreadsUpdated,
} from '../util.ts';
import { NodePoolDefault, isInAnyDC, isInPool } from './structs.ts';

// ---------------------------------------------------------------------------
// Tainted nodes

/**
 * taintedNodes maps the node of every allocation that cannot simply stay
 * where it is: a node that no longer exists maps to null (its allocations
 * are lost); a node that is down, draining or disconnected maps to itself.
 * A node drains when it has a drain strategy, or, so that 0.12 documents
 * keep their meaning, when Drain is true (SCENARIO.md).
 */
export function taintedNodes(
  nodes: ReadonlyMap<string, Node>,
  allocs: readonly Allocation[],
): Map<string, Node | null> {
  const out = new Map<string, Node | null>();
  for (let i = 0; i < allocs.length; i++) {
    const id = allocs[i]!.NodeID;
    if (out.has(id)) continue;
    const node = nodes.get(id);
    if (node === undefined) out.set(id, null);
    else if (
      shouldDrainNode(node.Status) ||
      node.Status === NodeStatusDisconnected ||
      node.Drain ||
      isDrainStrategy(node.DrainStrategy)
    ) {
      out.set(id, node);
    }
  }
  return out;
}

// isDrainStrategy reports whether a node's DrainStrategy is set: an object, not null or absent.
function isDrainStrategy(v: JsonValue | undefined): boolean {
  return v !== undefined && v !== null && typeof v === 'object';
}

// ---------------------------------------------------------------------------
// tasksUpdated and its parts

// The struct-shaped values 1.6's tasksUpdated compares field by field, as
// v1.6.5's Equal methods list their fields. A field they leave out (such
// as a template's comment) never makes an update destructive.
const TASK_ARTIFACT: Shape = ['GetterSource', 'GetterOptions', 'GetterHeaders', 'GetterMode', 'RelativeDest'];
const VAULT: Shape = ['Policies', 'Namespace', 'Env', 'DisableFile', 'ChangeMode', 'ChangeSignal'];
const TEMPLATE: Shape = [
  'SourcePath',
  'DestPath',
  'EmbeddedTmpl',
  'ChangeMode',
  'ChangeSignal',
  'ChangeScript',
  'Splay',
  'Perms',
  'Uid',
  'Gid',
  'LeftDelim',
  'RightDelim',
  'Envvars',
  'VaultGrace',
  'Wait',
  'ErrMissingKey',
];

// portList reduces a network's ports to what an in-place update cannot
// change, in order: reserved ports with their values, then dynamic ones
// with -1 (their value is the scheduler's), each with its label, inner port
// and host network.
function portList(n: NetworkResource): [string, number, number, string][] {
  return [
    ...(n.ReservedPorts ?? []).map((p): [string, number, number, string] => [p.Label, p.Value, p.To, p.HostNetwork]),
    ...(n.DynamicPorts ?? []).map((p): [string, number, number, string] => [p.Label, -1, p.To, p.HostNetwork]),
  ];
}

/**
 * networkUpdatedReason says what differs between two network lists that an
 * in-place update cannot carry over (how many networks there are, and per
 * network its mode, bandwidth, hostname, DNS and ports), or null. Networks
 * are compared by position, ports in order, as upstream does.
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
    if ((an.Hostname ?? '') !== (bn.Hostname ?? '')) return 'network hostname changed';
    if (!jsonEqual(an.DNS, bn.DNS, true)) return 'network DNS changed';
    if (!jsonEqual(portList(an), portList(bn))) return 'network ports changed';
  }
  return null;
}

/**
 * affinitiesUpdated reports whether the affinities that steer the group's
 * placement changed: job, group and task affinities are laid end to end and
 * compared as a set (1.6 ignores their order, 0.12 does not).
 */
export function affinitiesUpdated(jobA: Job, jobB: Job, taskGroup: string): boolean {
  const collect = (job: Job): Affinity[] => {
    const tg = lookupTaskGroup(job, taskGroup);
    return [job.Affinities ?? [], tg?.Affinities ?? [], ...(tg?.Tasks ?? []).map((t) => t.Affinities ?? [])].flat();
  };
  return !sameAsSet(collect(jobA), collect(jobB), (x, y) => sameFields(x, y, AFFINITY_FIELDS));
}

// field reads one field of a JSON object, undefined for anything else.
function field(v: JsonValue | undefined, name: string): JsonValue | undefined {
  return v !== null && v !== undefined && typeof v === 'object' && !Array.isArray(v) ? v[name] : undefined;
}

// isSet reports whether an optional block is present.
function isSet(v: JsonValue | undefined): boolean {
  return v !== null && v !== undefined;
}

/**
 * connectUpdatedReason says how a service's Connect block changed in a way
 * only a new allocation can carry: added or removed, native mode, gateway,
 * sidecar task, or the sidecar service (added, removed, or its port).
 */
function connectUpdatedReason(a: JsonValue | undefined, b: JsonValue | undefined): string | null {
  if (!isSet(a) && !isSet(b)) return null;
  if (!isSet(a)) return 'connect added';
  if (!isSet(b)) return 'connect removed';
  if ((field(a, 'Native') ?? false) !== (field(b, 'Native') ?? false)) return 'connect native changed';
  if (!jsonEqual(field(a, 'Gateway'), field(b, 'Gateway'), true)) return 'connect gateway changed';
  if (!jsonEqual(field(a, 'SidecarTask'), field(b, 'SidecarTask'), true)) return 'connect sidecar task changed';
  const sa = field(a, 'SidecarService');
  const sb = field(b, 'SidecarService');
  if (!isSet(sa) && !isSet(sb)) return null;
  if (!isSet(sa)) return 'connect sidecar service added';
  if (!isSet(sb)) return 'connect sidecar service removed';
  if ((field(sa, 'Port') ?? '') !== (field(sb, 'Port') ?? '')) return 'connect sidecar port changed';
  return null;
}

/**
 * connectServiceUpdatedReason says which service with Connect changed
 * destructively: its Connect block, or its port label, which the Connect
 * plumbing is built from. Services are matched by name; ones without
 * Connect in jobA are updated in place.
 */
function connectServiceUpdatedReason(
  servicesA: readonly Service[] | null | undefined,
  servicesB: readonly Service[] | null | undefined,
): string | null {
  for (const sa of servicesA ?? []) {
    if (!isSet(sa.Connect)) continue;
    const sb = (servicesB ?? []).find((s) => s.Name === sa.Name);
    if (sb === undefined) continue;
    const reason = connectUpdatedReason(sa.Connect, sb.Connect);
    if (reason !== null) return `service "${sa.Name}": ${reason}`;
    if ((sa.PortLabel ?? '') !== (sb.PortLabel ?? '')) return `service "${sa.Name}": connect port label changed`;
  }
  return null;
}

// renderTemplatesUpdated reports whether restart's render_templates was turned on or off.
function renderTemplatesUpdated(a: RestartPolicy | null | undefined, b: RestartPolicy | null | undefined): boolean {
  return (a?.RenderTemplates ?? false) !== (b?.RenderTemplates ?? false);
}

// nonNetworkResourcesUpdatedReason names the first of CPU, cores, memory, memory max and devices that changed.
function nonNetworkResourcesUpdatedReason(a: Resources | undefined, b: Resources | undefined): string | null {
  if (a?.CPU !== b?.CPU) return 'CPU changed';
  if ((a?.Cores ?? 0) !== (b?.Cores ?? 0)) return 'cores changed';
  if (a?.MemoryMB !== b?.MemoryMB) return 'memory changed';
  if ((a?.MemoryMaxMB ?? 0) !== (b?.MemoryMaxMB ?? 0)) return 'memory max changed';
  if (!devicesEqual(a?.Devices, b?.Devices)) return 'devices changed';
  return null;
}

/**
 * tasksUpdatedReason decides whether moving the group from jobA to jobB
 * needs its allocations replaced rather than updated in place, and says
 * why: the first change, in v1.6.5's order of checks, that a running
 * allocation cannot absorb. Beyond 0.12's list it checks the group's
 * network hostname, DNS and port mappings, Consul namespace, Connect
 * services, volumes and render_templates, and per task its CSI plugin
 * config, volume mounts, cores, memory max, identity, log collection and
 * render_templates. A group missing from either job counts as a change.
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
  if ((a.Consul?.Namespace ?? '') !== (b.Consul?.Namespace ?? '')) return 'consul namespace changed';

  const connect = connectServiceUpdatedReason(a.Services, b.Services);
  if (connect !== null) return connect;

  if (!jsonEqual(a.Volumes, b.Volumes, true)) return 'volume requests changed';
  if (renderTemplatesUpdated(a.RestartPolicy, b.RestartPolicy)) return 'group restart render_templates changed';

  for (const at of a.Tasks) {
    const reason = taskUpdatedReason(jobA, jobB, taskGroup, at);
    if (reason !== null) return reason;
  }
  return null;
}

/**
 * taskUpdatedReason is tasksUpdatedReason's check of one task: the first of
 * the task's own fields, in v1.6.5's order, whose change forces its
 * allocations to be replaced, or null. `at` is the task of jobA's group;
 * its namesake in jobB's group is compared with it.
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
  if (!jsonEqual(at.CSIPluginConfig, bt.CSIPluginConfig, true)) return `${task}: CSI plugin config changed`;
  if (!jsonEqual(at.VolumeMounts, bt.VolumeMounts, true)) return `${task}: volume mounts changed`;

  // Meta is compared merged across job, group and task, as in 0.12.
  if (!jsonEqual(combinedTaskMeta(jobA, taskGroup, at.Name), combinedTaskMeta(jobB, taskGroup, bt.Name))) {
    return `${task}: meta changed (combined job/group/task meta)`;
  }

  const taskNet = networkUpdatedReason(at.Resources?.Networks, bt.Resources?.Networks);
  if (taskNet !== null) return `${task}: ${taskNet}`;
  const resources = nonNetworkResourcesUpdatedReason(at.Resources, bt.Resources);
  if (resources !== null) return `${task}: ${resources}`;

  if (!jsonEqual(at.Identity, bt.Identity, true)) return `${task}: identity changed`;
  // Turning log collection on or off changes the task's stdout and stderr.
  if ((at.LogConfig?.Disabled ?? false) !== (bt.LogConfig?.Disabled ?? false)) return `${task}: log collection changed`;
  if (renderTemplatesUpdated(at.RestartPolicy, bt.RestartPolicy)) return `${task}: restart render_templates changed`;
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

// The decisions 1.6 adds for a node that no longer suits the job.
const OTHER_DATACENTER = sharedDecision({
  ignore: false,
  destructive: true,
  reason: "node's datacenter is no longer one of the job's",
});
const OTHER_POOL = sharedDecision({
  ignore: false,
  destructive: true,
  reason: "node is no longer in the job's node pool",
});

/**
 * genericAllocUpdateFn is the 1.6 scheduler's way of deciding how an
 * existing allocation follows a new job version: as 0.12's, but before the
 * in-place update an allocation whose node is no longer in one of the job's
 * datacenters or in its node pool is replaced instead. A job without
 * datacenters runs in all of them ("*", as 1.6.5 fills it in).
 */
export function genericAllocUpdateFn(nodes: ReadonlyMap<string, Node>): AllocUpdateFn {
  const destructiveChange = destructiveChanges(tasksUpdatedReason);
  return (existing, newJob, newTG): AllocUpdateDecision => {
    if (existing.Job.JobModifyIndex === newJob.JobModifyIndex) return UNCHANGED;

    const destructive = destructiveChange(newJob, existing.Job, newTG.Name);
    if (destructive !== null) return destructive;

    if (terminalStatus(existing)) return TERMINAL;

    const node = nodes.get(existing.NodeID);
    if (node === undefined) return NODE_GONE;
    const datacenters = newJob.Datacenters.length === 0 ? ['*'] : newJob.Datacenters;
    if (!isInAnyDC(node, datacenters)) return OTHER_DATACENTER;
    if (!isInPool(node, newJob.NodePool ?? NodePoolDefault)) return OTHER_POOL;

    // The new job on a copy, as in 0.12; the scores it had stay with it.
    const updated: Allocation = { ...existing, Job: newJob };
    return {
      ignore: false,
      destructive: false,
      updated,
      reason: 'only in-place changes (assumed to still fit its node)',
    };
  };
}
