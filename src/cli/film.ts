// A rollout's film as text, for `reconcile --simulate`: each evaluation
// with its time, trigger and reason, what happened before it, its plan as
// `nomad job plan` prints it, where new allocations went and what did not
// fit; then how the film ended and what became of each event.

import { formatGoDuration, formatInstant } from '../engine/time.ts';
import { formatPlan } from '../result/plan.ts';
import type { Film } from '../simulator/simulate.ts';

const indent = (text: string, by = '    ') => text.split('\n').filter((l) => l !== '').map((l) => by + l).join('\n');

/** formatFilm renders a film, one block per evaluation. */
export function formatFilm(film: Film): string {
  const start = film.Steps[0]?.Time ?? film.End.Time;
  const at = (t: number) => `+${formatGoDuration(t - start)}`;
  const out: string[] = [];
  for (const s of film.Steps) {
    out.push(`==> Evaluation ${s.Index} at ${at(s.Time)} (${formatInstant(s.Time)}), ${s.TriggeredBy}: ${s.Why}`);
    for (const h of s.Happenings) out.push(`    ${at(h.Time)} ${h.Text}`);
    out.push(indent(formatPlan(s.Document)));
    for (const h of s.Applied) out.push(`    = ${h.Text}`);
    for (const p of s.Placed) out.push(`    + ${p.Name}${p.Canary ? ' (canary)' : ''} placed on ${p.NodeName || p.NodeID} (${p.AllocID})`);
    for (const f of s.Failures) out.push(`    ! Task Group ${JSON.stringify(f.TaskGroup)}: failed to place ${f.Failed} allocation(s)`);
    out.push('');
  }
  out.push(`==> End at ${at(film.End.Time)}: ${film.End.Status}: ${film.End.Reason}`);
  for (const h of film.End.Happenings) out.push(`    ${at(h.Time)} ${h.Text}`);
  const d = film.End.Deployment;
  if (d !== null) out.push(`    deployment ${d.ID} (job version ${d.JobVersion}): ${d.Status}: ${d.StatusDescription}`);
  for (const e of film.Events) {
    const fate = e.Time === null ? 'not reached' : e.Problem !== null ? `ignored: ${e.Problem}` : `happened at ${at(e.Time)}`;
    out.push(`    event ${e.Index}: ${fate}`);
  }
  return out.join('\n') + '\n';
}
