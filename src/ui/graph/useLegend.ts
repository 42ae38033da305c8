// Whether the graph's legend is open, and where: kept in the browser's
// storage as the person left it (open on a first visit), placed by the
// graph's width (src/graph/legendPlace.ts).

import { useCallback, useContext, useState } from 'react';
import { type LegendPlace, legendPlace } from '../../graph/legendPlace.ts';
import { loadLegendOpen, saveLegendOpen } from '../../share/legendStorage.ts';
import { LegendStorageContext } from './legendContext.ts';

/**
 * LegendState is what the legend shows: `place` (null until the graph has a
 * width), whether it is open (the column, or the tab) and whether the tab's
 * legend is shown over the drawing; `toggle` is the ? button, `expand` the
 * tab, `close` the legend's own close button and Escape.
 */
export interface LegendState {
  place: LegendPlace | null;
  open: boolean;
  expanded: boolean;
  toggle(): void;
  expand(): void;
  close(): void;
}

/**
 * useLegend follows the legend's state in a graph `width` px wide. Open in
 * a column, the ? button closes it. As a tab, the ? button and the tab show
 * the legend over the drawing (the person asked for it); closing it closes
 * the legend, so that the tab does not come back on the next visit.
 */
export function useLegend(width: number | null): LegendState {
  const storage = useContext(LegendStorageContext);
  const [open, setOpen] = useState(() => loadLegendOpen(storage));
  const [expanded, setExpanded] = useState(false);
  const place = width === null ? null : legendPlace(width);
  const keep = useCallback(
    (next: boolean) => {
      setOpen(next);
      saveLegendOpen(storage, next);
    },
    [storage],
  );
  const close = useCallback(() => {
    setExpanded(false);
    keep(false);
  }, [keep]);
  const expand = useCallback(() => {
    setExpanded(true);
    keep(true);
  }, [keep]);
  const toggle = useCallback(() => {
    if (place !== 'tab') keep(!open);
    else if (expanded) close();
    else expand();
  }, [place, open, expanded, keep, close, expand]);
  return { place, open, expanded: place === 'tab' && expanded, toggle, expand, close };
}
