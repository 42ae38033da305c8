// The plan: the result summarised as `nomad job plan` summarises it, a
// coloured line per task group, then the deployment, its updates, the
// follow-up evaluations, and notes where the counts hide what will happen.

import { useMemo, useState } from 'react';
import { formatGroupLine, planLines, type PlanGroup } from '../../result/plan.ts';
import type { ResultDocument } from '../../result/document.ts';
import type { Scenario } from '../../scenario/read.ts';
import { planNotes } from '../plan/notes.ts';
import { describeWait } from '../plan/wait.ts';
import { useShownFailures, useShownResult, useStale } from '../storeContext.tsx';
import { showConfusable } from '../confusable.ts';
import { WholePlan } from './WholePlan.tsx';

// PlanViewKind is how the plan is shown: summarised, or as the command prints it.
type PlanViewKind = 'summary' | 'printed';

/** PlanView shows the plan of the last good result. */
export function PlanView() {
  const result = useShownResult();
  const stale = useStale();
  const notes = useMemo(() => (result ? planNotes(result.scenario, result.document, result.trace) : []), [result]);
  const failures = useShownFailures();
  const [view, setView] = useState<PlanViewKind>('summary');
  if (!result) return <p className="muted">No result yet.</p>;
  const doc = result.document;
  const switcher = (
    <div className="plan-views" role="radiogroup" aria-label="Show the plan">
      {(['summary', 'printed'] as const).map((k) => (
        <button
          key={k}
          type="button"
          role="radio"
          className="button"
          aria-checked={view === k}
          data-testid={`plan-view-${k}`}
          title={k === 'summary' ? 'The plan summarised by task group' : 'The whole plan as `nomad job plan` prints it'}
          onClick={() => setView(k)}
        >
          {k === 'summary' ? 'Summary' : 'As nomad job plan prints it'}
        </button>
      ))}
    </div>
  );
  if (view === 'printed') {
    return (
      <div className="plan" data-testid="plan" data-stale={stale}>
        {switcher}
        <WholePlan result={result} failures={failures} />
      </div>
    );
  }
  return (
    <div className="plan" data-testid="plan" data-stale={stale}>
      {switcher}
      <div className="plan-groups">
        {planLines(doc).map((g) => (
          <GroupLine key={g.group} g={g} />
        ))}
      </div>
      {notes.length > 0 && (
        <ul className="plan-notes" data-testid="plan-notes" aria-label="What the counts do not say">
          {notes.map((n, i) => (
            <li key={i} data-testid="plan-note">
              <span aria-hidden="true">⚠ </span>
              {n.group !== null && <strong>{JSON.stringify(n.group)}: </strong>}
              {n.text}
            </li>
          ))}
        </ul>
      )}
      <DeploymentSection doc={doc} />
      <FollowupSection doc={doc} scenario={result.scenario} />
    </div>
  );
}

// GroupLine is one `Task Group: "web" (1 create, 3 ignore)` line, each count
// coloured as the CLI colours it; its text is formatGroupLine's exactly.
function GroupLine({ g }: { g: PlanGroup }) {
  return (
    <div className="plan-line" data-testid="plan-group" data-group={g.group} title={formatGroupLine(g)}>
      <span>Task Group: {showConfusable(JSON.stringify(g.group))}</span>
      {g.counts.length > 0 && (
        <>
          {' ('}
          {g.counts.map((c, i) => (
            <span key={c.label}>
              {i > 0 && ', '}
              <span className={`plan-count kind-${c.kind}`} data-kind={c.kind}>
                {c.count} {c.label}
              </span>
            </span>
          ))}
          {')'}
        </>
      )}
    </div>
  );
}

function DeploymentSection({ doc }: { doc: ResultDocument }) {
  const d = doc.Deployment;
  if (!d && doc.DeploymentUpdates.length === 0) return null;
  return (
    <div className="plan-section" data-testid="plan-deployment">
      {d && (
        <>
          <div>
            <span className="kind-create">Deployment created</span>: <code>{d.ID}</code> ({d.Status}:{' '}
            {d.StatusDescription})
          </div>
          <ul>
            {Object.keys(d.TaskGroups)
              .sort()
              .map((name) => {
                const s = d.TaskGroups[name];
                if (!s) return null;
                return (
                  <li key={name}>
                    Task Group {JSON.stringify(name)}: {s.DesiredTotal} desired total
                    {s.DesiredCanaries > 0 &&
                      `, ${s.DesiredCanaries} desired ${s.DesiredCanaries === 1 ? 'canary' : 'canaries'}`}
                  </li>
                );
              })}
          </ul>
        </>
      )}
      {doc.DeploymentUpdates.map((u) => (
        <div key={u.DeploymentID + u.Status}>
          <span className="kind-update">Deployment updated</span>: <code>{u.DeploymentID}</code> → {u.Status} (
          {u.StatusDescription})
        </div>
      ))}
    </div>
  );
}

function FollowupSection({ doc, scenario }: { doc: ResultDocument; scenario: Scenario }) {
  const evals = Object.keys(doc.DesiredFollowupEvals)
    .sort()
    .flatMap((g) => (doc.DesiredFollowupEvals[g] ?? []).map((e) => ({ g, e })));
  if (evals.length === 0) return null;
  return (
    <div className="plan-section" data-testid="plan-followups">
      <div>Follow-up evaluations:</div>
      <ul>
        {evals.map(({ g, e }) => (
          <li key={e.ID}>
            {JSON.stringify(g)}: <code>{e.ID.slice(0, 8)}</code> at {e.WaitUntil} (
            {describeWait(scenario.Now, e.WaitUntil)}; {e.TriggeredBy})
          </li>
        ))}
      </ul>
    </div>
  );
}
