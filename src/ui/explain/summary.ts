// The explanation's first lines: the deployment as the panel above the
// graph shows it (the one this evaluation creates, else the scenario's, with
// what the evaluation does to it), then what became of the earlier one, so
// that the explanation never contradicts that panel.

import type { Deployment } from '../../engine/structs.ts';
import type { DeploymentCode, ReconcileTrace } from '../../engine/types.ts';
import type { DeploymentGroupView } from '../../graph/deployment.ts';

function short(id: string): string {
  return id.slice(0, 8);
}

// shown says what the deployment in view is and what this evaluation does to it, in the panel's words.
function shown(v: DeploymentGroupView): string {
  const which = `Deployment ${short(v.deploymentID)}, for job version ${v.jobVersion}, is ${v.status}`;
  switch (v.effect) {
    case 'created':
      return `${which}: this evaluation creates it.`;
    case 'cancelled':
      return `${which}: this evaluation cancels it (it was ${v.before}).`;
    case 'marked':
      return `${which}: this evaluation marks it so (it was ${v.before}).`;
    case 'none':
      return `${which}: it is the job’s latest deployment, and this evaluation leaves its status as it is.`;
  }
}

// EARLIER says what the reconciler made of the scenario's deployment when another one is in view.
const EARLIER: Readonly<Record<Exclude<DeploymentCode, 'none'>, (d: Deployment) => string>> = {
  'job-stopped': (d) => `The job is stopped, so deployment ${short(d.ID)} no longer applies.`,
  'other-version': (d) =>
    `The earlier deployment ${short(d.ID)} was for job version ${d.JobVersion}; it no longer applies.`,
  successful: (d) =>
    `The earlier deployment ${short(d.ID)} (job version ${d.JobVersion}) had completed successfully, so this change needs a new one.`,
  current: (d) => `Deployment ${short(d.ID)} is the job’s current deployment (${d.Status}).`,
};

/**
 * explainSummary is the explanation's opening sentences: a stopped job
 * first, then the deployment as the graph's panel shows it (`views`, from
 * deploymentViews), then the reconciler's word on the scenario's own
 * deployment when it is not the one in view.
 */
export function explainSummary(
  trace: ReconcileTrace,
  earlier: Deployment | null,
  views: readonly DeploymentGroupView[],
): string[] {
  const out: string[] = [];
  if (trace.jobStopped) out.push('The job is stopped: every allocation goes.');
  const inView = views[0];
  if (inView !== undefined) out.push(shown(inView));
  const code = trace.deploymentCode;
  if (code === 'none' && inView === undefined) out.push('There is no deployment.');
  // The scenario's deployment, when the panel shows another one (or none).
  if (code !== null && code !== 'none' && earlier !== null && inView?.deploymentID !== earlier.ID) {
    out.push(EARLIER[code](earlier));
  }
  return out;
}
