// Where the graph's legend goes when it is open: beside the drawing, in a
// column of its own, or, in a pane too narrow for both, as a tab in the
// strip of tools down the drawing's left side. Neither covers a card, a
// box or a control. Pure, so that the choice is tested without a browser.

/** LEGEND_COLUMN is the open legend's column (px wide) and the least width it leaves the drawing beside it. */
export const LEGEND_COLUMN = { width: 240, drawing: 400 } as const;

/** LegendPlace is where the open legend goes: its own column beside the drawing, or a tab in the strip of tools. */
export type LegendPlace = 'column' | 'tab';

/**
 * legendPlace chooses where the open legend goes in a graph `width` px
 * wide (the drawing and the legend together): a column when the drawing
 * keeps LEGEND_COLUMN.drawing beside it, the width at which every example's
 * story fits at 12 px (the pane at 1024×768 is about 404 px); else a tab,
 * which takes no room from the drawing and opens the legend over it when
 * clicked. It depends on the width alone, so that it stays put while a
 * person edits, loads examples or steps through a rollout.
 */
export function legendPlace(width: number): LegendPlace {
  return width >= LEGEND_COLUMN.width + LEGEND_COLUMN.drawing ? 'column' : 'tab';
}
