// Choosing a card: one listener for every card (found from the click's
// target), so that a thousand cards need no handler each.

import { type MouseEvent, type PointerEvent, useCallback, useEffect, useRef } from 'react';

// CLICK_DISTANCE is how far (in pixels) the pointer may move between press and release for a click.
const CLICK_DISTANCE = 4;

/** CardClicks are the handlers that turn clicks into a chosen allocation (or none). */
export interface CardClicks {
  onPointerDown: (e: PointerEvent<HTMLDivElement>) => void;
  onNodeClick: (e: MouseEvent) => void;
  onPaneClick: () => void;
}

/**
 * useCardClicks calls onSelectAlloc with the ID of a clicked card, or the
 * key of a clicked ghost card (or one activated with the keyboard), and
 * with null for a click on the background.
 * A drag that pans the view and ends on a card is not a click. The handlers
 * keep their identity, so React Flow is not told of a new one on each render.
 */
export function useCardClicks(onSelectAlloc: (allocID: string | null) => void): CardClicks {
  const select = useRef(onSelectAlloc);
  useEffect(() => {
    select.current = onSelectAlloc;
  }, [onSelectAlloc]);
  const down = useRef<{ x: number; y: number } | null>(null);
  const onPointerDown = useCallback((e: PointerEvent<HTMLDivElement>) => {
    down.current = { x: e.clientX, y: e.clientY };
  }, []);
  const onNodeClick = useCallback((e: MouseEvent) => {
    const from = down.current;
    if (e.detail !== 0 && from && Math.hypot(e.clientX - from.x, e.clientY - from.y) > CLICK_DISTANCE) return;
    const card = (e.target as Element).closest?.('[data-testid="alloc"], [data-ghost-key]');
    if (card) select.current(card.getAttribute('data-alloc-id') ?? card.getAttribute('data-ghost-key'));
  }, []);
  const onPaneClick = useCallback(() => select.current(null), []);
  return { onPointerDown, onNodeClick, onPaneClick };
}
