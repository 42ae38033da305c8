// The tools down the graph's left side, above the zoom buttons: the search
// box, the switch that folds what nothing happens to, and the legend. They
// keep to the strip the zoom buttons already take, so that the top of the
// pane is the drawing's: what changes fits there at a legible size.

import { Panel } from '@xyflow/react';
import type { Pane } from '../../graph/layout.ts';
import type { GraphModel } from '../../graph/model.ts';
import type { Scenario } from '../../scenario/read.ts';
import { GraphSearch } from './GraphSearch.tsx';
import { Legend } from './Legend.tsx';

/** GraphTools draws the search box, the fold switch and the legend; render it inside <ReactFlow>. Without onFold there is no switch. */
export function GraphTools({
  scenario,
  model,
  unfold,
  fold,
  onFold,
  pane,
}: {
  scenario: Scenario;
  model: GraphModel;
  unfold: (id: string) => void;
  fold: boolean;
  onFold: ((on: boolean) => void) | null;
  /** pane is the graph's size, which bounds the open legend's. */
  pane: Pane | null;
}) {
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
      <Legend pane={pane} />
    </Panel>
  );
}
