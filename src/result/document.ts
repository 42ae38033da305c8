// The result document of SCENARIO.md: what one reconciliation decided, in
// Nomad's JSON forms (durations in nanoseconds, instants as RFC 3339).

import type { DeploymentStatusUpdate, DesiredUpdates, JobType } from '../engine/structs.ts';
import { formatInstant } from '../engine/time.ts';
import type { ReconcileResults } from '../engine/types.ts';
import type { ReconcileResults as ReconcileResults16 } from '../engine/v1.6/types.ts';
import { type DeploymentDocument, writeDeployment } from '../scenario/write.ts';

export type { DeploymentDocument } from '../scenario/write.ts';

/** PlaceDocument is one new allocation to place. The last three fields are Nomad 1.6's, present only under it. */
export interface PlaceDocument {
  Name: string;
  TaskGroup: string;
  Canary: boolean;
  PreviousAllocID: string;
  Reschedule: boolean;
  /** Lost is true when the allocation replaced was lost (upstream's PreviousLost). */
  Lost?: boolean;
  /** DowngradeNonCanary is true for a non-canary placed while the group's canaries await promotion. */
  DowngradeNonCanary?: boolean;
  /** MinJobVersion is the job Version of the allocation replaced; 0 when none. */
  MinJobVersion?: number;
}

/** DestructiveUpdateDocument replaces one allocation. */
export interface DestructiveUpdateDocument {
  Name: string;
  TaskGroup: string;
  StopAllocID: string;
  StopStatusDescription: string;
}

/** InplaceUpdateDocument updates one allocation where it runs. */
export interface InplaceUpdateDocument {
  AllocID: string;
  Name: string;
  TaskGroup: string;
}

/** StopDocument stops one allocation. */
export interface StopDocument {
  AllocID: string;
  Name: string;
  ClientStatus: string;
  StatusDescription: string;
  FollowupEvalID: string;
}

/** AttributeUpdateDocument annotates one allocation with its follow-up evaluation. */
export interface AttributeUpdateDocument {
  AllocID: string;
  Name: string;
  FollowupEvalID: string;
}

/** DisconnectUpdateDocument is one allocation on a disconnected node that Nomad 1.6 marks unknown. */
export interface DisconnectUpdateDocument {
  AllocID: string;
  Name: string;
  TaskGroup: string;
  ClientStatus: string;
  ClientDescription: string;
  /** FollowupEvalID is the evaluation that covers the allocation: its max-disconnect timeout, or its later reschedule. */
  FollowupEvalID: string;
}

/** ReconnectUpdateDocument is one allocation whose node came back, which Nomad 1.6 keeps. */
export interface ReconnectUpdateDocument {
  AllocID: string;
  Name: string;
  TaskGroup: string;
  ClientStatus: string;
}

/** FollowupEvalDocument is one follow-up evaluation to create. */
export interface FollowupEvalDocument {
  ID: string;
  WaitUntil: string;
  TriggeredBy: string;
  JobID: string;
  Namespace: string;
  Priority: number;
  Type: JobType;
  Status: string;
  StatusDescription: string;
  JobModifyIndex: number;
}

/** ResultDocument is the whole result of one reconciliation. */
export interface ResultDocument {
  Deployment: DeploymentDocument | null;
  DeploymentUpdates: DeploymentStatusUpdate[];
  Place: PlaceDocument[];
  DestructiveUpdate: DestructiveUpdateDocument[];
  InplaceUpdate: InplaceUpdateDocument[];
  Stop: StopDocument[];
  AttributeUpdates: AttributeUpdateDocument[];
  /** DisconnectUpdates is present, even empty, exactly when the scenario ran Nomad 1.6. */
  DisconnectUpdates?: DisconnectUpdateDocument[];
  /** ReconnectUpdates is present, even empty, exactly when the scenario ran Nomad 1.6. */
  ReconnectUpdates?: ReconnectUpdateDocument[];
  DesiredTGUpdates: Record<string, DesiredUpdates>;
  DesiredFollowupEvals: Record<string, FollowupEvalDocument[]>;
}

