// Opens the graph on its first view (src/graph/viewport.ts) when a scenario
// is loaded and when the pane changes size; edits and frames of a rollout
// keep the view where the person left it.

import { useReactFlow } from '@xyflow/react';
import { type RefObject, useContext, useEffect, useRef } from 'react';
import type { Pane } from '../../graph/layout.ts';
import type { GraphModel } from '../../graph/model.ts';
import { DETAIL_ZOOM, drawingBounds, firstView } from '../../graph/viewport.ts';
import { DetailContext } from './detail.ts';

/**
 * FitView sets the first view whenever the arrangement (`model.shape`, chosen
 * again when a scenario is loaded), the pane or the text floor changes;
 * render it inside <ReactFlow>. It then marks `root` with data-fitted (the
 * scenario's name), which tests wait for.
 */
export function FitView({
  model,
  pane,
  name,
  root,
  minTextPx,
}: {
  model: GraphModel;
  pane: Pane;
  /** name is the scenario's name, written to data-fitted once the view is set. */
  name: string;
  root: RefObject<HTMLElement | null>;
  minTextPx: number | null;
}) {
  const { setViewport } = useReactFlow();
  const detail = useContext(DetailContext);
  // The fit reads the latest model but runs only when the arrangement changes.
  const latest = useRef(model);
  useEffect(() => {
    latest.current = model;
  });
  useEffect(() => {
    const m = latest.current;
    const view = firstView(drawingBounds(m), m.boxes.length, pane, minTextPx);
    detail.setState(view.zoom >= DETAIL_ZOOM);
    void setViewport(view).then(() => {
      if (root.current) root.current.dataset.fitted = name;
    });
  }, [name, pane, model.shape, setViewport, detail, root, minTextPx]);
  return null;
}
