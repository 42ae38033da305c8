// One existing allocation inside its node's box: a button with its name
// index, its job version in a chip that shows its era (old, current, going
// away, gone), client status, canary and health badges, and the
// reconciler's decision drawn on top.

import { memo } from 'react';
import type { AllocCard } from '../../graph/model.ts';
import { ERAS } from '../../graph/era.ts';
import { ACTIONS, healthLabel, healthSymbol } from './vocabulary.ts';
import { showConfusable } from '../confusable.ts';

const GROUP_CHARS = 14;

// clip shortens text to what fits on a card, without CSS clipping.
function clip(text: string, chars: number): string {
  return text.length <= chars ? text : `${text.slice(0, chars - 1)}…`;
}

// showsHealth tells whether the card wears a health badge: only what keeps
// running does, so that nothing stopped or replaced wears a green check.
function showsHealth(c: AllocCard): boolean {
  return (c.era === 'current' || c.era === 'old') && (c.canary || c.healthy !== null);
}

// GONE_WORDS say how an allocation that had stopped before this evaluation ended, by client status.
const GONE_WORDS: Readonly<Record<string, string>> = { complete: 'finished', failed: 'failed', lost: 'lost' };

/** cardDescription is the card's accessible label and tooltip: everything it shows, in words. */
export function cardDescription(c: AllocCard): string {
  const parts = [`${c.name}, job version ${c.version} (${ERAS[c.era].label}), ${c.clientStatus}`];
  if (c.canary) parts.push('canary');
  if (showsHealth(c)) parts.push(healthLabel(c.healthy));
  let decision = `${ACTIONS[c.action].label}: ${c.reason}`;
  if (c.stopReason !== '' && c.stopReason !== c.reason) decision += ` (${c.stopReason})`;
  if (c.followup !== '' && !decision.includes(c.followup)) decision += `; follow-up evaluation at ${c.followup}`;
  if (c.replacesOnPromotion.length > 0)
    decision += `. Once the deployment is promoted it replaces ${c.replacesOnPromotion.map((id) => id.slice(0, 8)).join(', ')}`;
  return `${parts.join(', ')}. ${decision}`;
}

// actionLine is the card's third line: the decision in a word or two.
function actionLine(c: AllocCard): string {
  const term = ACTIONS[c.action];
  if (c.era === 'gone') return `${term.symbol} already ${GONE_WORDS[c.clientStatus] ?? 'stopped'}`;
  if (c.action === 'ignore') return `${term.symbol} no change`;
  // The reason is Nomad's own words, on two lines; "alloc" goes without saying on a card.
  if (c.action === 'stop' && c.stopReason !== '')
    return `${term.symbol} ${clip(c.stopReason.replace(/^alloc /, ''), 36)}`;
  if (c.action === 'reschedule-later' && c.followup !== '') return `${term.symbol} later, ${c.followup.slice(11, 19)}`;
  return `${term.symbol} ${term.label}`;
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
  const flagged = card.action === 'lost' || card.action === 'inplace';
  return (
    <button
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
        <span className="cg-card__group">{clip(showConfusable(card.group), GROUP_CHARS)}</span>
      </span>
      <span className="cg-card__line">
        <span className={`cg-card__version cg-era--${card.era}`}>v{card.version}</span>
        <span className={`cg-status cg-status--${card.clientStatus}`}>{card.clientStatus}</span>
        {card.canary && <span className="cg-badge cg-badge--canary">C</span>}
        {showsHealth(card) && (
          <span className={`cg-badge cg-badge--health-${String(card.healthy)}`}>{healthSymbol(card.healthy)}</span>
        )}
      </span>
      <span className={flagged ? 'cg-card__action cg-card__flag' : 'cg-card__action'} aria-hidden="true">
        {actionLine(card)}
      </span>
    </button>
  );
});
