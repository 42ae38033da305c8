// Client nodes: the fields that decide whether a node is tainted.

import {
  type Node,
  type NodeCapacity,
  type NodeStatus,
  NodeStatusDisconnected,
  NodeStatusDown,
  NodeStatusInit,
  NodeStatusReady,
} from '../engine/structs.ts';
import { DiagnosticCode } from './diagnostics.ts';
import {
  type Reader,
  isObject,
  readArray,
  readBool,
  readCount,
  readEnum,
  readObject,
  readRequiredString,
  readString,
} from './fields.ts';
import { readNode16Fields } from './nomad16.ts';
import { childPath } from './path.ts';
import { SeenStrings } from './unique.ts';

const NODE_STATUSES: readonly NodeStatus[] = [NodeStatusInit, NodeStatusReady, NodeStatusDown];
// Under 1.6 a node may also be disconnected; 0.12 refuses it.
const NODE_STATUSES_16: readonly NodeStatus[] = [...NODE_STATUSES, NodeStatusDisconnected];
const ELIGIBILITIES = ['eligible', 'ineligible'] as const;

/** readNodes reads the scenario's Nodes; each needs an ID no other node has. */
export function readNodes(r: Reader, value: unknown, parent: string, key: string): Node[] {
  const list = readArray(r, value, parent, key);
  if (list === null) return [];
  const path = childPath(parent, key);
  const nodes: Node[] = [];
  const seen = new SeenStrings(list.length);
  for (let i = 0; i < list.length && !r.full; i++) {
    // Inside the node, paths are relative to it: '' is the node itself.
    r.enterItem(path, i);
    const node = readNode(r, list[i], '');
    if (node !== null) {
      if (!seen.add(node.ID) && node.ID !== '') {
        r.report(DiagnosticCode.Duplicate, 'ID', `node ID ${JSON.stringify(node.ID)} is used by an earlier node`);
      }
      nodes.push(node);
    }
    r.leaveItem();
  }
  return nodes;
}

/**
 * readNode reads the node at `path`: Status defaults to ready, Drain to
 * false, SchedulingEligibility to eligible. readNodes passes "" and has the
 * Reader make paths relative to the node.
 */
export function readNode(r: Reader, value: unknown, path: string): Node | null {
  if (!isObject(value)) {
    r.wrongTypeAt(path, 'a node object', value);
    return null;
  }
  const node: Node = {
    ID: readRequiredString(r, value.ID, path, 'ID', true),
    Name: readString(r, value.Name, path, 'Name', ''),
    Datacenter: readString(r, value.Datacenter, path, 'Datacenter', ''),
    NodeClass: readString(r, value.NodeClass, path, 'NodeClass', ''),
    Status: readEnum(r, value.Status, path, 'Status', r.nomad16 ? NODE_STATUSES_16 : NODE_STATUSES, NodeStatusReady),
    Drain: readBool(r, value.Drain, path, 'Drain', false),
    SchedulingEligibility: readEnum(
      r,
      value.SchedulingEligibility,
      path,
      'SchedulingEligibility',
      ELIGIBILITIES,
      'eligible',
    ),
    NodeResources: readCapacity(r, value.NodeResources, path, 'NodeResources'),
    ReservedResources: readCapacity(r, value.ReservedResources, path, 'ReservedResources'),
  };
  if (r.nomad16) readNode16Fields(r, value, path, node);
  return node;
}

/**
 * readCapacity reads NodeResources or ReservedResources in the API's
 * nesting (Cpu.CpuShares, Memory.MemoryMB, Disk.DiskMB). Only the rollout
 * simulator's placements use them, so an absent block or dimension is
 * simply "not declared" (null).
 */
function readCapacity(r: Reader, value: unknown, parent: string, key: string): NodeCapacity | null {
  const block = readObject(r, value, parent, key);
  if (block === null) return null;
  const path = childPath(parent, key);
  const dimension = (outer: string, inner: string): number | null => {
    const holder = readObject(r, block[outer], path, outer);
    if (holder === null || holder[inner] == null) return null;
    return readCount(r, holder[inner], childPath(path, outer), inner, 0);
  };
  return {
    CpuShares: dimension('Cpu', 'CpuShares'),
    MemoryMB: dimension('Memory', 'MemoryMB'),
    DiskMB: dimension('Disk', 'DiskMB'),
  };
}