/**
 * toResultDocument writes the reconciler's results as the contract's result
 * document: every list present, every group's counts complete. 1.6's
 * results add their disconnect and reconnect updates, and three facts on
 * each placement; 0.12's document is exactly what it always was.
 */
export function toResultDocument(r: ReconcileResults | ReconcileResults16): ResultDocument {
  // Group names are keys here: null-prototype objects keep `__proto__` or
  // `constructor` as a group's own key, as JSON.parse does.
  const desired = Object.create(null) as Record<string, DesiredUpdates>;
  for (const [group, u] of r.desiredTGUpdates) desired[group] = { ...u };
  const followups = Object.create(null) as Record<string, FollowupEvalDocument[]>;
  for (const [group, evals] of r.desiredFollowupEvals) {
    followups[group] = evals.map((e) => ({
      ID: e.ID,
      WaitUntil: formatInstant(e.WaitUntil),
      TriggeredBy: e.TriggeredBy,
      JobID: e.JobID,
      Namespace: e.Namespace,
      Priority: e.Priority,
      Type: e.Type,
      Status: e.Status,
      StatusDescription: e.StatusDescription,
      JobModifyIndex: e.JobModifyIndex,
    }));
  }
  return {
    Deployment: r.deployment ? writeDeployment(r.deployment) : null,
    DeploymentUpdates: r.deploymentUpdates.map((u) => ({ ...u })),
    Place: r.place.map((p) => ({
      Name: p.name,
      TaskGroup: p.taskGroup.Name,
      Canary: p.canary,
      PreviousAllocID: p.previousAlloc?.ID ?? '',
      Reschedule: p.reschedule,
      ...('lost' in p
        ? { Lost: p.lost, DowngradeNonCanary: p.downgradeNonCanary, MinJobVersion: p.minJobVersion }
        : {}),
    })),
    DestructiveUpdate: r.destructiveUpdate.map((d) => ({
      Name: d.placeName,
      TaskGroup: d.placeTaskGroup.Name,
      StopAllocID: d.stopAlloc.ID,
      StopStatusDescription: d.stopStatusDescription,
    })),
    InplaceUpdate: r.inplaceUpdate.map((a) => ({ AllocID: a.ID, Name: a.Name, TaskGroup: a.TaskGroup })),
    Stop: r.stop.map((s) => ({
      AllocID: s.alloc.ID,
      Name: s.alloc.Name,
      ClientStatus: s.clientStatus,
      StatusDescription: s.statusDescription,
      FollowupEvalID: s.followupEvalID,
    })),
    AttributeUpdates: [...r.attributeUpdates.values()].map((a) => ({
      AllocID: a.ID,
      Name: a.Name,
      FollowupEvalID: a.FollowupEvalID,
    })),
    ...('disconnectUpdates' in r ? clientUpdates(r) : {}),
    DesiredTGUpdates: desired,
    DesiredFollowupEvals: followups,
  };
}

// clientUpdates writes 1.6's disconnect and reconnect updates, in the order
// the reconciler made them.
function clientUpdates(r: ReconcileResults16): Pick<ResultDocument, 'DisconnectUpdates' | 'ReconnectUpdates'> {
  return {
    DisconnectUpdates: [...r.disconnectUpdates.values()].map((a) => ({
      AllocID: a.ID,
      Name: a.Name,
      TaskGroup: a.TaskGroup,
      ClientStatus: a.ClientStatus,
      ClientDescription: a.ClientDescription ?? '',
      FollowupEvalID: a.FollowupEvalID,
    })),
    ReconnectUpdates: [...r.reconnectUpdates.values()].map((a) => ({
      AllocID: a.ID,
      Name: a.Name,
      TaskGroup: a.TaskGroup,
      ClientStatus: a.ClientStatus,
    })),
  };
}
