// Folding: the nodes and allocations nothing happens to are drawn as a
// count, so that what changes fits the pane at a legible size. A node is in
// the story when one of its allocations changes or when it is not plainly
// ready (down, draining, garbage-collected, initializing): that is news
// even when its allocations stay.

import type { AllocCard, NodeBoxView } from './model.ts';

/** SUMMARY_ID is the graph ID of the box standing for the folded nodes, and its key in Fold.open. */
export const SUMMARY_ID = 'folded';

/**
 * Fold says what is folded: nothing when `on` is false; otherwise every node
 * and allocation nothing happens to, except what `open` unfolds: a box ID
 * shows that box's unchanged allocations, SUMMARY_ID the folded nodes.
 */
export interface Fold {
  on: boolean;
  open: ReadonlySet<string>;
  /** keep are allocation IDs drawn, with their nodes, though nothing happens to them: the ones Compare versions marks. */
  keep?: ReadonlySet<string>;
}

/** NO_FOLD draws everything: the page with its switch off, the command line's --no-fold, the tests' default. */
export const NO_FOLD: Fold = { on: false, open: new Set() };

const NONE: ReadonlySet<string> = new Set();

/** FOLDED folds as the page does when it opens a scenario: on, no fold opened. The command line's picture draws it. */
export const FOLDED: Fold = { on: true, open: new Set() };

/** changes tells whether something happens to an allocation: any decision but "ignore", or Nomad 1.6 updating its client status. */
export function changes(card: AllocCard): boolean {
  return card.action !== 'ignore' || card.clientUpdate !== null;
}

/** told tells whether a card is part of the story: something happens to it, or the fold keeps it. */
export function told(card: AllocCard, keep: ReadonlySet<string> = NONE): boolean {
  return changes(card) || keep.has(card.id);
}

/** inStory tells whether a node's box belongs to the story: an allocation is told, or the node is not plainly ready. */
export function inStory(
  v: Pick<NodeBoxView, 'condition' | 'draining'>,
  cards: readonly AllocCard[],
  keep: ReadonlySet<string> = NONE,
): boolean {
  return v.condition !== 'ready' || v.draining || cards.some((c) => told(c, keep));
}
