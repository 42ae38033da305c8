// Sizes and positions of the graph's boxes, in flow coordinates. Boxes sit in
// rows that wrap (no graph-layout library: the picture is a grid by nature);
// the lane of pending placements sits to the left of the rows and grows
// leftwards, so that adding placements never moves a box. How many boxes a
// row holds, and how many cards a box holds side by side, is a Shape chosen
// for the pane the graph is shown in (chooseShape).

/** CARD is the size of an allocation card and of a ghost card; the CSS uses the same numbers. */
export const CARD = { width: 120, height: 70, gap: 6 } as const;

/** BOX is the geometry of a client-node box: a header, then its cards in rows. */
export const BOX = { padding: 6, header: 50, empty: 30 } as const;

/** GRID is the spacing between boxes and between the lane and the rows. */
export const GRID = { gapX: 28, gapY: 28, laneGap: 48 } as const;

/**
 * LANE is the geometry of the lane of pending placements; `noteLine` is the
 * extra header height a one-column lane gives a note that counts canaries
 * ("2 canary · node chosen later"), which wraps there.
 */
export const LANE = { header: 44, noteLine: 14, padding: 6, minRows: 4, emptyWidth: 104 } as const;

/** MIN_CARD_FONT is the smallest font size (px at zoom 1) of any text on a card; graph.css keeps to it. */
export const MIN_CARD_FONT = 11;

/** DETAIL_NODES is the most boxes a first view shows as cards; larger clusters open on the overview. */
export const DETAIL_NODES = 24;

/** Shape is how the boxes are arranged: cards side by side in a box, and boxes in a row. */
export interface Shape {
  boxColumns: number;
  perRow: number;
}

/** DEFAULT_SHAPE is the shape when no pane is known (tests, the command line): about square. */
export function defaultShape(boxes: number): Shape {
  return { boxColumns: 2, perRow: Math.max(1, Math.ceil(Math.sqrt(boxes * 1.2))) };
}

/** boxWidth is the width of every client-node box holding `columns` cards side by side. */
export function boxWidth(columns: number): number {
  return columns * CARD.width + (columns - 1) * CARD.gap + 2 * BOX.padding;
}

/** boxHeight is the height of a box holding `cards` allocation cards, `columns` side by side. */
export function boxHeight(cards: number, columns: number): number {
  if (cards === 0) return BOX.header + BOX.empty;
  const rows = Math.ceil(cards / columns);
  return BOX.header + 2 * BOX.padding + rows * CARD.height + (rows - 1) * CARD.gap;
}

/** Rect is a position and size in flow coordinates. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** layoutGrid places boxes of the given heights `perRow` to a row; each row is as tall as its tallest box. */
export function layoutGrid(
  heights: readonly number[],
  width: number,
  perRow: number,
): { rects: Rect[]; height: number; width: number } {
  const rects: Rect[] = [];
  let y = 0;
  for (let start = 0; start < heights.length; start += perRow) {
    let tallest = 0;
    const end = Math.min(heights.length, start + perRow);
    for (let i = start; i < end; i++) {
      rects.push({ x: (i - start) * (width + GRID.gapX), y, width, height: heights[i]! });
      tallest = Math.max(tallest, heights[i]!);
    }
    y += tallest + GRID.gapY;
  }
  const cols = Math.min(perRow, heights.length);
  return { rects, height: Math.max(0, y - GRID.gapY), width: Math.max(0, cols * width + (cols - 1) * GRID.gapX) };
}

/** laneColumns is how many ghost cards sit side by side so that the lane is about as tall as the rows (or `rows` rows). */
export function laneColumns(ghosts: number, gridHeight: number): number {
  const rows = Math.max(LANE.minRows, Math.floor((gridHeight - LANE.header) / (CARD.height + CARD.gap)));
  return Math.max(1, Math.ceil(ghosts / rows));
}

/**
 * laneHeader is the height of the lane's header, for a lane of `cards` cards
 * `columns` wide, some of them canaries or not. One card wide, a note that
 * counts canaries needs two lines ("node chosen later" alone fits on one); an
 * empty lane has no note.
 */
