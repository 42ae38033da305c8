// A rollout's film for `reconcile --simulate`: as text, each evaluation
// with its time, job, trigger and reason, what happened before it, its plan
// as `nomad job plan` prints it, where new allocations went and what did
// not fit, then how the film ended and what became of each event; or, with
// `--format json`, as one JSON document in the contract's forms.

import { formatGoDuration, formatInstant } from '../engine/time.ts';
import type { ResultDocument } from '../result/document.ts';
import { formatPlan } from '../result/plan.ts';
import { type DeploymentDocument, writeDeployment } from '../scenario/write.ts';
import type { RankedNode } from '../simulator/planApply.ts';
import type { OverBudget } from '../simulator/budget.ts';
import type { Film } from '../simulator/simulate.ts';
import type { Happening } from '../simulator/happenings.ts';

// happeningLine is the simulator's sentence for a happening, with the short
// ID and job version of each allocation it names: two allocations of a
// rollout often share a name (an old web[0] and the canary that replaces it).
function happeningLine(h: Happening): string {
  const allocs = h.Allocs ?? (h.AllocID !== undefined ? [{ ID: h.AllocID, JobVersion: h.JobVersion ?? 0 }] : []);
  if (allocs.length === 0) return h.Text;
  return `${h.Text} (${allocs.map((a) => `${a.ID.slice(0, 8)} v${a.JobVersion}`).join(', ')})`;
}

const indent = (text: string, by = '    ') =>
  text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => by + l)
    .join('\n');

/** formatFilm renders a film, one block per evaluation. */
export function formatFilm(film: Film): string {
  const start = film.Steps[0]?.Time ?? film.End.Time;
  const at = (t: number) => `+${formatGoDuration(t - start)}`;
  const out: string[] = [];
  const own = film.Steps[0]?.JobID;
  for (const s of film.Steps) {
    const job = s.JobID === own ? '' : ` job ${JSON.stringify(s.JobID)}`;
    out.push(`==> Evaluation ${s.Index} at ${at(s.Time)} (${formatInstant(s.Time)}),${job} ${s.TriggeredBy}: ${s.Why}`);
    for (const h of s.Happenings) out.push(`    ${at(h.Time)} ${happeningLine(h)}`);
    out.push(indent(formatPlan(s.Document)));
    for (const h of s.Applied) out.push(`    = ${happeningLine(h)}`);
    for (const p of s.Placed)
      out.push(`    + ${p.Name}${p.Canary ? ' (canary)' : ''} placed on ${p.NodeName || p.NodeID} (${p.AllocID})`);
    for (const f of s.Failures)
      out.push(`    ! Task Group ${JSON.stringify(f.TaskGroup)}: failed to place ${f.Failed} allocation(s)`);
    out.push('');
  }
  out.push(`==> End at ${at(film.End.Time)}: ${film.End.Status}: ${film.End.Reason}`);
  for (const h of film.End.Happenings) out.push(`    ${at(h.Time)} ${happeningLine(h)}`);
  const d = film.End.Deployment;
  if (d !== null) out.push(`    deployment ${d.ID} (job version ${d.JobVersion}): ${d.Status}: ${d.StatusDescription}`);
  for (const e of film.Events) {
    const fate =
      e.Time === null
        ? 'not reached'
        : e.Problem !== null
          ? `ignored: ${e.Problem.message}`
          : `happened at ${at(e.Time)}`;
    out.push(`    event ${e.Index}: ${fate}`);
  }
  return out.join('\n') + '\n';
}

/** FilmStepDocument is one evaluation of a film as `--simulate --format json` prints it. */
export interface FilmStepDocument {
  Index: number;
  Time: string;
  JobID: string;
  EvalID: string;
  TriggeredBy: string;
  Document: ResultDocument;
  Placed: {
    Name: string;
    AllocID: string;
    NodeID: string;
    NodeName: string;
    Canary: boolean;
    Score: number;
    Ranked: RankedNode[];
  }[];
}

/** FilmDocument is a whole film as one JSON document: its evaluations and its end. */
export interface FilmDocument {
  Steps: FilmStepDocument[];
  End: {
    Status: string;
    Time: string;
    Reason: string;
    Deployment: DeploymentDocument | null;
    Stranded: { JobID: string; AllocID: string; Name: string; RescheduleTime: string } | null;
    /** OverBudget is the budget the film stopped on (Status over-budget); absent otherwise. */
    OverBudget?: OverBudget;
  };
}

/** filmDocument renders a film in the contract's forms: instants as RFC 3339, each step's result document as `reconcile` prints it. */
export function filmDocument(film: Film): FilmDocument {
  const { End: end } = film;
  return {
    Steps: film.Steps.map((s) => ({
      Index: s.Index,
      Time: formatInstant(s.Time),
      JobID: s.JobID,
      EvalID: s.EvalID,
      TriggeredBy: s.TriggeredBy,
      Document: s.Document,
      Placed: s.Placed.map((p) => ({
        Name: p.Name,
        AllocID: p.AllocID,
        NodeID: p.NodeID,
        NodeName: p.NodeName,
        Canary: p.Canary,
        Score: p.Score,
        Ranked: p.Ranked,
      })),
    })),
    End: {
      Status: end.Status,
      Time: formatInstant(end.Time),
      Reason: end.Reason,
      Deployment: end.Deployment === null ? null : writeDeployment(end.Deployment),
      Stranded:
        end.Stranded === null ? null : { ...end.Stranded, RescheduleTime: formatInstant(end.Stranded.RescheduleTime) },
      ...(end.OverBudget === null ? {} : { OverBudget: end.OverBudget }),
    },
  };
}
