// The tools down the graph's left side, above the zoom buttons: the search
// box, the switch that folds what nothing happens to, and the legend's ?
// button, under which the open legend's tab stands when the pane has no room
// for its column. They keep to the strip the zoom buttons already take, so
// that the top of the pane is the drawing's: what changes fits there at a
// legible size.

import { Panel } from '@xyflow/react';
import type { Pane } from '../../graph/layout.ts';
import type { GraphModel } from '../../graph/model.ts';
import type { Scenario } from '../../scenario/read.ts';
import { GraphSearch } from './GraphSearch.tsx';
import { Legend } from './Legend.tsx';
import type { LegendState } from './useLegend.ts';

/**
 * GraphTools draws the search box, the fold switch and the legend's button
 * (with the tab, and the legend opened from it, when `legend` is placed as
 * a tab); render it inside <ReactFlow>. Without onFold there is no switch.
 */
export function GraphTools({
  scenario,
  model,
  unfold,
  fold,
  onFold,
  pane,
  legend,
}: {
  scenario: Scenario;
  model: GraphModel;
  unfold: (id: string) => void;
  fold: boolean;
  onFold: ((on: boolean) => void) | null;
  /** pane is the graph's size, which bounds the legend opened over it. */
  pane: Pane | null;
  legend: LegendState;
}) {
  const shown = legend.place === 'tab' ? legend.expanded : legend.open;
  return (
    <Panel position="top-left" className="cg-tools">
      <GraphSearch scenario={scenario} model={model} unfold={unfold} />
      {onFold !== null && (
        <button
          type="button"
          className="cg-tools__button"
          data-testid="fold-toggle"
          aria-pressed={fold}
          aria-label="Fold what nothing happens to"
          title={
            fold
              ? 'Folding: nodes and allocations nothing happens to are counted, not drawn. Press to draw everything'
              : 'Drawing everything. Press to fold the nodes and allocations nothing happens to'
          }
          onClick={() => onFold(!fold)}
        >
          {fold ? '⊟' : '⊞'}
        </button>
      )}
      <button
        type="button"
        className="cg-tools__button cg-tools__legend"
        data-testid="legend-toggle"
        aria-expanded={shown}
        aria-label="Legend"
        title={shown ? 'Close the legend' : 'Legend: what the marks mean'}
        onClick={legend.toggle}
      >
        ?
      </button>
      {legend.place === 'tab' && legend.open && !legend.expanded && (
        <button
          type="button"
          className="cg-tools__button cg-legend-tab"
          data-testid="legend-tab"
          onClick={legend.expand}
        >
          Legend: what the marks mean
        </button>
      )}
      {legend.expanded && <Legend place="tab" pane={pane} onClose={legend.close} />}
    </Panel>
  );
}
