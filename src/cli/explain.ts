// The reconciler's reasoning as text for a terminal: per task group, the
// allocation sets after each step of computeGroup, whether the group is in
// its canary phase and why, how many destructive changes the update strategy
// allows, and what happens to each existing allocation.

import type { GroupTrace, ReconcileTrace, TraceStep } from '../engine/types.ts';

function yesNo(b: boolean): string {
  return b ? 'yes' : 'no';
}

function formatStep(s: TraceStep): string[] {
  const lines = [`    ${s.step}${s.note ? ` — ${s.note}` : ''}`];
  for (const [name, ids] of Object.entries(s.sets)) {
    lines.push(`      ${name} (${ids.length}): ${ids.length ? ids.join(', ') : '-'}`);
  }
  return lines;
}

/** formatGroupExplain renders one group's trace as indented lines. */
export function formatGroupExplain(g: GroupTrace): string[] {
  const lines = [
    `Task Group ${JSON.stringify(g.group)}${g.removed ? ' (removed from the job: every allocation stops)' : ''}`,
  ];
  if (g.steps.length > 0) {
    lines.push('  Steps:');
    for (const s of g.steps) lines.push(...formatStep(s));
  }
  lines.push(`  Existing deployment state for the group: ${yesNo(g.existingDeployment)}`);
  lines.push(`  Canary state: ${yesNo(g.canaryState)}${g.canaryReason ? ` — ${g.canaryReason}` : ''}`);
  lines.push(`  Canaries required: ${yesNo(g.requireCanary)}`);
  lines.push(`  Limit: ${g.limit}${g.limitReason ? ` — ${g.limitReason}` : ''}`);
  lines.push(`  Deployment complete for the group: ${yesNo(g.deploymentComplete)}`);
  if (g.decisions.length > 0) {
    lines.push('  Decisions:');
    for (const d of g.decisions) {
      lines.push(`    ${d.allocID} ${d.name}: ${d.action} [${d.step}]${d.reason ? ` — ${d.reason}` : ''}`);
    }
  } else {
    lines.push('  Decisions: none (no existing allocations)');
  }
  return lines;
}

/** formatExplain renders a whole reconciliation trace; the text ends with a newline. */
export function formatExplain(trace: ReconcileTrace): string {
  const lines: string[] = [];
  if (trace.jobStopped) lines.push('Job is stopped: every allocation stops.');
  // The note is a whole sentence about the job's deployment.
  if (trace.deploymentNote) lines.push(trace.deploymentNote);
  for (const g of trace.groups) {
    if (lines.length > 0) lines.push('');
    lines.push(...formatGroupExplain(g));
  }
  return lines.join('\n') + '\n';
}
