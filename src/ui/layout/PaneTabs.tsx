// The page's panes as tabs, on a page too narrow to show them side by side
// (under TABBED_PX): the graph first, then the scenario's editors and the
// results. Each pane stays mounted while hidden, so that the editor keeps
// its text, cursor and undo history and the graph its view.

import type { ReactNode } from 'react';
import { PanelBoundary } from '../PanelBoundary.tsx';
import { useDiagnostics } from '../storeContext.tsx';
import { tabKeys } from '../tabKeys.ts';
import { useItemRefs } from '../useItemRefs.ts';
import { useMediaQuery } from '../useMediaQuery.ts';

/** TABBED_PX is the page width under which the panes become tabs: three side by side need about 1,024 px. */
export const TABBED_PX = 1024;

/** PaneID names the three panes of the page. */
export type PaneID = 'graph' | 'editor' | 'result';

const PANES: { id: PaneID; label: string }[] = [
  { id: 'graph', label: 'Graph' },
  { id: 'editor', label: 'Scenario' },
  { id: 'result', label: 'Result' },
];

/** useTabbed tells whether the page is narrow enough for its panes to be tabs. */
export function useTabbed(): boolean {
  return useMediaQuery(`(max-width: ${TABBED_PX - 1}px)`);
}

// BOUNDARY names each pane's panel for its error boundary (and the graph's pane is the centre column).
const BOUNDARY: Record<PaneID, { name: string; className: string }> = {
  editor: { name: 'editor', className: 'pane' },
  graph: { name: 'graph', className: 'pane centre' },
  result: { name: 'result panel', className: 'pane' },
};

/**
 * PagePane holds one of the page's panels, behind its own error boundary: a
 * column, or on a tabbed page (`shown` not null) a tab panel, hidden
 * unless it is the one shown.
 */
export function PagePane({ id, shown, children }: { id: PaneID; shown: PaneID | null; children: ReactNode }) {
  const { name, className } = BOUNDARY[id];
  const tab =
    shown === null
      ? {}
      : { id: `pane-${id}`, role: 'tabpanel', 'aria-labelledby': `pane-tab-${id}`, hidden: id !== shown };
  return (
    <div className={className} {...tab}>
      <PanelBoundary name={name}>{children}</PanelBoundary>
    </div>
  );
}

/**
 * PaneTabs chooses the pane shown on a tabbed page; the arrow keys move
 * between the tabs, as in every tablist. The Scenario tab counts the
 * scenario's problems, so that they are seen from the graph; the count is
 * read here, so that a keystroke re-renders the tabs, not the app.
 */
export function PaneTabs({ shown, onShow }: { shown: PaneID; onShow: (pane: PaneID) => void }) {
  const problems = useDiagnostics().length;
  const tabs = useItemRefs<PaneID>();
  const onKeyDown = tabKeys(
    PANES.map((p) => p.id),
    shown,
    onShow,
    tabs,
  );
  return (
    <div className="pane-tabs tabbar" role="tablist" aria-label="Page" onKeyDown={onKeyDown} data-testid="pane-tabs">
      {PANES.map((p) => (
        <button
          key={p.id}
          ref={tabs.ref(p.id)}
          id={`pane-tab-${p.id}`}
          type="button"
          role="tab"
          className="tab"
          data-testid={`pane-tab-${p.id}`}
          aria-selected={shown === p.id}
          aria-controls={`pane-${p.id}`}
          tabIndex={shown === p.id ? 0 : -1}
          onClick={() => onShow(p.id)}
        >
          {p.label}
          {p.id === 'editor' && (
            <span className="tab-badge" data-visible={problems > 0} aria-label={`${problems} problems`}>
              {problems}
            </span>
          )}
        </button>
      ))}
    </div>
  );
}
