// Upstream: hashicorp/nomad nomad/structs/diff.go at dccea99f7e
// (Resources.Diff, NetworkResource.Diff, networkResourceDiffs, portDiffs,
// RequestedDevice.Diff, requestedDevicesDiffs).
//
// A task's resources and a group's networks. Networks are a set (an edited
// network shows as the old one deleted and the new one added); ports are
// matched by label, devices by name.

import { objects } from '../jobspec/canonical/values.ts';
import { sortObjectDiffs } from './fields.ts';
import { fieldOf, setKey } from './flatten.ts';
import { blockDiff, keyedDiffs, primitiveObjectDiff } from './objects.ts';
import { flat } from './schemas.ts';
import type { ObjectDiff } from './types.ts';

/** resourcesDiff diffs a task's resources: CPU, memory, disk and IOPS, then its networks and devices. */
export function resourcesDiff(oldR: unknown, newR: unknown, contextual: boolean): ObjectDiff | null {
  const diff = blockDiff(oldR, newR, 'Resources', flat.Resources, contextual);
  if (diff === null) return null;
  diff.Objects.push(...networkResourceDiffs(fieldOf(oldR, 'Networks'), fieldOf(newR, 'Networks'), contextual));
  diff.Objects.push(...requestedDevicesDiffs(fieldOf(oldR, 'Devices'), fieldOf(newR, 'Devices'), contextual));
  return diff;
}

/** networkDiff diffs one network (mode and bandwidth), then its static and dynamic ports. */
export function networkDiff(oldN: unknown, newN: unknown, contextual: boolean): ObjectDiff | null {
  const diff = blockDiff(oldN, newN, 'Network', flat.Network, contextual);
  if (diff === null) return null;
  diff.Objects.push(...portDiffs(fieldOf(oldN, 'ReservedPorts'), fieldOf(newN, 'ReservedPorts'), false, contextual));
  diff.Objects.push(...portDiffs(fieldOf(oldN, 'DynamicPorts'), fieldOf(newN, 'DynamicPorts'), true, contextual));
  return diff;
}

/** networkResourceDiffs diffs two network lists as sets: only networks found on one side appear. */
export function networkResourceDiffs(oldList: unknown, newList: unknown, contextual: boolean): ObjectDiff[] {
  const asSet = (list: unknown) => new Map(objects(list).map((n) => [setKey(n), n] as const));
  const oldSet = asSet(oldList);
  const newSet = asSet(newList);
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
export function portDiffs(oldPorts: unknown, newPorts: unknown, dynamic: boolean, contextual: boolean): ObjectDiff[] {
  const name = dynamic ? 'Dynamic Port' : 'Static Port';
  const flatten = dynamic ? flat.DynamicPort : flat.StaticPort;
  return keyedDiffs(oldPorts, newPorts, 'Label', (o, n) =>
    primitiveObjectDiff(flatten(o), flatten(n), name, contextual),
  );
}

/** requestedDevicesDiffs diffs a task's device asks, matched by device name. */
export function requestedDevicesDiffs(oldList: unknown, newList: unknown, contextual: boolean): ObjectDiff[] {
  return keyedDiffs(oldList, newList, 'Name', (o, n) => blockDiff(o, n, 'Device', flat.Device, contextual));
}
