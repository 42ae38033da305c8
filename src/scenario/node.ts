// Client nodes: the fields that decide whether a node is tainted.

import { type Node, NodeStatusDown, NodeStatusInit, NodeStatusReady } from '../engine/structs.ts';
import { DiagnosticCode } from './diagnostics.ts';
import { type Reader, isObject, readArray, readBool, readEnum, readRequiredString, readString } from './fields.ts';
import { childPath, indexPath } from './path.ts';

const NODE_STATUSES = [NodeStatusInit, NodeStatusReady, NodeStatusDown] as const;
const ELIGIBILITIES = ['eligible', 'ineligible'] as const;

/** readNodes reads the scenario's Nodes; each needs an ID no other node has. */
export function readNodes(r: Reader, value: unknown, parent: string, key: string): Node[] {
  const list = readArray(r, value, parent, key);
  if (list === null) return [];
  const path = childPath(parent, key);
  const nodes: Node[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < list.length && !r.full; i++) {
    const itemPath = indexPath(path, i);
    const node = readNode(r, list[i], itemPath);
    if (node === null) continue;
    if (node.ID !== '' && seen.has(node.ID)) {
      r.report(DiagnosticCode.Duplicate, childPath(itemPath, 'ID'), `node ID ${JSON.stringify(node.ID)} is used by an earlier node`);
    }
    seen.add(node.ID);
    nodes.push(node);
  }
  return nodes;
}

/** readNode reads the node at `path`: Status defaults to ready, Drain to false, SchedulingEligibility to eligible. */
export function readNode(r: Reader, value: unknown, path: string): Node | null {
  if (!isObject(value)) {
    r.wrongTypeAt(path, 'a node object', value);
    return null;
  }
  return {
    ID: readRequiredString(r, value.ID, path, 'ID', true),
    Name: readString(r, value.Name, path, 'Name', ''),
    Datacenter: readString(r, value.Datacenter, path, 'Datacenter', ''),
    NodeClass: readString(r, value.NodeClass, path, 'NodeClass', ''),
    Status: readEnum(r, value.Status, path, 'Status', NODE_STATUSES, NodeStatusReady),
    Drain: readBool(r, value.Drain, path, 'Drain', false),
    SchedulingEligibility: readEnum(r, value.SchedulingEligibility, path, 'SchedulingEligibility', ELIGIBILITIES, 'eligible'),
  };
}
