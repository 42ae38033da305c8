// The right panel: the plan, the explanation, the job diff, the raw
// result document and the rollout, as tabs.

import type { ResultTab } from '../../store/state.ts';
import { useActions, useResultTab, useStale } from '../storeContext.tsx';
import { DiffView } from './DiffView.tsx';
import { ExplainTab } from './ExplainTab.tsx';
import { PlanView } from './PlanView.tsx';
import { RawJson } from './RawJson.tsx';
import { RolloutPanelSlot } from '../rollout/lazy.tsx';
import { tabKeys } from '../tabKeys.ts';
import { useItemRefs } from '../useItemRefs.ts';
import { CompareVersions } from '../versions/CompareVersions.tsx';

const TABS: { id: ResultTab; label: string; title: string }[] = [
  { id: 'plan', label: 'Plan', title: 'The plan, as `nomad job plan` prints it' },
  { id: 'explain', label: 'Explanation', title: 'Why the reconciler decided what it did, step by step' },
  { id: 'diff', label: 'Diff', title: 'The job diff: the job against the versions its allocations run' },
  { id: 'json', label: 'JSON', title: 'The result document as JSON' },
  { id: 'versions', label: 'Versions', title: 'Where Nomad 0.12 and Nomad 1.6 decide this scenario differently' },
  { id: 'rollout', label: 'Rollout', title: 'The evaluations that follow, simulated' },
];

/** ResultPanel shows one view of the result at a time. */
export function ResultPanel() {
  const tab = useResultTab();
  const stale = useStale();
  const { setResultTab } = useActions();
  const tabs = useItemRefs<ResultTab>();
  const onKeyDown = tabKeys(
    TABS.map((t) => t.id),
    tab,
    setResultTab,
    tabs,
  );
  return (
    <section className="panel result-panel" aria-label="Result">
      <div className="tabbar">
        <div role="tablist" aria-label="Result views" onKeyDown={onKeyDown}>
          {TABS.map((t) => (
            <button
              key={t.id}
              ref={tabs.ref(t.id)}
              id={`result-tab-${t.id}`}
              type="button"
              role="tab"
              className="tab"
              data-testid={`result-tab-${t.id}`}
              aria-selected={tab === t.id}
              aria-controls="result-tabpanel"
              tabIndex={tab === t.id ? 0 : -1}
              title={t.title}
              onClick={() => setResultTab(t.id)}
            >
              {t.label}
            </button>
          ))}
        </div>
        <span
          className="stale-pill"
          data-visible={stale}
          aria-hidden={!stale}
          title="The scenario has changed since this result; it is the last good one."
        >
          out of date
        </span>
      </div>
      <div
        id="result-tabpanel"
        role="tabpanel"
        aria-labelledby={`result-tab-${tab}`}
        className="result-body"
        data-testid="result-tabpanel"
        data-stale={stale}
      >
        {tab === 'plan' && <PlanView />}
        {tab === 'explain' && <ExplainTab />}
        {tab === 'diff' && <DiffView />}
        {tab === 'json' && <RawJson />}
        {tab === 'versions' && <CompareVersions />}
        {tab === 'rollout' && <RolloutPanelSlot />}
      </div>
    </section>
  );
}
