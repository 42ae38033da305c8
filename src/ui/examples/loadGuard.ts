// When loading an example would lose the person's work: pure, so that the
// rule is tested without a browser.

import { type TabTexts, sameTexts } from '../../scenario/tabs.ts';

/**
 * needsConfirmation tells whether replacing the current texts would destroy
 * edits: it would not when they are still exactly a text the app loaded
 * itself (the default scenario, or the example loaded last).
 */
export function needsConfirmation(current: TabTexts, loaded: readonly (TabTexts | null)[]): boolean {
  return !loaded.some((t) => t !== null && sameTexts(current, t));
}
