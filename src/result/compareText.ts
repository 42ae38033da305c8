// A comparison of the two versions' results as text for a terminal: per
// group the counts and follow-ups that differ, per allocation what each
// version does to it and the reconciler branch that decided.

import type { VersionAction, Comparison, VersionDecision } from './compare.ts';
import { NOMAD_VERSIONS } from '../scenario/nomadVersion.ts';

// The words of each action.
const ACTION_WORDS: Record<VersionAction['Action'], string> = {
  stop: 'stop',
  'destructive-update': 'destructive update',
  'inplace-update': 'in-place update',
  disconnect: 'marked unknown',
  reconnect: 'reconnects, kept',
  replaced: 'replaced',
  followup: 'follow-up',
  ignore: 'ignore',
};

/** formatAction renders one action: its words, then what the result says about it in brackets. */
export function formatAction(a: VersionAction): string {
  const facts: string[] = [];
  if (a.ClientStatus) facts.push(`client status ${a.ClientStatus}`);
  if (a.Description) facts.push(JSON.stringify(a.Description));
  if (a.Reschedule) facts.push('rescheduled');
  if (a.Lost) facts.push('lost');
  if (a.Canary) facts.push('by a canary');
  if (a.DowngradeNonCanary) facts.push(`at the last promoted job version, at least ${a.MinJobVersion ?? 0}`);
  if (a.Followup) facts.push(`evaluation at ${a.Followup}`);
  return facts.length === 0 ? ACTION_WORDS[a.Action] : `${ACTION_WORDS[a.Action]} (${facts.join(', ')})`;
}

// decisionText renders one version's decision: its actions, then its code.
function decisionText(d: VersionDecision): string {
  const actions = d.Actions.map(formatAction).join('; ');
  return d.Code === null ? actions : `${actions} [${d.Code}]`;
}

/** formatComparison renders every difference, or says there is none; the text ends with a newline. */
export function formatComparison(c: Comparison): string {
  if (c.Same) return 'No differences: Nomad 0.12 and Nomad 1.6 decide the same for every group and allocation.\n';
  const width = Math.max(...NOMAD_VERSIONS.map((v) => v.length));
  const lines: string[] = [];
  for (const g of c.Groups) {
    lines.push(`Task Group ${JSON.stringify(g.TaskGroup)}:`);
    for (const [field, counts] of Object.entries(g.Counts))
      lines.push(`  ${field}: ${NOMAD_VERSIONS.map((v) => `${v} ${counts[v]}`).join(', ')}`);
    if (g.FollowupEvals)
      for (const v of NOMAD_VERSIONS) {
        const evals = g.FollowupEvals[v];
        lines.push(`  follow-up evaluations, ${v.padEnd(width)}: ${evals.length === 0 ? 'none' : evals.join('; ')}`);
      }
  }
  for (const a of c.Allocations) {
    lines.push(`Allocation ${a.AllocID} (${a.Name}):`);
    for (const v of NOMAD_VERSIONS) lines.push(`  ${v.padEnd(width)}: ${decisionText(a.Decisions[v])}`);
  }
  return lines.join('\n') + '\n';
}
