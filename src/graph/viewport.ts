// The first view of a drawing: the zoom and position the graph opens on
// when a scenario is loaded or the pane is resized. Pure, so that the
// floor on text size is tested without a browser.

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

/** TEXT_FLOOR is the smallest card text (px on screen) a first view shows what changes at. */
export const TEXT_FLOOR = 12;

/** MAX_FIRST_ZOOM is the largest zoom a first view opens at: a small drawing is not blown up. */
const MAX_FIRST_ZOOM = 1.25;

/** MAX_LARGE_ZOOM is the largest zoom the presenter's first view opens at (22 px card text). */
const MAX_LARGE_ZOOM = 2;

/**
 * ROOM is the room (px) kept between the drawing and each side of the pane:
 * on the left, the strip of tools and zoom buttons; above and below, only a
 * hairline, since nothing is drawn over those edges and a pane at 1024×768
 * has no height to spare.
 */
const ROOM = { left: 48, right: 12, top: 4, bottom: 4 } as const;

/** DETAIL_ZOOM is the zoom from which boxes show their cards; below it each box is a tile of counts. */
export const DETAIL_ZOOM = 0.5;

/**
 * textFloor is the smallest card text (px on screen) a first view may show:
 * TEXT_FLOOR, or `large` when given (the presenter's), where what changes
 * fits at that size.
 */
export function textFloor(large: number | null = null): number {
  return large ?? TEXT_FLOOR;
}

/** zoomFloor is the zoom at which the smallest card text renders at `px` (TEXT_FLOOR by default). */
export function zoomFloor(px: number = TEXT_FLOOR): number {
  return px / MIN_CARD_FONT;
}

// union is the smallest bounds holding every rect, or null for none.
function union(rects: readonly Bounds[]): Bounds | null {
  if (rects.length === 0) return null;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const b of rects) {
    minX = Math.min(minX, b.x);
    minY = Math.min(minY, b.y);
    maxX = Math.max(maxX, b.x + b.width);
    maxY = Math.max(maxY, b.y + b.height);
  }
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

/** drawingBounds is the extent of the lane, every box and the summary of folded nodes. */
export function drawingBounds(model: GraphModel): Bounds {
  return union([model.lane, ...model.boxes, ...(model.summary ? [model.summary] : [])])!;
}

/** storyBounds is the extent of what changes (model.story), or of the whole drawing when nothing does. */
export function storyBounds(model: GraphModel): Bounds {
  const story = new Set(model.story);
  const rects = [model.lane, ...model.boxes].filter((r) => story.has(r.id));
  return union(rects) ?? drawingBounds(model);
}

// place centres the drawing along one axis between the room `lead` before it and `trail` after it when it fits, else starts it after `lead`.
function place(start: number, size: number, pane: number, zoom: number, lead: number, trail: number): number {
  const drawn = size * zoom;
  return drawn + lead + trail <= pane ? lead + (pane - lead - trail - drawn) / 2 - start * zoom : lead - start * zoom;
}

// fitZoom is the zoom at which `b` fills the pane inside the room kept around the drawing.
function fitZoom(b: Bounds, pane: Pane): number {
  return Math.min((pane.width - ROOM.left - ROOM.right) / b.width, (pane.height - ROOM.top - ROOM.bottom) / b.height);
}

/**
 * firstView is the view a drawing opens on, given the extent of its story
 * (storyBounds), how many boxes it has and, when given, the whole drawing's
 * extent. Up to DETAIL_NODES boxes the story is fitted, but never zoomed out
 * past the text floor (TEXT_FLOOR, or the presenter's `large` text where the
 * story fits at it), so that card text is legible; a story taller than that
 * shows from its top; the whole drawing is centred instead of the story
 * when it fits at that zoom too. A larger cluster is fitted whole, which
 * shows it as the overview.
 */
export function firstView(
  story: Bounds,
  boxes: number,
  pane: Pane,
  large: number | null = null,
  whole: Bounds = story,
): Viewport {
  const ceiling = large === null ? MAX_FIRST_ZOOM : MAX_LARGE_ZOOM;
  const fit = fitZoom(story, pane);
  const zoom = boxes <= DETAIL_NODES ? Math.max(zoomFloor(), Math.min(ceiling, fit)) : Math.min(ceiling, fit);
  const shown = fitZoom(whole, pane) >= zoom ? whole : story;
  return {
    x: place(shown.x, shown.width, pane.width, zoom, ROOM.left, ROOM.right),
    y: place(shown.y, shown.height, pane.height, zoom, ROOM.top, ROOM.bottom),
    zoom,
  };
}

/** storyView is the first view of a model in a pane: its story fitted (see firstView), `large` the presenter's text. */
export function storyView(model: GraphModel, pane: Pane, large: number | null = null): Viewport {
  return firstView(storyBounds(model), model.boxes.length, pane, large, drawingBounds(model));
}

/** inView tells whether the whole of `story` is in the pane at `view`, its card text at least TEXT_FLOOR. */
export function inView(story: Bounds, view: Viewport, pane: Pane): boolean {
  const left = story.x * view.zoom + view.x;
  const top = story.y * view.zoom + view.y;
  return (
    view.zoom >= zoomFloor() - 1e-9 &&
    left >= 0 &&
    top >= 0 &&
    left + story.width * view.zoom <= pane.width &&
    top + story.height * view.zoom <= pane.height
  );
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
 * paneShape chooses the arrangement that shows a drawing largest in the
 * pane: its boxes as drawn (folded or not), the summary of folded nodes,
 * the lane's cards, and the floor on text size (`large` for the presenter).
 */
export function paneShape(model: GraphModel, pane: Pane, large: number | null): Shape {
  const sizes = model.boxes.map((b) => ({ cards: b.view.allocs.length, folded: b.view.folded > 0 }));
  const lane = model.lane.view;
  const canaries = lane.placements.some((g) => g.canary) || lane.more.some((m) => m.canaries > 0);
  const ghosts = lane.placements.length + lane.more.length;
  return chooseShape(sizes, ghosts, canaries, model.summary !== null, pane, zoomFloor(textFloor(large))).shape;
}
