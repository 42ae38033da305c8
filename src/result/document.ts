// The result document of SCENARIO.md: what one reconciliation decided, in
// Nomad's JSON forms (durations in nanoseconds, instants as RFC 3339).

import type { Deployment, DeploymentStatusUpdate, DesiredUpdates, JobType } from '../engine/structs.ts';
import { formatInstant } from '../engine/time.ts';
import type { ReconcileResults } from '../engine/types.ts';

/** DeploymentStateDocument is one group's state in a deployment document. */
export interface DeploymentStateDocument {
  AutoRevert: boolean;
  AutoPromote: boolean;
  ProgressDeadline: number;
  RequireProgressBy: string;
  Promoted: boolean;
  PlacedCanaries: string[];
  DesiredCanaries: number;
  DesiredTotal: number;
  PlacedAllocs: number;
  HealthyAllocs: number;
  UnhealthyAllocs: number;
}

/** DeploymentDocument is a deployment as Nomad's API prints it. */
export interface DeploymentDocument {
  ID: string;
  Namespace: string;
  JobID: string;
  JobVersion: number;
  JobModifyIndex: number;
  JobSpecModifyIndex: number;
  JobCreateIndex: number;
  IsMultiregion: boolean;
  Status: string;
  StatusDescription: string;
  TaskGroups: Record<string, DeploymentStateDocument>;
}

/** PlaceDocument is one new allocation to place. */
export interface PlaceDocument {
  Name: string;
  TaskGroup: string;
  Canary: boolean;
  PreviousAllocID: string;
  Reschedule: boolean;
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
  DesiredTGUpdates: Record<string, DesiredUpdates>;
  DesiredFollowupEvals: Record<string, FollowupEvalDocument[]>;
}

/** deploymentDocument writes a deployment in Nomad's JSON form. */
export function deploymentDocument(d: Deployment): DeploymentDocument {
  const groups: Record<string, DeploymentStateDocument> = {};
  for (const [name, s] of d.TaskGroups) {
    groups[name] = { ...s, PlacedCanaries: [...s.PlacedCanaries], RequireProgressBy: formatInstant(s.RequireProgressBy) };
  }
  return {
    ID: d.ID,
    Namespace: d.Namespace,
    JobID: d.JobID,
    JobVersion: d.JobVersion,
    JobModifyIndex: d.JobModifyIndex,
    JobSpecModifyIndex: d.JobSpecModifyIndex,
    JobCreateIndex: d.JobCreateIndex,
    IsMultiregion: d.IsMultiregion,
    Status: d.Status,
    StatusDescription: d.StatusDescription,
    TaskGroups: groups,
  };
}

/**
 * toResultDocument writes the reconciler's results as the contract's result
 * document: every list present, every group's counts complete.
 */
export function toResultDocument(r: ReconcileResults): ResultDocument {
  const desired: Record<string, DesiredUpdates> = {};
  for (const [group, u] of r.desiredTGUpdates) desired[group] = { ...u };
  const followups: Record<string, FollowupEvalDocument[]> = {};
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
    Deployment: r.deployment ? deploymentDocument(r.deployment) : null,
    DeploymentUpdates: r.deploymentUpdates.map((u) => ({ ...u })),
    Place: r.place.map((p) => ({
      Name: p.name,
      TaskGroup: p.taskGroup.Name,
      Canary: p.canary,
      PreviousAllocID: p.previousAlloc?.ID ?? '',
      Reschedule: p.reschedule,
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
    DesiredTGUpdates: desired,
    DesiredFollowupEvals: followups,
  };
}
