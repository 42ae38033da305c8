// Opens the graph on its first view (src/graph/viewport.ts), fitted to what
// changes, when a scenario is loaded, a rollout's frame is shown, folding is
// turned on or off and when the pane changes size; edits and opened folds
// keep the view where the person left it.

import { useReactFlow } from '@xyflow/react';
import { type RefObject, useContext, useEffect, useRef } from 'react';
import type { Pane } from '../../graph/layout.ts';
import type { GraphModel } from '../../graph/model.ts';
import { DETAIL_ZOOM, storyView } from '../../graph/viewport.ts';
import { DetailContext } from './detail.ts';

/**
 * FitView sets the first view whenever the arrangement (`model.shape`, chosen
 * again when a scenario is loaded, a frame shown or folding turned on or
 * off), the pane or the text floor changes; render it inside <ReactFlow>.
 * It then marks `root` with data-fitted (the scenario's name), data-follow
 * (the frame shown) and data-fitted-pane (the pane's size), which tests wait for.
 */
export function FitView({
  model,
  pane,
  name,
  root,
  minTextPx,
  follow,
}: {
  model: GraphModel;
  pane: Pane;
  /** name is the scenario's name, written to data-fitted once the view is set. */
  name: string;
  root: RefObject<HTMLElement | null>;
  minTextPx: number | null;
  follow: number | null;
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
    const view = storyView(m, pane, minTextPx);
    detail.setState(view.zoom >= DETAIL_ZOOM);
    void setViewport(view).then(() => {
      if (!root.current) return;
      root.current.dataset.fitted = name;
      root.current.dataset.follow = follow === null ? '' : String(follow);
      root.current.dataset.fittedPane = `${pane.width}x${pane.height}`;
    });
  }, [name, pane, model.shape, setViewport, detail, root, minTextPx, follow]);
  return null;
}
