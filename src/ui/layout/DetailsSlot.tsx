// The side panel with the selected allocation's details. Closing it (the
// button, or Escape) gives the focus back to where it was when the panel
// opened (the card clicked), or to that allocation's card when that
// element is gone, so that a keyboard user does not land on the page body.

import { useCallback, useLayoutEffect, useRef } from 'react';
import { useActions, useShownResult, useSelectedAllocID } from '../storeContext.tsx';
import { AllocDetails } from './slots.ts';
import { useCardRefs } from '../cardRefs.ts';

/** DetailsSlot shows the selected allocation's details, or nothing when none is selected. */
export function DetailsSlot() {
  const result = useShownResult();
  const allocID = useSelectedAllocID();
  const { selectAlloc } = useActions();
  // An allocation's card in the graph, or the ghost card of a placement's key.
  const cards = useCardRefs();
  const opener = useRef<{ element: Element | null; allocID: string } | null>(null);
  // Before the panel takes the focus, note where it was.
  useLayoutEffect(() => {
    if (allocID === null || opener.current?.allocID === allocID) return;
    // A card clicked while the panel is open takes over; the panel's own focus does not.
    const active = document.activeElement;
    const inPanel = active?.closest('.details-panel') !== null && active?.closest('.details-panel') !== undefined;
    opener.current = { element: inPanel ? (opener.current?.element ?? null) : active, allocID };
  }, [allocID]);
  const onClose = useCallback(() => {
    const from = opener.current;
    opener.current = null;
    selectAlloc(null);
    requestAnimationFrame(() => {
      const back =
        from?.element instanceof HTMLElement && from.element.isConnected && from.element !== document.body
          ? from.element
          : from
            ? cards.get(from.allocID)
            : null;
      back?.focus();
    });
  }, [selectAlloc, cards]);
  if (!result || !allocID) return null;
  return (
    <aside className="details-panel" aria-label="Allocation details" data-testid="details-panel">
      <AllocDetails
        scenario={result.scenario}
        document={result.document}
        trace={result.trace}
        allocID={allocID}
        onClose={onClose}
      />
    </aside>
  );
}
