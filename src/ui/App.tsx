// The app: editors on the left, the graph in the centre, the plan and its
// siblings on the right; on a narrow page (PaneTabs) one of them at a time,
// the graph first. Layout only; each panel reads the store itself.

import { useCallback, useEffect, useState } from 'react';
import { EditorPanel } from './editor/EditorPanel.tsx';
import { DetailsSlot } from './layout/DetailsSlot.tsx';
import { Description } from './layout/Description.tsx';
import { GraphSlot } from './layout/GraphSlot.tsx';
import { Header } from './layout/Header.tsx';
import { PagePane, type PaneID, PaneTabs, useTabbed } from './layout/PaneTabs.tsx';
import { ShowPaneContext } from './paneContext.ts';
import { CardRefsContext } from './cardRefs.ts';
import { useItemRefs } from './useItemRefs.ts';
import { PanelBoundary } from './PanelBoundary.tsx';
import { ResultPanel } from './result/ResultPanel.tsx';
import { RolloutTimelineSlot } from './rollout/lazy.tsx';
import { ShareBanner } from './share/ShareBanner.tsx';
import { PresentContext } from './presentContext.ts';
import { PresenterView } from './present/PresenterView.tsx';
import { useActions } from './storeContext.tsx';
import { usePageTheme } from './theme/usePageTheme.ts';

/** App lays out the panels and owns the page-wide shortcuts and theme. */
export function App() {
  usePageTheme();
  const { runNow } = useActions();
  const [presenting, setPresenting] = useState(false);
  const leave = useCallback(() => setPresenting(false), []);
  const tabbed = useTabbed();
  const [pane, setPane] = useState<PaneID>('graph');
  // The graph's cards by key, for the details panel to give the focus back to.
  const cards = useItemRefs<string>();
  const shown = tabbed ? pane : null;

  // Ctrl/Cmd+Enter re-runs from anywhere; inside the editor Monaco handles it first.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.defaultPrevented) {
        e.preventDefault();
        runNow();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [runNow]);

  if (presenting) return <PresenterView onExit={leave} />;
  return (
    <PresentContext.Provider value={setPresenting}>
      <ShowPaneContext.Provider value={setPane}>
        <CardRefsContext.Provider value={cards}>
          <div className="app">
            <a className="skip-link" href="#editor-tabpanel" onClick={() => setPane('editor')}>
              Skip to the editor
            </a>
            <PanelBoundary name="header">
              <Header />
            </PanelBoundary>
            <ShareBanner />
            <main className="workspace">
              {tabbed && <PaneTabs shown={pane} onShow={setPane} />}
              <PagePane id="editor" shown={shown}>
                <EditorPanel />
              </PagePane>
              <PagePane id="graph" shown={shown}>
                <Description />
                <RolloutTimelineSlot />
                <GraphSlot />
                <DetailsSlot />
              </PagePane>
              <PagePane id="result" shown={shown}>
                <ResultPanel />
              </PagePane>
            </main>
          </div>
        </CardRefsContext.Provider>
      </ShowPaneContext.Provider>
    </PresentContext.Provider>
  );
}
