// The lane of pending placements as a React Flow node: ghost cards for the
// allocations the reconciler asks for. The reconciler does not choose nodes
// (the scheduler does, later), so they sit apart from the client nodes.

import type { NodeProps } from '@xyflow/react';
import { memo, useMemo } from 'react';
import type { LaneFlowNode } from '../../graph/flow.ts';
import type { GhostCard, MorePlacements } from '../../graph/model.ts';
import { useHighlighted } from './highlight.ts';
import { showConfusable } from '../confusable.ts';

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
        <span className="cg-card__group">{showConfusable(ghost.group)}</span>
      </span>
      <span className="cg-card__line">
        <span className={`cg-ghost__tag cg-ghost__tag--${ghostTag(ghost)}`}>{ghostTag(ghost)}</span>
      </span>
    </div>
  );
});

// moreLabel says what an aggregate card counts, in full.
function moreLabel(m: MorePlacements): string {
  const canaries = m.canaries > 0 ? ` (${m.canaries.toLocaleString('en-US')} canary)` : '';
  return `${m.count.toLocaleString('en-US')} more new placements of group ${m.group}${canaries}, counted rather than drawn one by one`;
}

const More = memo(function More({ more }: { more: MorePlacements }) {
  const label = moreLabel(more);
  return (
    <div className="cg-ghost cg-ghost--more" data-testid="placement-more" data-group={more.group} data-count={more.count} tabIndex={0} role="img" aria-label={label} title={label}>
      <span className="cg-card__line">
        <span className="cg-card__index">+{more.count.toLocaleString('en-US')}</span>
        <span className="cg-card__group">{more.group}</span>
      </span>
      <span className="cg-card__line">
        <span className="cg-ghost__tag cg-ghost__tag--create">more placements</span>
      </span>
    </div>
  );
});

function PlacementLaneView({ data }: NodeProps<LaneFlowNode>) {
  const v = data.view;
  const names = useMemo(() => v.placements.map((g) => g.name), [v]);
  const highlighted = useHighlighted(names);
  const lit = useMemo(() => new Set(highlighted.split('\n')), [highlighted]);
  const canaries = v.placements.filter((g) => g.canary).length + v.more.reduce((n, m) => n + m.canaries, 0);
  return (
    <section className="cg-lane" data-testid="placement-lane" data-total={v.total} aria-label={`${v.total} pending placement(s)`}>
      <header className="cg-lane__header">
        <span className="cg-box__name">Pending placements ({v.total.toLocaleString('en-US')})</span>
        <span className="cg-box__meta">
          {canaries > 0 ? `${canaries} canary · ` : ''}nodes are chosen later by the scheduler
        </span>
      </header>
      {v.total === 0 ? (
        <p className="cg-box__empty">nothing to place</p>
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
