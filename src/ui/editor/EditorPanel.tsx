// The left panel: the Job, Running and Cluster tabs over one editor, the
// line that says how the Job tab stands to the running job, and the list
// of problems.

import { TABS, TAB_NAMES } from '../../scenario/tabs.ts';
import { ApiJsonButton } from './ApiJsonButton.tsx';
import { VariablesButton } from '../variables/VariablesButton.tsx';
import { ErrorList } from '../errors/ErrorList.tsx';
import { useActions, useActiveTab, useDiagnostics } from '../storeContext.tsx';
import { RunningBar } from './RunningBar.tsx';
import { ScenarioEditor } from './ScenarioEditor.tsx';
import { tabKeys } from '../tabKeys.ts';
import { useItemRefs } from '../useItemRefs.ts';

/** EditorPanel is the scenario editor with its tabs and problem list. */
export function EditorPanel() {
  const active = useActiveTab();
  const diagnostics = useDiagnostics();
  const { setActiveTab, runNow } = useActions();
  const tabs = useItemRefs<(typeof TABS)[number]>();

  const onKeyDown = tabKeys(TABS, active, setActiveTab, tabs);

  return (
    <section className="panel editor-panel" aria-label="Scenario">
      <div className="tabbar">
        <div role="tablist" aria-label="Scenario parts" onKeyDown={onKeyDown}>
          {TABS.map((tab) => {
            const count = diagnostics.filter((d) => d.tab === tab).length;
            return (
              <button
                key={tab}
                ref={tabs.ref(tab)}
                id={`editor-tab-${tab}`}
                type="button"
                role="tab"
                className="tab"
                data-testid={`editor-tab-${tab}`}
                aria-selected={active === tab}
                aria-controls="editor-tabpanel"
                tabIndex={active === tab ? 0 : -1}
                onClick={() => setActiveTab(tab)}
              >
                {TAB_NAMES[tab]}
                <span className="tab-badge" data-visible={count > 0} aria-label={`${count} problems`}>
                  {count}
                </span>
              </button>
            );
          })}
        </div>
        <VariablesButton />
        <ApiJsonButton />
        <button
          type="button"
          className="button"
          onClick={runNow}
          title="Run the reconciler now (Ctrl/Cmd+Enter)"
          data-testid="run-now"
        >
          ▶ Run
        </button>
      </div>
      <RunningBar />
      <div id="editor-tabpanel" role="tabpanel" aria-labelledby={`editor-tab-${active}`} className="editor-tabpanel">
        <ScenarioEditor />
      </div>
      <ErrorList />
    </section>
  );
}
