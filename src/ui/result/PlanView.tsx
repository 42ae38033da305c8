// The plan: the result summarised as `nomad job plan` summarises it, a
// coloured line per task group, then the deployment, its updates, the
// follow-up evaluations, and notes where the counts hide what will happen.
// With Compare versions on, a headline says whether the other Nomad decides
// differently, and each group says where.

import { useMemo, useState } from 'react';
import { planLines } from '../../result/plan.ts';
import { planNotes } from '../plan/notes.ts';
import { useShownFailures, useShownResult, useStale } from '../storeContext.tsx';
import { GroupLine } from './GroupLine.tsx';
import { DeploymentSection, FollowupSection } from './PlanSections.tsx';
import { WholePlan } from './WholePlan.tsx';
import { useVersionRows } from '../versions/useVersionRows.ts';
import { PlanGroupVersions } from '../versions/PlanGroupVersions.tsx';
import { VersionsHeadline } from '../versions/VersionMarks.tsx';

// PlanViewKind is how the plan is shown: summarised, or as the command prints it.
type PlanViewKind = 'summary' | 'printed';

/** PlanView shows the plan of the last good result. */
export function PlanView() {
  const result = useShownResult();
  const stale = useStale();
  const notes = useMemo(() => (result ? planNotes(result.scenario, result.document, result.trace) : []), [result]);
  const failures = useShownFailures();
  const [view, setView] = useState<PlanViewKind>('summary');
  const versions = useVersionRows();
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
        <VersionsHeadline shown={versions} testid="plan-versions" />
        <WholePlan result={result} failures={failures} />
      </div>
    );
  }
  return (
    <div className="plan" data-testid="plan" data-stale={stale}>
      {switcher}
      <VersionsHeadline shown={versions} testid="plan-versions" />
      <div className="plan-groups">
        {planLines(doc).map((g) => (
          <div key={g.group}>
            <GroupLine g={g} />
            {versions.state === 'compared' && <PlanGroupVersions group={g.group} shown={versions} />}
          </div>
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
