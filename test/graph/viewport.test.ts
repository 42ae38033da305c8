import { describe, expect, it } from 'vitest';
import { chooseShape, DETAIL_NODES, extent, MIN_CARD_FONT } from '../../src/graph/layout.ts';
import { firstView, textFloor, zoomFloor } from '../../src/graph/viewport.ts';

// The graph's pane at the two window sizes the issue names (editors and result panel beside it).
const WIDE = { width: 648, height: 600 };
const NARROW = { width: 404, height: 480 };

describe('chooseShape and firstView', () => {
  it('never opens up to 24 nodes below the text floor, and fills the pane’s width at most', () => {
    for (const pane of [WIDE, NARROW]) {
      for (const nodes of [1, 3, 8, 24]) {
        const counts = Array.from({ length: nodes }, (_, i) => 1 + (i % 5));
        const choice = chooseShape(counts, 6, pane, zoomFloor(pane));
        const view = firstView({ x: -100, y: 0, width: choice.width, height: choice.height }, nodes, pane);
        expect(MIN_CARD_FONT * view.zoom).toBeGreaterThanOrEqual(textFloor(pane) - 1e-9);
        expect(choice.width * view.zoom).toBeLessThanOrEqual(pane.width);
      }
    }
  });

  it('wraps rows to the pane: a wide pane holds more boxes in a row than a narrow one', () => {
    const counts = Array.from({ length: 12 }, () => 2);
    const wide = chooseShape(counts, 0, { width: 1400, height: 500 }, 1);
    const tall = chooseShape(counts, 0, { width: 500, height: 1400 }, 1);
    expect(wide.shape.perRow * wide.shape.boxColumns).toBeGreaterThan(tall.shape.perRow * tall.shape.boxColumns);
    const e = extent(counts, 0, wide.shape);
    expect(e.width / e.height).toBeGreaterThan(1);
  });

  it('fits a larger cluster whole: the overview', () => {
    const counts = Array.from({ length: DETAIL_NODES + 76 }, () => 10);
    const choice = chooseShape(counts, 20, WIDE, zoomFloor(WIDE));
    const view = firstView({ x: 0, y: 0, width: choice.width, height: choice.height }, counts.length, WIDE);
    expect(choice.width * view.zoom).toBeLessThanOrEqual(WIDE.width);
    expect(choice.height * view.zoom).toBeLessThanOrEqual(WIDE.height);
    expect(view.zoom).toBeLessThan(zoomFloor(WIDE));
  });
});
