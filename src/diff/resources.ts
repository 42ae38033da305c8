// Upstream: hashicorp/nomad nomad/structs/diff.go at dccea99f7e
// (Resources.Diff, NetworkResource.Diff, networkResourceDiffs, portDiffs,
// RequestedDevice.Diff, requestedDevicesDiffs).
//
// A task's resources and a group's networks. Networks are a set (an edited
// network shows as the old one deleted and the new one added); ports are
// matched by label, devices by name.

import type { NetworkResource, Port, RequestedDevice, Resources } from '../engine/structs.ts';
import { sortObjectDiffs } from './fields.ts';
import { goText, setKey } from './flatten.ts';
import { blockDiff, primitiveObjectDiff } from './objects.ts';
import type { Flat, ObjectDiff } from './types.ts';

// The primitive fields of each struct, as upstream's flatmap lists them
// (limited to the fields the model has). Device, CIDR and IP of a network,
// and the Value of a dynamic port, are filtered out as upstream does.
const flatResources = (r: Resources): Flat => ({ CPU: goText(r.CPU), MemoryMB: goText(r.MemoryMB) });
const flatNetwork = (n: NetworkResource): Flat => ({ Mode: n.Mode, MBits: goText(n.MBits) });
const flatDevice = (d: RequestedDevice): Flat => ({ Name: d.Name, Count: goText(d.Count) });
const flatStaticPort = (p: Port): Flat => ({
  Label: p.Label,
  Value: goText(p.Value),
  To: goText(p.To),
  HostNetwork: p.HostNetwork,
});
const flatDynamicPort = (p: Port): Flat => ({ Label: p.Label, To: goText(p.To), HostNetwork: p.HostNetwork });

/** resourcesDiff diffs a task's resources: CPU and memory, then its networks and devices. */
export function resourcesDiff(oldR: Resources | null, newR: Resources | null, contextual: boolean): ObjectDiff | null {
  const diff = blockDiff(oldR, newR, 'Resources', flatResources, contextual);
  if (diff === null) return null;
  diff.Objects.push(...networkResourceDiffs(oldR?.Networks, newR?.Networks, contextual));
  diff.Objects.push(...requestedDevicesDiffs(oldR?.Devices, newR?.Devices, contextual));
  return diff;
}

/** networkDiff diffs one network (mode and bandwidth), then its static and dynamic ports. */
export function networkDiff(
  oldN: NetworkResource | null,
  newN: NetworkResource | null,
  contextual: boolean,
): ObjectDiff | null {
  const diff = blockDiff(oldN, newN, 'Network', flatNetwork, contextual);
  if (diff === null) return null;
  diff.Objects.push(...portDiffs(oldN?.ReservedPorts, newN?.ReservedPorts, false, contextual));
  diff.Objects.push(...portDiffs(oldN?.DynamicPorts, newN?.DynamicPorts, true, contextual));
  return diff;
}

/** networkResourceDiffs diffs two network lists as sets: only networks found on one side appear. */
export function networkResourceDiffs(
  oldList: readonly NetworkResource[] | null | undefined,
  newList: readonly NetworkResource[] | null | undefined,
  contextual: boolean,
): ObjectDiff[] {
  const oldSet = new Map((oldList ?? []).map((n) => [setKey(n), n] as const));
  const newSet = new Map((newList ?? []).map((n) => [setKey(n), n] as const));
  const diffs: ObjectDiff[] = [];
  for (const [k, n] of oldSet) {
    if (newSet.has(k)) continue;
    const d = networkDiff(n, null, contextual);
    if (d) diffs.push(d);
  }
  for (const [k, n] of newSet) {
    if (oldSet.has(k)) continue;
    const d = networkDiff(null, n, contextual);
    if (d) diffs.push(d);
  }
  return sortObjectDiffs(diffs);
}

/** portDiffs diffs a network's static or dynamic ports, matched by label. */
export function portDiffs(
  oldPorts: readonly Port[] | null | undefined,
  newPorts: readonly Port[] | null | undefined,
  dynamic: boolean,
  contextual: boolean,
): ObjectDiff[] {
  const byLabel = (ports: readonly Port[] | null | undefined) =>
    new Map((ports ?? []).map((p) => [p.Label, p] as const));
  const oldSet = byLabel(oldPorts);
  const newSet = byLabel(newPorts);
  const name = dynamic ? 'Dynamic Port' : 'Static Port';
  const flat = dynamic ? flatDynamicPort : flatStaticPort;
  const diffs: ObjectDiff[] = [];
  for (const [label, p] of oldSet) {
    const other = newSet.get(label);
    const d = primitiveObjectDiff(flat(p), other ? flat(other) : null, name, contextual);
    if (d) diffs.push(d);
  }
  for (const [label, p] of newSet) {
    if (oldSet.has(label)) continue;
    const d = primitiveObjectDiff(null, flat(p), name, contextual);
    if (d) diffs.push(d);
  }
  return sortObjectDiffs(diffs);
}

/** requestedDevicesDiffs diffs a task's device asks, matched by device name. */
export function requestedDevicesDiffs(
  oldList: readonly RequestedDevice[] | null | undefined,
  newList: readonly RequestedDevice[] | null | undefined,
  contextual: boolean,
): ObjectDiff[] {
  const byName = (list: readonly RequestedDevice[] | null | undefined) =>
    new Map((list ?? []).map((d) => [d.Name, d] as const));
  const oldSet = byName(oldList);
  const newSet = byName(newList);
  const diffs: ObjectDiff[] = [];
  for (const [name, d] of oldSet) {
    const diff = blockDiff(d, newSet.get(name) ?? null, 'Device', flatDevice, contextual);
    if (diff) diffs.push(diff);
  }
  for (const [name, d] of newSet) {
    if (oldSet.has(name)) continue;
    const diff = blockDiff(null, d, 'Device', flatDevice, contextual);
    if (diff) diffs.push(diff);
  }
  return sortObjectDiffs(diffs);
}
