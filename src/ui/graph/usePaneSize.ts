// The size of the graph's pane, which the arrangement and the first view are chosen for.

import { type RefObject, useLayoutEffect, useState } from 'react';
import type { Pane } from '../../graph/layout.ts';

/** usePaneSize follows the size of the graph's pane, in whole pixels; null until it has one. */
export function usePaneSize(ref: RefObject<HTMLDivElement | null>): Pane | null {
  const [pane, setPane] = useState<Pane | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const width = Math.round(el.clientWidth);
      const height = Math.round(el.clientHeight);
      if (width === 0 || height === 0) return;
      setPane((p) => (p !== null && p.width === width && p.height === height ? p : { width, height }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return pane;
}
