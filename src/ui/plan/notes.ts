// Plain-words notes for where a plan's counts hide what will happen: the
// counts say what this one evaluation does, and people read them as the
// whole rollout. Pure: scenario, result and trace in, sentences out. The
// trace is read by its codes, never by its words.

import type { ReconcileTrace } from '../../engine/types.ts';
import type { ResultDocument } from '../../result/document.ts';
import type { Scenario } from '../../scenario/read.ts';

/** PlanNote is one warning about the plan, for one group or the whole job. */
export interface PlanNote {
  group: string | null;
  text: string;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * planNotes explains what the counts leave out: replacements held back by
 * max_parallel, canaries awaiting promotion, placements held by a paused or
 * failed deployment, and failed allocations rescheduled later.
 */
export function planNotes(scenario: Scenario, doc: ResultDocument, trace: ReconcileTrace | null): PlanNote[] {
  const notes: PlanNote[] = [];
  const dep = scenario.Deployment;
  const cancelled = dep !== null && doc.DeploymentUpdates.some((u) => u.DeploymentID === dep.ID);
  const held = dep !== null && !cancelled && (dep.Status === 'paused' || dep.Status === 'failed');
  if (held && dep) {
    notes.push({
      group: null,
      text:
        dep.Status === 'paused'
          ? `Deployment ${dep.ID} is paused: the reconciler places nothing new and replaces nothing until it is resumed (nomad deployment resume).`
          : `Deployment ${dep.ID} has failed: the reconciler places no further replacements for it; a new job version (or an auto-revert) starts a new deployment.`,
    });
  }
  // Failed allocations annotated with a follow-up evaluation are rescheduled later.
  const groupOf = new Map(scenario.Allocations.map((a) => [a.ID, a.TaskGroup]));
  const laterByGroup = new Map<string, number>();
  for (const u of doc.AttributeUpdates) {
    const g = groupOf.get(u.AllocID);
    if (g !== undefined && u.FollowupEvalID) laterByGroup.set(g, (laterByGroup.get(g) ?? 0) + 1);
  }
  for (const g of trace?.groups ?? []) {
    const updates = doc.DesiredTGUpdates[g.group];
    const limited = g.decisions.filter((d) => d.code === 'held-by-limit').length;
    const holding = g.decisions.filter((d) => d.code === 'held-by-deployment').length;
    if (limited > 0) {
      const now = updates?.DestructiveUpdate ?? 0;
      const maxParallel = scenario.Job.TaskGroups.find((tg) => tg.Name === g.group)?.Update?.MaxParallel ?? g.limit;
      const firstUse =
        now < maxParallel
          ? ' Placements for lost, failed or migrated allocations, and allocations of the deployment that are not yet healthy, count against max_parallel first.'
          : '';
      notes.push({
        group: g.group,
        text:
          `${plural(now + limited, 'allocation needs', 'allocations need')} replacing and max_parallel is ${maxParallel}: ` +
          `${now} ${now === 1 ? 'is' : 'are'} replaced now and the other ${limited} ${limited === 1 ? 'is' : 'are'} counted as "ignore" here. ` +
          `${limited === 1 ? 'It is' : 'They are'} replaced in later evaluations, as the new allocations become healthy.${firstUse}`,
      });
    }
    const state = dep?.TaskGroups instanceof Map ? dep.TaskGroups.get(g.group) : undefined;
    const awaiting = !cancelled && !held && state !== undefined && state.DesiredCanaries > 0 && !state.Promoted;
    if (awaiting && state) {
      const placed = state.PlacedCanaries.length;
      const promote = state.AutoPromote
        ? 'it is promoted automatically once all canaries are healthy'
        : 'someone runs nomad deployment promote';
      notes.push({
        group: g.group,
        text:
          placed >= state.DesiredCanaries
            ? `${plural(placed, 'canary is', 'canaries are')} placed and the deployment awaits promotion: nothing else is replaced until ${promote}.`
            : `The deployment wants ${plural(state.DesiredCanaries, 'canary', 'canaries')} (${placed} placed so far); the other allocations keep the old version until ${promote}.`,
      });
    } else if (holding > 0) {
      notes.push({
        group: g.group,
        text: `${plural(holding, 'allocation needs', 'allocations need')} replacing but ${holding === 1 ? 'is' : 'are'} held back by the deployment and counted as "ignore".`,
      });
    }
    const later = laterByGroup.get(g.group) ?? 0;
    if (later > 0) {
      notes.push({
        group: g.group,
        text: `${plural(later, 'failed allocation is', 'failed allocations are')} not replaced now: ${later === 1 ? 'its' : 'their'} reschedule delay has not passed, so a follow-up evaluation will replace ${later === 1 ? 'it' : 'them'} later (counted as "ignore").`,
      });
    }
  }
  return notes;
}
