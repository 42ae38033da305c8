// The lane of pending placements as a React Flow node: ghost cards for the
// allocations the reconciler asks for. The reconciler does not choose nodes
// (the scheduler does, later), so they sit apart from the client nodes.

import type { NodeProps } from '@xyflow/react';
import { memo, useMemo } from 'react';
import type { LaneFlowNode } from '../../graph/flow.ts';
import type { GhostCard, MorePlacements } from '../../graph/model.ts';
import { formatGoDuration } from '../../engine/time.ts';
import { useDetail } from './detail.ts';
import { useHighlighted } from './highlight.ts';
import { showConfusable } from '../confusable.ts';

// clock is the UTC time of day of an RFC 3339 instant.
function clock(t: string): string {
  return t.slice(11, 19);
}

function ghostLabel(g: GhostCard): string {
  if (g.kind === 'later') {
    return `${g.name} is replaced later: a follow-up evaluation at ${g.waitUntil} (in ${formatGoDuration(g.waitFor)}) places the replacement of ${g.previousAllocID}`;
  }
  const promoted =
    g.replacesOnPromotion.length > 0
      ? `; once promoted it replaces ${g.replacesOnPromotion.map((id) => id.slice(0, 8)).join(', ')}`
      : '';
  const what =
    g.kind === 'destructive'
      ? 'replacement (destructive update) of'
      : g.reschedule
        ? 'rescheduled replacement of'
        : g.previousAllocID !== ''
          ? 'migrated replacement of'
          : '';
  const base = `${g.canary ? 'canary ' : ''}placement ${g.name}`;
  return (what ? `${base}: ${what} ${g.previousAllocID}` : `new ${base}`) + promoted;
}

function ghostTag(g: GhostCard): string {
  if (g.kind === 'later') return 'later';
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
      data-testid={
        ghost.kind === 'place' ? 'placement' : ghost.kind === 'later' ? 'delayed-replacement' : 'replacement'
      }
      data-wait-until={ghost.waitUntil || undefined}
      data-replaces={ghost.replacesOnPromotion.length > 0 ? ghost.replacesOnPromotion.join(' ') : undefined}
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
        {ghost.kind === 'later' && (
          <span className="cg-ghost__when" data-testid="wait-for">
            in {formatGoDuration(ghost.waitFor)}
          </span>
        )}
      </span>
      {ghost.kind === 'later' && (
        <span className="cg-card__line cg-ghost__when" data-testid="wait-time">
          ◷ {clock(ghost.waitUntil)}
        </span>
      )}
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
    <div
      className="cg-ghost cg-ghost--more"
      data-testid="placement-more"
      data-group={more.group}
      data-count={more.count}
      tabIndex={0}
      role="img"
      aria-label={label}
      title={label}
    >
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

// laneTally counts the ghost cards by tag, in first-seen order, and the aggregates' placements, for the zoomed-out lane.
function laneTally(ghosts: readonly GhostCard[], more: readonly MorePlacements[]): string {
  const by = new Map<string, number>();
  for (const g of ghosts) by.set(ghostTag(g), (by.get(ghostTag(g)) ?? 0) + 1);
  const counted = more.reduce((n, m) => n + m.count, 0);
  const tally = [...by].map(([tag, n]) => `${n.toLocaleString('en-US')} ${tag}`);
  return (counted > 0 ? [...tally, `${counted.toLocaleString('en-US')} more`] : tally).join(' · ');
}

function PlacementLaneView({ data }: NodeProps<LaneFlowNode>) {
  const v = data.view;
  const detail = useDetail();
  const names = useMemo(() => v.placements.map((g) => g.name), [v]);
  const lit = useHighlighted(names);
  const canaries = v.placements.filter((g) => g.canary).length + v.more.reduce((n, m) => n + m.canaries, 0);
  return (
    <section
      className={detail ? 'cg-lane' : 'cg-lane cg-box--tile'}
      data-testid="placement-lane"
      data-total={v.total}
      aria-label={`${v.total} pending placement(s)`}
    >
      <header className="cg-lane__header">
        <span className="cg-box__name">
          {v.total > 0 ? `Placements (${v.total.toLocaleString('en-US')})` : 'Placements'}
        </span>
        {v.total > 0 && (
          <span
            className="cg-box__meta"
            title="The reconciler names the allocations to place; the scheduler chooses their nodes afterwards."
          >
            {canaries > 0 ? `${canaries.toLocaleString('en-US')} canary · ` : ''}node chosen later
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
