// The cards of the lane of pending placements: a ghost card per placement
// the reconciler asks for (or replacement a follow-up evaluation places
// later), and an aggregate card counting the placements past the lane's cap.

import { memo } from 'react';
import type { GhostCard, MorePlacements } from '../../graph/model.ts';
import { clock, ghostTag, laterWords, waitFor } from '../../graph/labels.ts';
import { useCardRefs } from '../cardRefs.ts';
import { showConfusable } from '../confusable.ts';
import { LaterMark } from './LaterMark.tsx';

// ghostLabel is a ghost card's accessible label and tooltip: what will be placed and what it replaces, in words, and the later releases that change it.
function ghostLabel(g: GhostCard): string {
  return g.later.length > 0 ? `${placementWords(g)} (${laterWords(g.later)})` : placementWords(g);
}

// placementWords says what will be placed and what it replaces.
function placementWords(g: GhostCard): string {
  if (g.kind === 'later') {
    return `${g.name} is replaced later: a follow-up evaluation at ${g.waitUntil} (${waitFor(g)}) places the replacement of ${g.previousAllocID}, of job version ${g.version}`;
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
  const base = `${g.canary ? 'canary ' : ''}placement ${g.name} of job version ${g.version}`;
  return (what ? `${base}: ${what} ${g.previousAllocID}` : `new ${base}`) + promoted;
}

/**
 * Ghost draws one pending placement (or a replacement placed later) as a
 * dashed card with the version it will run; memoised on its card. It is a
 * button: the graph opens its "why" when it is clicked (see useCardClicks).
 */
export const Ghost = memo(function Ghost({ ghost, highlighted }: { ghost: GhostCard; highlighted: boolean }) {
  const label = ghostLabel(ghost);
  const cards = useCardRefs();
  return (
    <button
      ref={cards.ref(ghost.key)}
      type="button"
      className="cg-ghost"
      data-ghost-key={ghost.key}
      data-era="new"
      data-testid={
        ghost.kind === 'place' ? 'placement' : ghost.kind === 'later' ? 'delayed-replacement' : 'replacement'
      }
      data-wait-until={ghost.waitUntil || undefined}
      data-replaces={ghost.replacesOnPromotion.length > 0 ? ghost.replacesOnPromotion.join(' ') : undefined}
      data-name={ghost.name}
      data-canary={ghost.canary ? 'true' : 'false'}
      data-kind={ghost.kind}
      data-highlighted={highlighted ? 'true' : undefined}
      aria-label={label}
      title={label}
    >
      <span className="cg-card__line">
        <span className="cg-card__index">{ghost.index}</span>
        <span className="cg-card__group">{showConfusable(ghost.group)}</span>
        <LaterMark later={ghost.later} />
      </span>
      <span className="cg-card__line">
        <span className="cg-card__version cg-era--new">+v{ghost.version}</span>
        {ghost.kind === 'later' ? (
          // The clock below and the dotted edge say "later"; the line has no room for the word too.
          <span className="cg-ghost__when" data-testid="wait-for">
            {waitFor(ghost)}
          </span>
        ) : (
          <span className={`cg-ghost__tag cg-ghost__tag--${ghostTag(ghost)}`}>{ghostTag(ghost)}</span>
        )}
      </span>
      {ghost.kind === 'later' && (
        <span className="cg-card__line cg-ghost__when" data-testid="wait-time">
          ◷ {clock(ghost.waitUntil)}
        </span>
      )}
    </button>
  );
});

// moreLabel says what an aggregate card counts, in full.
function moreLabel(m: MorePlacements): string {
  const canaries = m.canaries > 0 ? ` (${m.canaries.toLocaleString('en-US')} canary)` : '';
  return `${m.count.toLocaleString('en-US')} more new placements of group ${m.group}, job version ${m.version}${canaries}, counted rather than drawn one by one`;
}

/** More draws the aggregate card that counts a group's new placements past the lane's cap; a button, like a ghost card. */
export const More = memo(function More({ more }: { more: MorePlacements }) {
  const label = moreLabel(more);
  const cards = useCardRefs();
  return (
    <button
      ref={cards.ref(more.key)}
      type="button"
      className="cg-ghost cg-ghost--more"
      data-testid="placement-more"
      data-ghost-key={more.key}
      data-era="new"
      data-group={more.group}
      data-count={more.count}
      aria-label={label}
      title={label}
    >
      <span className="cg-card__line">
        <span className="cg-card__index">+{more.count.toLocaleString('en-US')}</span>
        <span className="cg-card__group">{more.group}</span>
      </span>
      <span className="cg-card__line">
        <span className="cg-card__version cg-era--new">+v{more.version}</span>
        <span className="cg-ghost__tag cg-ghost__tag--create">more</span>
      </span>
    </button>
  );
});
