// Keeps the focused card in view: when Tab moves focus to a card outside the
// visible part of the graph, the view pans to it (React Flow pans only to
// focused nodes, and our cards live inside nodes).

import { useReactFlow, useStore } from '@xyflow/react';
import { useEffect } from 'react';

const CARD = '[data-testid="alloc"], [data-testid="placement"], [data-testid="replacement"]';
const MARGIN = 40;

function shift(lo: number, hi: number, min: number, max: number): number {
  if (lo < min) return min - lo;
  if (hi > max) return max - hi;
  return 0;
}

/** FollowFocus pans the graph to a focused card that is out of view; render it inside <ReactFlow>. */
export function FollowFocus() {
  const { getViewport, setViewport } = useReactFlow();
  const domNode = useStore((s) => s.domNode);
  useEffect(() => {
    if (!domNode) return;
    const onFocus = (e: FocusEvent): void => {
      const el = e.target as Element | null;
      if (!el?.matches?.(CARD)) return;
      // Focusing scrolls the clipped containers to reveal the card; undo
      // that (React Flow would, a moment later) and move the view instead.
      for (let n = el.parentElement; n && n !== domNode.parentElement; n = n.parentElement) {
        if (n.scrollTop !== 0 || n.scrollLeft !== 0) n.scrollTo(0, 0);
      }
      const pane = domNode.getBoundingClientRect();
      const r = el.getBoundingClientRect();
      const dx = shift(r.left, r.right, pane.left + MARGIN, pane.right - MARGIN);
      const dy = shift(r.top, r.bottom, pane.top + MARGIN, pane.bottom - MARGIN);
      if (dx === 0 && dy === 0) return;
      const v = getViewport();
      void setViewport({ x: v.x + dx, y: v.y + dy, zoom: v.zoom }, { duration: 150 });
    };
    domNode.addEventListener('focusin', onFocus);
    return () => domNode.removeEventListener('focusin', onFocus);
  }, [domNode, getViewport, setViewport]);
  return null;
}
