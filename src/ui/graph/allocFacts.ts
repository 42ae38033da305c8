// An allocation's fields as label/value rows for the details panel.

import { type Allocation, type Node, isZeroTime } from '../../engine/structs.ts';
import { formatInstant } from '../../engine/time.ts';

/** Fact is one labelled value of the details panel. */
export interface Fact {
  label: string;
  value: string;
}

function flag(v: boolean | null): string {
  return v === null ? 'unset' : String(v);
}

function time(t: number): string {
  return isZeroTime(t) ? 'unset' : formatInstant(t);
}

/** nodeFact describes the node an allocation runs on, or says it no longer exists. */
export function nodeFact(alloc: Allocation, node: Node | undefined): string {
  if (node === undefined) return `${alloc.NodeID || '(none)'}: no longer exists (garbage-collected)`;
  const state: string[] = [node.Status];
  if (node.Drain) state.push('draining');
  if (node.SchedulingEligibility === 'ineligible') state.push('ineligible');
  return `${node.Name || node.ID} (${node.ID}), ${node.Datacenter || 'no datacenter'}, ${state.join(', ')}`;
}

/** allocFacts lists the fields of an allocation that matter to the reconciler. */
export function allocFacts(alloc: Allocation, node: Node | undefined): Fact[] {
  const facts: Fact[] = [
    { label: 'ID', value: alloc.ID },
    { label: 'Name', value: alloc.Name },
    { label: 'Task group', value: alloc.TaskGroup },
    { label: 'Node', value: nodeFact(alloc, node) },
    { label: 'Job version', value: `${alloc.Job.Version} (JobModifyIndex ${alloc.Job.JobModifyIndex})` },
    { label: 'Desired status', value: alloc.DesiredStatus },
    { label: 'Client status', value: alloc.ClientStatus },
    {
      label: 'Desired transition',
      value: `Migrate ${flag(alloc.DesiredTransition.Migrate)}, Reschedule ${flag(alloc.DesiredTransition.Reschedule)}, ForceReschedule ${flag(alloc.DesiredTransition.ForceReschedule)}`,
    },
    { label: 'Deployment', value: alloc.DeploymentID || 'none' },
    {
      label: 'Deployment status',
      value: alloc.DeploymentStatus
        ? `Healthy ${flag(alloc.DeploymentStatus.Healthy)}, Canary ${alloc.DeploymentStatus.Canary}`
        : 'none',
    },
    { label: 'Follow-up eval', value: alloc.FollowupEvalID || 'none' },
    { label: 'Previous allocation', value: alloc.PreviousAllocation || 'none' },
    { label: 'Next allocation', value: alloc.NextAllocation || 'none' },
    { label: 'Modify time', value: time(alloc.ModifyTime) },
  ];
  const events = alloc.RescheduleTracker?.Events ?? [];
  facts.push({
    label: 'Reschedule events',
    value:
      events.length === 0
        ? 'none'
        : events.map((e) => `${time(e.RescheduleTime)} from ${e.PrevAllocID || '?'}`).join('; '),
  });
  for (const [task, s] of Object.entries(alloc.TaskStates ?? {})) {
    facts.push({
      label: `Task ${task}`,
      value: `${s.State}${s.Failed ? ', failed' : ''}${isZeroTime(s.FinishedAt) ? '' : `, finished ${time(s.FinishedAt)}`}`,
    });
  }
  return facts;
}
