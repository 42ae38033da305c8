// Sizes and positions of the graph's boxes, in flow coordinates. Boxes of
// one width stand in columns, each in the shortest column, as a newspaper
// fills its columns (no graph-layout library: the picture is a grid by
// nature): a short box never leaves a row's height empty beside a tall one,
// so that what changes fits the pane at a legible size. The lane of pending
// placements comes first, at the top left; an empty lane sits left of the
// columns, out of the way. How many columns there are, and how many cards a
// box holds side by side, is a Shape chosen for the pane the graph is shown
// in (chooseShape).

/** CARD is the size of an allocation card and of a ghost card; the CSS uses the same numbers. */
export const CARD = { width: 120, height: 70, gap: 6 } as const;

/** BOX is the geometry of a client-node box: a header, then its cards in rows. */
export const BOX = { padding: 6, header: 44, empty: 30 } as const;

/** GRID is the space between boxes (and the lane) in the columns, and between an empty lane and the columns. */
export const GRID = { gap: 20, laneGap: 48 } as const;

/** FOLD is the geometry of folding: the line under a box's cards that counts its unchanged allocations, and the summary box of unchanged nodes. */
export const FOLD = { line: 26, summary: 64 } as const;

/**
 * LANE is the geometry of the lane of pending placements; `noteLine` is the
 * extra header height a one-column lane gives a note that counts canaries
 * ("2 canary · node chosen later"), which wraps there.
 */
export const LANE = { header: 44, noteLine: 14, padding: 6, emptyWidth: 104 } as const;

/** MIN_CARD_FONT is the smallest font size (px at zoom 1) of any text on a card; graph.css keeps to it. */
export const MIN_CARD_FONT = 11;

/** DETAIL_NODES is the most boxes a first view shows as cards; larger clusters open on the overview. */
export const DETAIL_NODES = 24;

/** Shape is how the boxes are arranged: cards side by side in a box, and columns of boxes side by side (perRow). */
export interface Shape {
  boxColumns: number;
  perRow: number;
}

/** defaultShape is the shape when no pane is known (tests, the command line): about square. */
export function defaultShape(boxes: number): Shape {
  return { boxColumns: 2, perRow: Math.max(1, Math.ceil(Math.sqrt(boxes * 1.2))) };
}

/** boxWidth is the width of every client-node box holding `columns` cards side by side. */
export function boxWidth(columns: number): number {
  return columns * CARD.width + (columns - 1) * CARD.gap + 2 * BOX.padding;
}

/**
 * boxHeight is the height of a box holding `cards` allocation cards,
 * `columns` side by side, and below them, when `folded`, the line that
 * counts its allocations nothing happens to.
 */
export function boxHeight(cards: number, columns: number, folded = false): number {
  if (cards === 0) return BOX.header + (folded ? BOX.padding + FOLD.line : BOX.empty);
  const rows = Math.ceil(cards / columns);
  return BOX.header + 2 * BOX.padding + rows * CARD.height + (rows - 1) * CARD.gap + (folded ? FOLD.line : 0);
}

/** Rect is a position and size in flow coordinates. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * layoutColumns stacks items of the given heights in `columns` columns
 * `width` wide, whichever of two ways is less tall: each in the shortest
 * column (the leftmost of equals), or in order down one column after
 * another, as a newspaper reads, each column as full as the tallest must be.
 * The first item may span `span` columns (a long lane of placements).
 */
export function layoutColumns(
  heights: readonly number[],
  width: number,
  columns: number,
  span = 1,
): { rects: Rect[]; height: number; width: number } {
  const cols = Math.max(1, Math.min(columns, heights.length));
  const shortest = fillColumns(heights, width, cols, span, null);
  if (heights.length < 3 || cols < 2) return shortest;
  const inOrder = fillColumns(heights, width, cols, span, downToHeight(heights, cols, span));
  return inOrder.height < shortest.height - 1e-9 ? inOrder : shortest;
}

