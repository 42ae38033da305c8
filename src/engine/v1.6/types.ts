// Upstream: hashicorp/nomad scheduler/reconcile.go and reconcile_util.go at v1.6.5.
//
// What the 1.6 reconciler reads and returns beyond the 0.12 one (../types.ts):
// the evaluation's priority, whether the servers handle disconnected
// clients, three more facts on each placement, and the allocations it marks
// unknown or reconnected.

import type { Allocation } from '../structs.ts';
import type {
  AllocPlaceResult as AllocPlaceResult012,
  ReconcileResults as ReconcileResults012,
  ReconcilerInput as ReconcilerInput012,
} from '../types.ts';

/** ReconcilerInput is the 0.12 input plus the two arguments NewAllocReconciler gained. */
export interface ReconcilerInput extends ReconcilerInput012 {
  /** evalPriority is the priority of the evaluation: of its follow-up evaluations and of a created deployment. */
  evalPriority: number;
  /** supportsDisconnectedClients is false while some server is older than 1.3: no group then takes part in the disconnect logic. */
  supportsDisconnectedClients: boolean;
}

/** AllocPlaceResult is a placement, with what 1.6's scheduler learns of the allocation it replaces. */
export interface AllocPlaceResult extends AllocPlaceResult012 {
  /** lost is true when the previous allocation was lost (upstream's PreviousLost). */
  lost: boolean;
  /** downgradeNonCanary is true for a non-canary placed while the group's canaries are not yet promoted. */
  downgradeNonCanary: boolean;
  /** minJobVersion is the job version of the previous allocation, 0 when there is none. */
  minJobVersion: number;
}

/** ReconcileResults is the 0.12 results with 1.6's placements and two more maps. */
export interface ReconcileResults extends Omit<ReconcileResults012, 'place'> {
  place: AllocPlaceResult[];
  /** disconnectUpdates maps an allocation ID to the allocation on a disconnected node, now marked unknown. */
  disconnectUpdates: Map<string, Allocation>;
  /** reconnectUpdates maps an allocation ID to the allocation whose node came back, kept and running. */
  reconnectUpdates: Map<string, Allocation>;
}
