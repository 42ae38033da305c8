// Sizes and positions of the graph's boxes, in flow coordinates. Boxes sit in
// a plain grid (no graph-layout library: the picture is a grid by nature);
// the lane of pending placements sits to the left of the grid and grows
// leftwards, so that adding placements never moves a box.

/** CARD is the size of an allocation card and of a ghost card; the CSS uses the same numbers. */
export const CARD = { width: 132, height: 58, gap: 6 } as const;

/** BOX is the geometry of a client-node box: a header, then cards two by two. */
export const BOX = { columns: 2, padding: 8, header: 58, empty: 30 } as const;

/** BOX_WIDTH is the width of every client-node box. */
export const BOX_WIDTH = BOX.columns * CARD.width + (BOX.columns - 1) * CARD.gap + 2 * BOX.padding;

/** GRID is the spacing between boxes and between the lane and the grid. */
export const GRID = { gapX: 36, gapY: 36, laneGap: 80 } as const;

/** LANE is the geometry of the lane of pending placements. */
export const LANE = { header: 44, padding: 8, minColumns: 2, minRows: 8 } as const;

/** boxHeight is the height of a box holding `cards` allocation cards. */
export function boxHeight(cards: number): number {
  if (cards === 0) return BOX.header + BOX.empty;
  const rows = Math.ceil(cards / BOX.columns);
  return BOX.header + 2 * BOX.padding + rows * CARD.height + (rows - 1) * CARD.gap;
}

/** gridColumns is how many boxes a row holds: about square, depending only on the number of boxes. */
export function gridColumns(boxes: number): number {
  return Math.max(1, Math.ceil(Math.sqrt(boxes * 1.2)));
}

/** Rect is a position and size in flow coordinates. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** layoutGrid places boxes of the given heights row by row; each row is as tall as its tallest box. */
export function layoutGrid(heights: readonly number[]): { rects: Rect[]; height: number } {
  const cols = gridColumns(heights.length);
  const rects: Rect[] = [];
  let y = 0;
  for (let start = 0; start < heights.length; start += cols) {
    const row = heights.slice(start, start + cols);
    row.forEach((h, i) => rects.push({ x: i * (BOX_WIDTH + GRID.gapX), y, width: BOX_WIDTH, height: h }));
    y += Math.max(...row) + GRID.gapY;
  }
  return { rects, height: Math.max(0, y - GRID.gapY) };
}

/** laneColumns is how many ghost cards sit side by side so that the lane is about as tall as the grid. */
export function laneColumns(ghosts: number, gridHeight: number): number {
  const rows = Math.max(LANE.minRows, Math.floor((gridHeight - LANE.header) / (CARD.height + CARD.gap)));
  return Math.max(LANE.minColumns, Math.ceil(ghosts / rows));
}

/** layoutLane sizes the lane for its ghost cards and puts it left of the grid. */
export function layoutLane(ghosts: number, columns: number): Rect {
  const rows = Math.max(1, Math.ceil(ghosts / columns));
  const width = columns * CARD.width + (columns - 1) * CARD.gap + 2 * LANE.padding;
  const height = LANE.header + 2 * LANE.padding + rows * CARD.height + (rows - 1) * CARD.gap;
  return { x: -(width + GRID.laneGap), y: 0, width, height };
}

/** cardOffset is where the i-th card of a box sits, relative to the box (top-left corner). */
export function cardOffset(i: number): { x: number; y: number } {
  const col = i % BOX.columns;
  const row = Math.floor(i / BOX.columns);
  return { x: BOX.padding + col * (CARD.width + CARD.gap), y: BOX.header + BOX.padding + row * (CARD.height + CARD.gap) };
}

/** ghostOffset is where the i-th ghost card of the lane sits, relative to the lane. */
export function ghostOffset(i: number, columns: number): { x: number; y: number } {
  const col = i % columns;
  const row = Math.floor(i / columns);
  return { x: LANE.padding + col * (CARD.width + CARD.gap), y: LANE.header + LANE.padding + row * (CARD.height + CARD.gap) };
}
