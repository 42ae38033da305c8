// The lane of pending placements as a React Flow node: ghost cards for the
// allocations the reconciler asks for. The reconciler does not choose nodes
// (the scheduler does, later), so they sit apart from the client nodes.

import type { NodeProps } from '@xyflow/react';
import { type CSSProperties, memo, useMemo } from 'react';
import type { LaneFlowNode } from '../../graph/flow.ts';
import { laneHeader } from '../../graph/layout.ts';
import type { GhostCard, MorePlacements } from '../../graph/model.ts';
import { useDetail } from './detail.ts';
import { ghostTag, laneCanaries, laneNote, laneTitle } from '../../graph/labels.ts';
import { Ghost, More } from './GhostCards.tsx';
import { useHighlighted } from './highlight.ts';

// laneTally counts the ghost cards by tag, in first-seen order, and the aggregates' placements, for the zoomed-out lane.
function laneTally(ghosts: readonly GhostCard[], more: readonly MorePlacements[]): string {
  const by = new Map<string, number>();
  for (const g of ghosts) by.set(ghostTag(g), (by.get(ghostTag(g)) ?? 0) + 1);
  const counted = more.reduce((n, m) => n + m.count, 0);
  const tally = [...by].map(([tag, n]) => `${n.toLocaleString('en-US')} ${tag}`);
  return (counted > 0 ? [...tally, `${counted.toLocaleString('en-US')} more`] : tally).join(' · ');
}

// PlacementLaneView draws the lane: its header, then its cards (zoomed in) or their tally (the overview).
function PlacementLaneView({ data }: NodeProps<LaneFlowNode>) {
  const v = data.view;
  const detail = useDetail();
  const names = useMemo(() => v.placements.map((g) => g.name), [v]);
  const lit = useHighlighted(names);
  const canaries = laneCanaries(v);
  return (
    <section
      className={detail ? 'cg-lane' : 'cg-lane cg-box--tile'}
      data-testid="placement-lane"
      data-total={v.total}
      style={
        {
          '--cg-lane-header': `${laneHeader(v.placements.length + v.more.length, v.columns, canaries > 0)}px`,
        } as CSSProperties
      }
      aria-label={`${v.total} pending placement(s)`}
    >
      <header className="cg-lane__header">
        <span className="cg-box__name">{laneTitle(v)}</span>
        {v.total > 0 && (
          <span
            className="cg-box__meta"
            title="The reconciler names the allocations to place; the scheduler chooses their nodes afterwards."
          >
            {laneNote(v)}
          </span>
        )}
      </header>
      {v.total === 0 ? (
        <p className="cg-box__empty">nothing to place</p>
      ) : !detail ? (
        <p className="cg-tile__counts" data-testid="lane-tile">
          {laneTally(v.placements, v.more)}
        </p>
      ) : (
        <div className="cg-lane__cards" style={{ gridTemplateColumns: `repeat(${v.columns}, var(--cg-card-w))` }}>
          {v.placements.map((g) => (
            <Ghost key={g.key} ghost={g} highlighted={lit.has(g.name)} />
          ))}
          {v.more.map((m) => (
            <More key={m.group} more={m} />
          ))}
        </div>
      )}
    </section>
  );
}

/** PlacementLane is the memoised React Flow node type of the lane of pending placements. */
export const PlacementLane = memo(PlacementLaneView, (a, b) => a.data.view === b.data.view);
