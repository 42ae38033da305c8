// One existing allocation inside its node's box: a button with its name
// index, its job version in a chip that shows its era (old, current, going
// away, gone), client status, canary and health badges, and the
// reconciler's decision drawn on top.

import { memo } from 'react';
import type { AllocCard } from '../../graph/model.ts';
import { ERAS } from '../../graph/era.ts';
import {
  actionFlagged,
  actionLine,
  clip,
  GROUP_CHARS,
  healthShown,
  laterWords,
  MARKED_GROUP_CHARS,
} from '../../graph/labels.ts';
import { ACTIONS, CLIENT_UPDATES, healthLabel, healthSymbol } from '../../graph/vocabulary.ts';
import { useCardRefs } from '../cardRefs.ts';
import { showConfusable } from '../confusable.ts';
import { LaterMark } from './LaterMark.tsx';

/** cardDescription is the card's accessible label and tooltip: everything it shows, in words. */
export function cardDescription(c: AllocCard): string {
  const parts = [`${c.name}, job version ${c.version} (${ERAS[c.era].label}), ${c.clientStatus}`];
  if (c.canary) parts.push('canary');
  if (healthShown(c)) parts.push(healthLabel(c.healthy));
  let decision = `${ACTIONS[c.action].label}: ${c.reason}`;
  if (c.clientUpdate !== null) decision = `${CLIENT_UPDATES[c.clientUpdate].description}. ${decision}`;
  if (c.stopReason !== '' && c.stopReason !== c.reason) decision += ` (${c.stopReason})`;
  if (c.followup !== '' && !decision.includes(c.followup)) decision += `; follow-up evaluation at ${c.followup}`;
  if (c.replacesOnPromotion.length > 0)
    decision += `. Once the deployment is promoted it replaces ${c.replacesOnPromotion.map((id) => id.slice(0, 8)).join(', ')}`;
  const later = c.later.length > 0 ? ` (${laterWords(c.later)})` : '';
  return `${parts.join(', ')}. ${decision}${later}`;
}

/** AllocCardView draws one allocation card; clicks are handled by the graph (event delegation). */
export const AllocCardView = memo(function AllocCardView({
  card,
  highlighted,
}: {
  card: AllocCard;
  highlighted: boolean;
}) {
  const label = cardDescription(card);
  const flagged = actionFlagged(card);
  const cards = useCardRefs();
  return (
    <button
      ref={cards.ref(card.id)}
      type="button"
      className="cg-card"
      data-testid="alloc"
      data-alloc-id={card.id}
      data-action={card.action}
      data-era={card.era}
      data-highlighted={highlighted ? 'true' : undefined}
      data-replaces={card.replacesOnPromotion.length > 0 ? card.replacesOnPromotion.join(' ') : undefined}
      aria-label={label}
      title={label}
    >
      <span className="cg-card__line cg-card__head">
        <span className="cg-card__index">{card.index}</span>
        <span className="cg-card__group">
          {clip(showConfusable(card.group), card.later.length > 0 ? MARKED_GROUP_CHARS : GROUP_CHARS)}
        </span>
        <LaterMark later={card.later} />
      </span>
      <span className="cg-card__line">
        <span className={`cg-card__version cg-era--${card.era}`}>v{card.version}</span>
        <span className={`cg-status cg-status--${card.clientStatus}`}>{card.clientStatus}</span>
        {card.canary && <span className="cg-badge cg-badge--canary">C</span>}
        {healthShown(card) && (
          <span className={`cg-badge cg-badge--health-${String(card.healthy)}`}>{healthSymbol(card.healthy)}</span>
        )}
      </span>
      <span className={flagged ? 'cg-card__action cg-card__flag' : 'cg-card__action'} aria-hidden="true">
        {actionLine(card)}
      </span>
    </button>
  );
});
