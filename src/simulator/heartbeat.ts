// What the servers decide when a client stops heartbeating, and when a
// disconnected client is given up on (nomad/heartbeat.go, invalidateHeartbeat
// and disconnectState, at v1.6.5). Nomad 0.12 knows no disconnected
// clients: a missed heartbeat marks the node down.
//
// Simplified: a disconnected node is checked again at the instant its last
// allocation that may still reconnect expires, where Nomad checks at its
// next heartbeat deadline (seconds later); and a node that comes back is
// ready at once, where Nomad holds it `initializing` until the client has
// sent its allocations' state.

import {
  type Allocation,
  type Instant,
  type Node,
  type NodeStatus,
  AllocClientStatusUnknown,
  AllocDesiredStatusRun,
  NodeStatusDisconnected,
  NodeStatusDown,
  isZeroTime,
  lookupTaskGroup,
} from '../engine/structs.ts';
import { disconnectTimeout, expired, lastUnknown } from '../engine/v1.6/structs.ts';
import type { SimState } from './state.ts';

// allocsOnNode lists every job's allocations on the node.
function allocsOnNode(state: SimState, nodeID: string): Allocation[] {
  return state.jobs.flatMap((js) => js.allocs.filter((a) => a.NodeID === nodeID));
}

/**
 * disconnectState is upstream's check of a node that missed its heartbeat:
 * whether some allocation on it may disconnect (its group sets
 * max_client_disconnect), and whether one of those still wants to run and
 * has not expired, so that the node should wait for it as disconnected.
 */
export function disconnectState(
  allocs: readonly Allocation[],
  now: Instant,
): { canDisconnect: boolean; hasPendingReconnects: boolean } {
  let canDisconnect = false;
  for (const a of allocs) {
    if (!(disconnectTimeout(a, now) > now)) continue;
    canDisconnect = true;
    if (a.DesiredStatus === AllocDesiredStatusRun && !expired(a, now))
      return { canDisconnect: true, hasPendingReconnects: true };
  }
  return { canDisconnect, hasPendingReconnects: false };
}

/**
 * missedHeartbeatStatus is the status a node gets when its client stops
 * heartbeating: down under 0.12, and under 1.6 disconnected while an
 * allocation on it may still reconnect, else down.
 */
export function missedHeartbeatStatus(state: SimState, node: Node): NodeStatus {
  if (state.nomadVersion !== '1.6') return NodeStatusDown;
  const { canDisconnect, hasPendingReconnects } = disconnectState(allocsOnNode(state, node.ID), state.now);
  return canDisconnect && hasPendingReconnects ? NodeStatusDisconnected : NodeStatusDown;
}

/**
 * givenUpNodes lists the disconnected nodes that the servers now mark down:
 * no allocation on them may reconnect any more (each has expired, stopped,
 * or has no max_client_disconnect).
 */
export function givenUpNodes(state: SimState): Node[] {
  return state.nodes.filter(
    (n) =>
      n.Status === NodeStatusDisconnected &&
      !disconnectState(allocsOnNode(state, n.ID), state.now).hasPendingReconnects,
  );
}

/**
 * nextGiveUpTime is the earliest instant at which a disconnected node has
 * no allocation left that may reconnect: when the last of its unknown
 * allocations expires. Null when no disconnected node waits on a known
 * expiry (one still has an allocation the servers have not marked unknown:
 * its evaluation comes first).
 */
export function nextGiveUpTime(state: SimState): Instant | null {
  let next: Instant | null = null;
  for (const n of state.nodes) {
    if (n.Status !== NodeStatusDisconnected) continue;
    let last: Instant | null = null;
    let waits = false;
    for (const a of allocsOnNode(state, n.ID)) {
      if (a.DesiredStatus !== AllocDesiredStatusRun) continue;
      const timeout = lookupTaskGroup(a.Job, a.TaskGroup)?.MaxClientDisconnect;
      if (timeout === undefined || timeout === null || timeout <= 0) continue;
      const since = lastUnknown(a);
      if (a.ClientStatus !== AllocClientStatusUnknown || isZeroTime(since)) {
        waits = true;
        break;
      }
      const at = since + timeout;
      if (last === null || at > last) last = at;
    }
    if (waits || last === null) continue;
    if (next === null || last < next) next = last;
  }
  return next;
}