export function laneHeader(cards: number, columns: number, canaries: boolean): number {
  return cards > 0 && columns === 1 && canaries ? LANE.header + LANE.noteLine : LANE.header;
}

/** layoutLane sizes the lane for its ghost cards and puts it left of the rows; an empty lane is a narrow label. */
export function layoutLane(ghosts: number, columns: number, canaries: boolean): Rect {
  if (ghosts === 0)
    return {
      x: -(LANE.emptyWidth + GRID.laneGap),
      y: 0,
      width: LANE.emptyWidth,
      height: LANE.header + BOX.empty + 2 * LANE.padding,
    };
  const rows = Math.max(1, Math.ceil(ghosts / columns));
  const width = columns * CARD.width + (columns - 1) * CARD.gap + 2 * LANE.padding;
  const height = laneHeader(ghosts, columns, canaries) + 2 * LANE.padding + rows * CARD.height + (rows - 1) * CARD.gap;
  return { x: -(width + GRID.laneGap), y: 0, width, height };
}

/** cardOffset is where the i-th card of a box sits, relative to the box (top-left corner), `columns` to a row. */
export function cardOffset(i: number, columns: number): { x: number; y: number } {
  const col = i % columns;
  const row = Math.floor(i / columns);
  return {
    x: BOX.padding + col * (CARD.width + CARD.gap),
    y: BOX.header + BOX.padding + row * (CARD.height + CARD.gap),
  };
}

/** ghostOffset is where the i-th ghost card of the lane sits, relative to the lane, below a header `header` high. */
export function ghostOffset(i: number, columns: number, header: number): { x: number; y: number } {
  const col = i % columns;
  const row = Math.floor(i / columns);
  return {
    x: LANE.padding + col * (CARD.width + CARD.gap),
    y: header + LANE.padding + row * (CARD.height + CARD.gap),
  };
}

/** Extent is the whole drawing's size for a shape: the lane (`ghosts` cards, canaries among them or not) and the rows. */
export function extent(
  cardCounts: readonly number[],
  ghosts: number,
  canaries: boolean,
  shape: Shape,
): { width: number; height: number } {
  const grid = layoutGrid(
    cardCounts.map((n) => boxHeight(n, shape.boxColumns)),
    boxWidth(shape.boxColumns),
    shape.perRow,
  );
  const lane = layoutLane(ghosts, laneColumns(ghosts, grid.height), canaries);
  return { width: lane.width + GRID.laneGap + grid.width, height: Math.max(grid.height, lane.height) };
}

/** Pane is the size of the graph's pane in screen pixels. */
export interface Pane {
  width: number;
  height: number;
}

/** FitChoice is a shape and the zoom that shows the whole of it in the pane. */
export interface FitChoice {
  shape: Shape;
  /** fit is the zoom at which the whole drawing fits the pane. */
  fit: number;
  width: number;
  height: number;
}

/**
 * chooseShape picks the arrangement that lets the pane show the drawing
 * largest. Up to DETAIL_NODES boxes, only shapes no wider than the pane at
 * the `floor` zoom are taken (so that, drawn at the floor, the rows fill
 * the pane's width and only scroll down), with one to three cards side by
 * side; a larger cluster keeps two cards side by side and may be any width,
 * since it opens on the overview, fitted whole.
 */
export function chooseShape(
  cardCounts: readonly number[],
  ghosts: number,
  canaries: boolean,
  pane: Pane,
  floor: number,
): FitChoice {
  const n = Math.max(1, cardCounts.length);
  const detail = cardCounts.length <= DETAIL_NODES;
  const columns = detail ? [1, 2, 3] : [2];
  let best: FitChoice | null = null;
  for (const boxColumns of columns) {
    for (let perRow = 1; perRow <= n; perRow++) {
      const shape = { boxColumns, perRow };
      const e = extent(cardCounts, ghosts, canaries, shape);
      // Wider than the pane at the floor: so is every longer row.
      if (detail && e.width * floor > pane.width && (boxColumns > 1 || perRow > 1)) break;
      const fit = Math.min(pane.width / e.width, pane.height / e.height);
      if (best === null || fit > best.fit + 1e-9) best = { shape, fit, ...e };
    }
  }
  return best!;
}
