// What the viewport's motion tells the drawing: whether boxes draw their
// cards or, zoomed out, a tile of counts (semantic zoom), and whether the
// view is moving. Both are kept out of React's state where they can be: the
// detail store re-renders only the boxes, and only when the threshold is
// crossed; the root's classes (cg--overview, cg--moving) need no render.

import type { Viewport } from '@xyflow/react';
import { type RefObject, useCallback, useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { DETAIL_ZOOM } from '../../graph/viewport.ts';
import { createDetailStore, type DetailStore } from './detail.ts';

/** ViewportState is the detail store for the graph's nodes, whether it draws cards, and React Flow's move handlers. */
export interface ViewportState {
  detailStore: DetailStore;
  detail: boolean;
  onMove: (event: unknown, viewport: Viewport) => void;
  onMoveStart: () => void;
  onMoveEnd: () => void;
}

/**
 * useViewportState follows the zoom across DETAIL_ZOOM into a detail store,
 * marks `root` with cg--overview when zoomed out (the CSS hides the arrows,
 * which would only tangle the tiles) and with cg--moving while the view moves.
 */
export function useViewportState(root: RefObject<HTMLElement | null>): ViewportState {
  const [detailStore] = useState(createDetailStore);
  const detail = useStore(detailStore);
  const onMove = useCallback((_: unknown, v: Viewport) => detailStore.setState(v.zoom >= DETAIL_ZOOM), [detailStore]);
  useEffect(
    () => detailStore.subscribe((zoomedIn) => root.current?.classList.toggle('cg--overview', !zoomedIn)),
    [detailStore, root],
  );
  const onMoveStart = useCallback(() => root.current?.classList.add('cg--moving'), [root]);
  const onMoveEnd = useCallback(() => root.current?.classList.remove('cg--moving'), [root]);
  return { detailStore, detail, onMove, onMoveStart, onMoveEnd };
}
