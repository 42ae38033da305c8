// The deployment as the graph draws it: one panel per task group, with the
// deployment's status in Nomad's words, what this result does to it, and
// the group's progress. Pure, from the scenario and the result document.

import type { Deployment } from '../engine/structs.ts';
import type { ResultDocument } from '../result/document.ts';
import type { Scenario } from '../scenario/read.ts';

/** DeploymentEffect is what the result does to the deployment: creates it, changes its status, or nothing. */
export type DeploymentEffect = 'created' | 'cancelled' | 'marked' | 'none';

/** DeploymentGroupView is one task group's share of the deployment. */
export interface DeploymentGroupView {
  deploymentID: string;
  jobVersion: number;
  group: string;
  /** status is the deployment's status once the result is applied (running, paused, failed, successful, cancelled, blocked, pending…). */
  status: string;
  /** before is the status the result found, or "" when the result creates the deployment. */
  before: string;
  description: string;
  effect: DeploymentEffect;
  desired: number;
  placed: number;
  healthy: number;
  unhealthy: number;
  canariesDesired: number;
  canariesPlaced: number;
  promoted: boolean;
  autoPromote: boolean;
  autoRevert: boolean;
}

// GroupState is a deployment group's progress, from the engine's Map or the document's record.
interface GroupState {
  DesiredTotal: number;
  PlacedAllocs: number;
  HealthyAllocs: number;
  UnhealthyAllocs: number;
  DesiredCanaries: number;
  PlacedCanaries: readonly string[] | null;
  Promoted: boolean;
  AutoPromote: boolean;
  AutoRevert: boolean;
}

// ACTIVE lists the statuses in which a deployment is still in progress.
const ACTIVE = new Set(['running', 'paused', 'pending', 'blocked', 'unblocking']);

/** deploymentActive tells whether a drawn deployment can still be promoted or failed. */
export function deploymentIsActive(v: DeploymentGroupView): boolean {
  return ACTIVE.has(v.status);
}

/**
 * deploymentViews lists the panels of the deployment in view: the one the
 * result creates, else the scenario's, with the status an update of this
 * result gives it ("cancelled" when the update cancels it, "marked" for any
 * other status). Groups are in the deployment's order.
 */
export function deploymentViews(scenario: Scenario, doc: ResultDocument): DeploymentGroupView[] {
  const created = doc.Deployment;
  if (created !== null) {
    return Object.entries(created.TaskGroups).map(([group, s]) =>
      groupView(created.ID, created.JobVersion, group, s, created.Status, '', created.StatusDescription, 'created'),
    );
  }
  const d: Deployment | null = scenario.Deployment;
  if (d === null) return [];
  const update = doc.DeploymentUpdates.find((u) => u.DeploymentID === d.ID);
  const effect: DeploymentEffect =
    update === undefined ? 'none' : update.Status === 'cancelled' ? 'cancelled' : 'marked';
  const status = update?.Status ?? d.Status;
  const description = update?.StatusDescription ?? d.StatusDescription;
  return [...d.TaskGroups].map(([group, s]) =>
    groupView(d.ID, d.JobVersion, group, s, status, d.Status, description, effect),
  );
}

function groupView(
  deploymentID: string,
  jobVersion: number,
  group: string,
  s: GroupState,
  status: string,
  before: string,
  description: string,
  effect: DeploymentEffect,
): DeploymentGroupView {
  return {
    deploymentID,
    jobVersion,
    group,
    status,
    before,
    description,
    effect,
    desired: s.DesiredTotal,
    placed: s.PlacedAllocs,
    healthy: s.HealthyAllocs,
    unhealthy: s.UnhealthyAllocs,
    canariesDesired: s.DesiredCanaries,
    canariesPlaced: s.PlacedCanaries?.length ?? 0,
    promoted: s.Promoted,
    autoPromote: s.AutoPromote,
    autoRevert: s.AutoRevert,
  };
}
