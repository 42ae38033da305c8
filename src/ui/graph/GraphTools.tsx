// The tools over the graph's top-left corner: the search box, and the switch
// that folds what nothing happens to.

import { Panel } from '@xyflow/react';
import type { GraphModel } from '../../graph/model.ts';
import type { Scenario } from '../../scenario/read.ts';
import { GraphSearch } from './GraphSearch.tsx';

/** GraphTools draws the search box and the fold switch; render it inside <ReactFlow>. Without onFold there is no switch. */
export function GraphTools({
  scenario,
  model,
  unfold,
  fold,
  onFold,
}: {
  scenario: Scenario;
  model: GraphModel;
  unfold: (id: string) => void;
  fold: boolean;
  onFold: ((on: boolean) => void) | null;
}) {
  return (
    <Panel position="top-left" className="cg-tools">
      <GraphSearch scenario={scenario} model={model} unfold={unfold} />
      {onFold !== null && (
        <label className="cg-tools__fold" title="Draw the nodes and allocations nothing happens to as a summary">
          <input type="checkbox" data-testid="fold-toggle" checked={fold} onChange={(e) => onFold(e.target.checked)} />{' '}
          Fold unchanged
        </label>
      )}
    </Panel>
  );
}
