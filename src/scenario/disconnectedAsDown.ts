// Reading a Nomad 1.6 scenario for Nomad 0.12, to compare the two: 0.12 has
// no disconnected clients. A client that misses its heartbeats is marked down
// by 0.12's servers, so a node that 1.6 calls disconnected is, for 0.12, a
// down node. Every other value only 1.6 knows (an unknown allocation, an
// initializing deployment) stays for the reader to refuse: 0.12 has no
// state those can be read as.

import { NodeStatusDisconnected, NodeStatusDown } from '../engine/structs.ts';
import { isObject } from './fields.ts';

/** NodeNamed names a node as the document does: its ID and its Name ("" when it has none). */
export interface NodeNamed {
  ID: string;
  Name: string;
}

/** DisconnectedReadAsDown is the note that the disconnected nodes of a document were read as down for Nomad 0.12. */
export interface DisconnectedReadAsDown {
  /** Nodes are the nodes read as down, in the document's order. */
  Nodes: NodeNamed[];
  /** Text says so in one sentence, naming each node by its name (or its ID when it has none). */
  Text: string;
}

/**
 * disconnectedAsDown is `document` as Nomad 0.12 would see it: each node
 * whose Status is "disconnected" has Status "down", with the note that says
 * so (null when no node is disconnected, and then the document is returned
 * as it is). The document is not changed: changed nodes are copies.
 */
export function disconnectedAsDown(document: unknown): { document: unknown; note: DisconnectedReadAsDown | null } {
  if (!isObject(document) || !Array.isArray(document.Nodes)) return { document, note: null };
  const named: NodeNamed[] = [];
  const nodes = document.Nodes.map((node: unknown) => {
    if (!isObject(node) || node.Status !== NodeStatusDisconnected) return node;
    named.push({ ID: textOf(node.ID), Name: textOf(node.Name) });
    return { ...node, Status: NodeStatusDown };
  });
  if (named.length === 0) return { document, note: null };
  return { document: { ...document, Nodes: nodes }, note: { Nodes: named, Text: noteText(named) } };
}

// textOf is a string field's value, or "" for anything else (the reader reports it).
function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

// noteText says which nodes were read as down: "node a is", "nodes a and b are", "nodes a, b and c are".
function noteText(nodes: readonly NodeNamed[]): string {
  const names = nodes.map((n) => (n.Name !== '' ? n.Name : n.ID));
  const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]!}`;
  return `Nomad 0.12 has no disconnected clients: ${names.length === 1 ? 'node' : 'nodes'} ${list} ${names.length === 1 ? 'is' : 'are'} read as down`;
}
