// The first view of a drawing: the zoom and position the graph opens on
// when a scenario is loaded or the pane is resized. Pure, so that the
// floor on text size is tested without a browser.

import type { ResultDocument } from '../result/document.ts';
import type { Scenario } from '../scenario/read.ts';
import { chooseShape, DETAIL_NODES, MIN_CARD_FONT, type Pane, type Shape } from './layout.ts';
import type { GraphModel } from './model.ts';

/** Bounds is the drawing's extent in flow coordinates. */
export interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Viewport is React Flow's: the flow point at the pane's origin is (-x/zoom, -y/zoom). */
export interface Viewport {
  x: number;
  y: number;
  zoom: number;
}

/** NARROW_PANE is the pane width (px) under which text may be drawn at 10 px rather than 11 px. */
const NARROW_PANE = 560;

/** MAX_FIRST_ZOOM is the largest zoom a first view opens at: a small drawing is not blown up. */
const MAX_FIRST_ZOOM = 1.25;

/** MARGIN is the room (px) kept between the drawing and the pane's sides. */
const MARGIN = 12;

/** TOP is the room (px) kept above the drawing, for the zoom and export buttons and the legend's button along the top. */
const TOP = 44;

/** DETAIL_ZOOM is the zoom from which boxes show their cards; below it each box is a tile of counts. */
export const DETAIL_ZOOM = 0.5;

/**
 * textFloor is the smallest card text (px on screen) a first view may show:
 * 11 px, 10 px in a narrow pane, or `large` when given (the presenter's).
 */
export function textFloor(pane: Pane, large: number | null = null): number {
  return large ?? (pane.width < NARROW_PANE ? 10 : 11);
}

/** zoomFloor is the zoom at which the smallest card text renders at textFloor. */
export function zoomFloor(pane: Pane, large: number | null = null): number {
  return textFloor(pane, large) / MIN_CARD_FONT;
}

/** drawingBounds is the extent of the lane and every box. */
export function drawingBounds(model: GraphModel): Bounds {
  let minX = model.lane.x;
  let minY = model.lane.y;
  let maxX = model.lane.x + model.lane.width;
  let maxY = model.lane.y + model.lane.height;
  for (const b of model.boxes) {
    minX = Math.min(minX, b.x);
    minY = Math.min(minY, b.y);
    maxX = Math.max(maxX, b.x + b.width);
    maxY = Math.max(maxY, b.y + b.height);
  }
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

// place centres the drawing along one axis when it fits, else starts it at the margin `lead`.
function place(start: number, size: number, pane: number, zoom: number, lead: number): number {
  const drawn = size * zoom;
  return drawn + lead + MARGIN <= pane ? lead + (pane - lead - MARGIN - drawn) / 2 - start * zoom : lead - start * zoom;
}

/**
 * firstView is the view a drawing opens on. Up to DETAIL_NODES boxes it is
 * fitted but never zoomed out past the floor, so that card text is legible
 * (a drawing taller than that scrolls down from its top); a larger cluster
 * is fitted whole, which shows it as the overview.
 */
export function firstView(bounds: Bounds, boxes: number, pane: Pane, large: number | null = null): Viewport {
  const fit = Math.min((pane.width - 2 * MARGIN) / bounds.width, (pane.height - TOP - MARGIN) / bounds.height);
  const floor = zoomFloor(pane, large);
  const zoom = boxes <= DETAIL_NODES ? Math.max(floor, Math.min(MAX_FIRST_ZOOM, fit)) : Math.min(MAX_FIRST_ZOOM, fit);
  return {
    x: place(bounds.x, bounds.width, pane.width, zoom, MARGIN),
    y: place(bounds.y, bounds.height, pane.height, zoom, TOP),
    zoom,
  };
}

/**
 * sameLoad tells whether `next` is still the scenario `loaded` was: the same
 * name and the same nodes, in order. An edit keeps the arrangement and the
 * view; another scenario (or other nodes) is arranged and fitted afresh.
 */
export function sameLoad(loaded: Scenario, next: Scenario): boolean {
  if (loaded === next) return true;
  if (loaded.Name !== next.Name || loaded.Nodes.length !== next.Nodes.length) return false;
  return loaded.Nodes.every((n, i) => n.ID === next.Nodes[i]!.ID);
}

/**
 * paneShape chooses the arrangement that shows the scenario largest in the
 * pane: a box per node (and per node that is gone but holds allocations), the
 * lane's placements and replacements, and the floor on text size.
 */
export function paneShape(s: Scenario, doc: ResultDocument, pane: Pane, minTextPx: number | null): Shape {
  const per = new Map<string, number>(s.Nodes.map((n) => [n.ID, 0]));
  const gone = new Map<string, number>();
  for (const a of s.Allocations) {
    const counts = per.has(a.NodeID) ? per : gone;
    counts.set(a.NodeID, (counts.get(a.NodeID) ?? 0) + 1);
  }
  const ghosts = doc.Place.length + doc.DestructiveUpdate.length;
  const canaries = doc.Place.some((p) => p.Canary);
  return chooseShape([...per.values(), ...gone.values()], ghosts, canaries, pane, zoomFloor(pane, minTextPx)).shape;
}