// fillColumns places the first item at the top left, `span` columns wide,
// then each other item in the shortest column or, given a height `down`, in
// the first column from the last one used that still has room under `down`.
function fillColumns(
  heights: readonly number[],
  width: number,
  cols: number,
  span: number,
  down: number | null,
): { rects: Rect[]; height: number; width: number } {
  const tops = new Array<number>(cols).fill(0);
  const rects: Rect[] = [];
  let column = 0;
  heights.forEach((h, i) => {
    const s = i === 0 ? Math.min(span, cols) : 1;
    let at = 0;
    if (s === 1 && down === null) for (let c = 1; c < cols; c++) if (tops[c]! < tops[at]!) at = c;
    if (s === 1 && down !== null) {
      while (column < cols - 1 && tops[column]! + h > down + 1e-9) column++;
      at = column;
    }
    const y = Math.max(...tops.slice(at, at + s));
    rects.push({ x: at * (width + GRID.gap), y, width: s * width + (s - 1) * GRID.gap, height: h });
    for (let c = at; c < at + s; c++) tops[c] = y + h + GRID.gap;
  });
  return {
    rects,
    height: heights.length === 0 ? 0 : Math.max(...tops) - GRID.gap,
    width: heights.length === 0 ? 0 : cols * width + (cols - 1) * GRID.gap,
  };
}

// downToHeight is the least height to which items, in order, fill `cols`
// columns one after another (the first spanning `span` of them, as in
// layoutColumns): a search between the tallest item and all of them
// stacked, each guess tried by filling the columns.
function downToHeight(heights: readonly number[], cols: number, span: number): number {
  const fits = (down: number) => fillColumns(heights, 0, cols, span, down).height <= down + 1e-9;
  let low = Math.max(...heights);
  let high = heights.reduce((sum, h) => sum + h + GRID.gap, -GRID.gap);
  if (fits(low)) return low;
  // Heights are whole pixels (so are the gaps): the least height that fits is a whole number.
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (fits(mid)) high = mid;
    else low = mid;
  }
  return high;
}

