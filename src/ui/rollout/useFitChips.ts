// The timeline's chips fit their strip: when they would not fit with their
// labels ("2 deploy", "3 drain"), they show their numbers only (each keeps
// its full story in its tooltip), and only a film too long even for that
// scrolls. Decided on the element itself, so deciding never re-renders.

import { type RefObject, useLayoutEffect } from 'react';

/** useFitChips sets data-compact on the strip when its chips overflow it with their labels, again whenever it is resized. */
export function useFitChips(strip: RefObject<HTMLElement | null>, content: unknown): void {
  useLayoutEffect(() => {
    const el = strip.current;
    if (!el) return;
    const fit = () => {
      el.setAttribute('data-compact', 'false');
      if (el.scrollWidth > el.clientWidth + 1) el.setAttribute('data-compact', 'true');
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    return () => observer.disconnect();
  }, [strip, content]);
}
