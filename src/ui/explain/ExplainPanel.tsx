// The reconciler's trace made readable: per task group, the steps of
// computeGroup with the allocation sets at each, why there is or is not a
// canary state, how the placement limit came out, and each allocation's fate.
// With Compare versions on, each group and each decision the other Nomad
// makes differently says so.

import { useMemo, useState } from 'react';
import { shallow } from 'zustand/vanilla/shallow';
import type { GroupTrace, ReconcileTrace } from '../../engine/types.ts';
import { deploymentViews } from '../../graph/deployment.ts';
import type { ResultDocument } from '../../result/document.ts';
import { type LaterIndex, laterIndex } from '../../result/laterReleases.ts';
import type { Scenario } from '../../scenario/read.ts';
import { NOMAD_LABELS } from '../versions/VersionPicker.tsx';
import type { VersionsShown } from '../versions/useVersionRows.ts';
import { VersionsHeadline } from '../versions/VersionMarks.tsx';
import { GroupExplain, type GroupVersionsShown } from './GroupExplain.tsx';
import { explainSummary } from './summary.ts';
import '../graph/theme.css';
import './explain.css';

// useNamesByID is the allocations' names by ID: the same map while no
// name changes (compared entry by entry), so that the memoised groups are
// not redrawn for an edit elsewhere. Kept as state, brought up to date while
// rendering when the allocations change.
function useNamesByID(allocs: Scenario['Allocations']): ReadonlyMap<string, string> {
  const [kept, setKept] = useState(() => ({ allocs, names: new Map(allocs.map((a) => [a.ID, a.Name])) }));
  if (kept.allocs === allocs) return kept.names;
  const names = new Map(allocs.map((a) => [a.ID, a.Name]));
  const next = { allocs, names: shallow(names, kept.names) ? kept.names : names };
  setKept(next);
  return next.names;
}

// Kept maps each group to its trace as last drawn, with that trace's JSON.
type Kept = Map<string, { text: string; group: GroupTrace }>;

// keep gives the groups of a trace, each as its previous object when it reads the same.
function keep(trace: ReconcileTrace | null, previous: Kept): { groups: GroupTrace[]; kept: Kept } {
  const kept: Kept = new Map();
  const groups = (trace?.groups ?? []).map((g) => {
    const text = JSON.stringify(g);
    const old = previous.get(g.group);
    const entry = old !== undefined && old.text === text ? old : { text, group: g };
    kept.set(g.group, entry);
    return entry.group;
  });
  return { groups, kept };
}

// useKeptGroups: each result brings new trace objects; a group whose trace
// reads the same keeps its previous object, so that its memoised section is
// not redrawn. The previous groups are state, brought up to date while
// rendering when the trace changes (React's pattern for state derived from a prop).
function useKeptGroups(trace: ReconcileTrace | null): GroupTrace[] {
  const [state, setState] = useState(() => ({ trace, ...keep(trace, new Map()) }));
  if (state.trace === trace) return state.groups;
  const next = { trace, ...keep(trace, state.kept) };
  setState(next);
  return next.groups;
}

// useKeptLater is the later changes per allocation of this result: the
// previous map while they read the same, so that the memoised groups are not
// redrawn for an edit that changes none of them.
function useKeptLater(scenario: Scenario, document: ResultDocument): LaterIndex['allocs'] {
  const source = useMemo(() => laterIndex(scenario, document).allocs, [scenario, document]);
  const [kept, setKept] = useState(() => ({ source, text: JSON.stringify([...source]), allocs: source }));
  if (kept.source === source) return kept.allocs;
  const text = JSON.stringify([...source]);
  const next = { source, text, allocs: text === kept.text ? kept.allocs : source };
  setKept(next);
  return next.allocs;
}

/** ExplainPanelProps are what the shell passes to the explanation. */
export interface ExplainPanelProps {
  trace: ReconcileTrace | null;
  scenario: Scenario;
  /** document is the result: the deployment the summary names is the one the graph's panel shows. */
  document: ResultDocument;
  /** wide lays the explanation out for the reading view, with room for every column. */
  wide?: boolean;
  /** selectedAllocID is the allocation chosen in the graph: its decision and the step that made it are marked and scrolled to. */
  selectedAllocID?: string | null;
  /** versions is Compare versions as the tabs show it; absent or off, the explanation is this version's alone. */
  versions?: VersionsShown;
}

// groupVersions is what one group shows of the comparison: undefined while not comparing, the group's differences (null: none) when compared.
function groupVersions(versions: VersionsShown | undefined, group: string): GroupVersionsShown | undefined {
  if (versions?.state !== 'compared') return undefined;
  return { other: NOMAD_LABELS[versions.other], group: versions.rows.groups.get(group) ?? null };
}

/** ExplainPanel draws the trace of one reconciliation, group by group. */
export function ExplainPanel({
  trace,
  scenario,
  document,
  wide = false,
  selectedAllocID = null,
  versions,
}: ExplainPanelProps) {
  const names = useNamesByID(scenario.Allocations);
  const groups = useKeptGroups(trace);
  const later = useKeptLater(scenario, document);
  const summary = useMemo(
    () => (trace === null ? [] : explainSummary(trace, scenario.Deployment, deploymentViews(scenario, document))),
    [trace, scenario, document],
  );
  const className = wide ? 'xp xp--wide' : 'xp';

  if (trace === null) {
    return (
      <div className={className} data-testid="explain">
        <p className="xp-empty">No explanation for this result.</p>
      </div>
    );
  }
  return (
    <div className={className} data-testid="explain">
      <p className="xp-summary" data-testid="explain-summary">
        {summary.join(' ')}
      </p>
      {versions && <VersionsHeadline shown={versions} testid="explain-versions" />}
      {groups.length === 0 && <p className="xp-empty">The job has no task groups and no allocations.</p>}
      {groups.map((g) => (
        <GroupExplain
          key={g.group}
          group={g}
          names={names}
          later={later}
          versions={groupVersions(versions, g.group)}
          selected={
            selectedAllocID !== null && g.decisions.some((d) => d.allocID === selectedAllocID) ? selectedAllocID : null
          }
        />
      ))}
    </div>
  );
}
