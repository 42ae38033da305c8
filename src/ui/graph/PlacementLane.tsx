// The lane of pending placements as a React Flow node: ghost cards for the
// allocations the reconciler asks for. The reconciler does not choose nodes
// (the scheduler does, later), so they sit apart from the client nodes.

import type { NodeProps } from '@xyflow/react';
import { memo, useMemo } from 'react';
import type { LaneFlowNode } from '../../graph/flow.ts';
import type { GhostCard } from '../../graph/model.ts';
import { useDetail } from './detail.ts';
import { useHighlighted } from './highlight.ts';

function ghostLabel(g: GhostCard): string {
  const what = g.kind === 'destructive'
    ? 'replacement (destructive update) of'
    : g.reschedule
      ? 'rescheduled replacement of'
      : g.previousAllocID !== ''
        ? 'migrated replacement of'
        : '';
  const base = `${g.canary ? 'canary ' : ''}placement ${g.name}`;
  return what ? `${base}: ${what} ${g.previousAllocID}` : `new ${base}`;
}

function ghostTag(g: GhostCard): string {
  if (g.canary) return 'canary';
  if (g.kind === 'destructive') return 'update';
  if (g.reschedule) return 'reschedule';
  if (g.previousAllocID !== '') return 'migrate';
  return 'create';
}

const Ghost = memo(function Ghost({ ghost, highlighted }: { ghost: GhostCard; highlighted: boolean }) {
  const label = ghostLabel(ghost);
  return (
    <div
      className="cg-ghost"
      data-testid={ghost.kind === 'place' ? 'placement' : 'replacement'}
      data-name={ghost.name}
      data-canary={ghost.canary ? 'true' : 'false'}
      data-kind={ghost.kind}
      data-highlighted={highlighted ? 'true' : undefined}
      tabIndex={0}
      role="img"
      aria-label={label}
      title={label}
    >
      <span className="cg-card__line">
        <span className="cg-card__index">{ghost.index}</span>
        <span className="cg-card__group">{ghost.group}</span>
      </span>
      <span className="cg-card__line">
        <span className={`cg-ghost__tag cg-ghost__tag--${ghostTag(ghost)}`}>{ghostTag(ghost)}</span>
      </span>
    </div>
  );
});

// laneTally counts the ghost cards by tag, in first-seen order, for the zoomed-out lane.
function laneTally(ghosts: readonly GhostCard[]): string {
  const by = new Map<string, number>();
  for (const g of ghosts) by.set(ghostTag(g), (by.get(ghostTag(g)) ?? 0) + 1);
  return [...by].map(([tag, n]) => `${n} ${tag}`).join(' · ');
}

function PlacementLaneView({ data }: NodeProps<LaneFlowNode>) {
  const v = data.view;
  const detail = useDetail();
  const names = useMemo(() => v.placements.map((g) => g.name), [v]);
  const highlighted = useHighlighted(names);
  const lit = useMemo(() => new Set(highlighted.split('\n')), [highlighted]);
  const canaries = v.placements.filter((g) => g.canary).length;
  return (
    <section className={detail ? 'cg-lane' : 'cg-lane cg-box--tile'} data-testid="placement-lane" aria-label={`${v.placements.length} pending placement(s)`}>
      <header className="cg-lane__header">
        <span className="cg-box__name">Placements ({v.placements.length})</span>
        <span className="cg-box__meta">
          {canaries > 0 ? `${canaries} canary · ` : ''}the scheduler picks nodes
        </span>
      </header>
      {v.placements.length === 0 ? (
        <p className="cg-box__empty">nothing to place</p>
      ) : !detail ? (
        <p className="cg-tile__counts" data-testid="lane-tile">
          {laneTally(v.placements)}
        </p>
      ) : (
        <div className="cg-lane__cards" style={{ gridTemplateColumns: `repeat(${v.columns}, var(--cg-card-w))` }}>
          {v.placements.map((g) => (
            <Ghost key={g.key} ghost={g} highlighted={lit.has(g.name)} />
          ))}
        </div>
      )}
    </section>
  );
}

/** PlacementLane is the memoised React Flow node type of the lane of pending placements. */
export const PlacementLane = memo(PlacementLaneView, (a, b) => a.data.view === b.data.view);
