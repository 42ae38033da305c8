// The box that stands for the nodes nothing happens to: how many, with how
// many allocations, as one button that unfolds them.

import type { NodeProps } from '@xyflow/react';
import { memo } from 'react';
import type { SummaryFlowNode } from '../../graph/flow.ts';
import { SUMMARY_ID } from '../../graph/fold.ts';
import { summaryText } from '../../graph/labels.ts';
import { useUnfold } from './useFold.ts';

function FoldSummaryBoxView({ data }: NodeProps<SummaryFlowNode>) {
  const unfold = useUnfold();
  const text = summaryText(data.view);
  return (
    <button
      type="button"
      className="cg-summary"
      data-testid="fold-summary"
      aria-label={`${text}. Show them`}
      title="Nothing happens to these nodes: show them"
      onClick={() => unfold(SUMMARY_ID)}
    >
      <span className="cg-summary__text">{text}</span>
      <span className="cg-summary__show">Show them ▾</span>
    </button>
  );
}

/** FoldSummaryBox is the memoised React Flow node type of the folded nodes' summary. */
export const FoldSummaryBox = memo(FoldSummaryBoxView, (a, b) => a.data.view === b.data.view);