// ghostColumns is how many ghost cards sit side by side in a lane `width` wide.
function ghostColumns(width: number): number {
  return Math.max(1, Math.floor((width - 2 * LANE.padding + CARD.gap) / (CARD.width + CARD.gap)));
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

/** laneHeight is the height of a lane of `cards` ghost cards, `columns` side by side; an empty lane is a label. */
export function laneHeight(cards: number, columns: number, canaries: boolean): number {
  if (cards === 0) return LANE.header + BOX.empty + 2 * LANE.padding;
  const rows = Math.ceil(cards / columns);
  return laneHeader(cards, columns, canaries) + 2 * LANE.padding + rows * CARD.height + (rows - 1) * CARD.gap;
}

// emptyLane is where a lane without cards sits: a narrow label left of the columns.
function emptyLane(): Rect {
  return {
    x: -(LANE.emptyWidth + GRID.laneGap),
    y: 0,
    width: LANE.emptyWidth,
    height: laneHeight(0, 1, false),
  };
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

/** BoxSize is what a box's size depends on: the cards it draws, and whether it has a line of folded ones. */
export interface BoxSize {
  cards: number;
  folded: boolean;
}

/** Arrangement is where everything sits: the lane, then each item (boxes, then the summary of folded nodes). */
export interface Arrangement {
  lane: Rect;
  /** ghostColumns is how many ghost cards the lane holds side by side. */
  ghostColumns: number;
  rects: Rect[];
  width: number;
  height: number;
}

/**
 * arrange places the lane (`ghosts` cards, canaries among them or not) and
 * items of the given heights in the shape's columns. A lane with cards comes
 * first and spans as many columns as make the drawing least tall; an empty
 * one sits left of the columns.
 */
export function arrange(heights: readonly number[], ghosts: number, canaries: boolean, shape: Shape): Arrangement {
  const width = boxWidth(shape.boxColumns);
  if (ghosts === 0) {
    const grid = layoutColumns(heights, width, shape.perRow);
    return { lane: emptyLane(), ghostColumns: 1, ...grid };
  }
  let best: Arrangement | null = null;
  for (const span of laneSpans(heights, ghosts, width, shape.perRow)) {
    const laneWidth = span * width + (span - 1) * GRID.gap;
    const columns = ghostColumns(laneWidth);
    const grid = layoutColumns([laneHeight(ghosts, columns, canaries), ...heights], width, shape.perRow, span);
    if (best === null || grid.height < best.height) {
      best = {
        lane: grid.rects[0]!,
        ghostColumns: columns,
        rects: grid.rects.slice(1),
        width: grid.width,
        height: grid.height,
      };
    }
  }
  return best!;
}

// laneSpans are the spans worth trying for a lane of `ghosts` cards: up to
// four columns, and those about where the lane is as tall as the columns
// beside it (each try lays out every box, so a large cluster tries few).
function laneSpans(heights: readonly number[], ghosts: number, width: number, columns: number): number[] {
  const cell = (CARD.width + CARD.gap) * (CARD.height + CARD.gap);
  const area = heights.reduce((sum, h) => sum + h, 0) * (width + GRID.gap) + ghosts * cell;
  const tall = area / (columns * (width + GRID.gap));
  const ideal = Math.round((ghosts * cell) / (width + GRID.gap) / Math.max(tall, 1));
  const spans = new Set([1, 2, 3, 4, ideal - 1, ideal, ideal + 1]);
  return [...spans]
    .filter((s) => s >= 1 && s <= Math.max(1, Math.min(columns, heights.length + 1)))
    .sort((a, b) => a - b);
}

/** sizeHeights are the heights of boxes of the given sizes, `boxColumns` cards side by side, then the summary's when there is one. */
export function sizeHeights(sizes: readonly BoxSize[], boxColumns: number, summary: boolean): number[] {
  const heights = sizes.map((s) => boxHeight(s.cards, boxColumns, s.folded));
  if (summary) heights.push(FOLD.summary);
  return heights;
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
 * (the boxes of the given sizes, the summary of folded nodes when there is
 * one, and the lane) largest. Up to DETAIL_NODES boxes, only shapes no wider
 * than the pane at the `floor` zoom are taken (so that, drawn at the floor,
 * the columns fill the pane's width and only scroll down), with one to
 * three cards side by side; a larger cluster keeps two cards side by side
 * and may be any width, since it opens on the overview, fitted whole.
 */
export function chooseShape(
  sizes: readonly BoxSize[],
  ghosts: number,
  canaries: boolean,
  summary: boolean,
  pane: Pane,
  floor: number,
): FitChoice {
  const n = Math.max(1, sizes.length + (summary ? 1 : 0) + (ghosts > 0 ? 1 : 0));
  const detail = sizes.length <= DETAIL_NODES;
  let best: FitChoice | null = null;
  for (const boxColumns of detail ? [1, 2, 3] : [2]) {
    const heights = sizeHeights(sizes, boxColumns, summary);
    // A large cluster tries about-square shapes only: each try lays out every box.
    const tries = detail ? range(1, n) : range(Math.max(1, Math.floor(Math.sqrt(n / 2))), Math.ceil(Math.sqrt(n * 3)));
    for (const perRow of tries) {
      const shape = { boxColumns, perRow };
      const a = arrange(heights, ghosts, canaries, shape);
      // Wider than the pane at the floor: so is every wider shape.
      if (detail && a.width * floor > pane.width && (boxColumns > 1 || perRow > 1)) break;
      const fit = Math.min(pane.width / a.width, pane.height / a.height);
      if (best === null || fit > best.fit + 1e-9) best = { shape, fit, width: a.width, height: a.height };
    }
  }
  return best!;
}

// range lists the integers from `from` to `to`, both included.
function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}
