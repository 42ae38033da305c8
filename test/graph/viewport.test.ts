import { describe, expect, it } from 'vitest';
import { arrange, chooseShape, DETAIL_NODES, MIN_CARD_FONT, sizeHeights } from '../../src/graph/layout.ts';
import { buildGraph } from '../../src/graph/buildGraph.ts';
import {
  firstView,
  inView,
  paneShape,
  sameLoad,
  storyBounds,
  TEXT_FLOOR,
  zoomFloor,
} from '../../src/graph/viewport.ts';
import { reconcileFixture } from './helpers.ts';

// The graph's pane at the two window sizes the issue names (editors and result panel beside it).
const WIDE = { width: 648, height: 600 };
const NARROW = { width: 404, height: 480 };

const sizes = (counts: number[]) => counts.map((cards) => ({ cards, folded: false }));

describe('chooseShape and firstView', () => {
  it('never opens up to 24 nodes below the text floor, and fills the pane’s width at most', () => {
    for (const pane of [WIDE, NARROW]) {
      for (const nodes of [1, 3, 8, 24]) {
        const boxes = sizes(Array.from({ length: nodes }, (_, i) => 1 + (i % 5)));
        const choice = chooseShape(boxes, 6, false, false, pane, zoomFloor());
        const view = firstView({ x: 0, y: 0, width: choice.width, height: choice.height }, nodes, pane);
        expect(MIN_CARD_FONT * view.zoom).toBeGreaterThanOrEqual(TEXT_FLOOR - 1e-9);
        expect(choice.width * view.zoom).toBeLessThanOrEqual(pane.width);
      }
    }
  });

  it('stacks boxes in columns: a wide pane holds more side by side than a narrow one', () => {
    const boxes = sizes(Array.from({ length: 12 }, () => 2));
    const wide = chooseShape(boxes, 0, false, false, { width: 1400, height: 500 }, 1);
    const tall = chooseShape(boxes, 0, false, false, { width: 500, height: 1400 }, 1);
    expect(wide.shape.perRow * wide.shape.boxColumns).toBeGreaterThan(tall.shape.perRow * tall.shape.boxColumns);
    const e = arrange(sizeHeights(boxes, wide.shape.boxColumns, false), 0, false, wide.shape);
    expect(e.width / e.height).toBeGreaterThan(1);
  });

  it('fits a larger cluster whole: the overview', () => {
    const boxes = sizes(Array.from({ length: DETAIL_NODES + 76 }, () => 10));
    const choice = chooseShape(boxes, 20, false, false, WIDE, zoomFloor());
    const view = firstView({ x: 0, y: 0, width: choice.width, height: choice.height }, boxes.length, WIDE);
    expect(choice.width * view.zoom).toBeLessThanOrEqual(WIDE.width);
    expect(choice.height * view.zoom).toBeLessThanOrEqual(WIDE.height);
    expect(view.zoom).toBeLessThan(zoomFloor());
  });

  it('keeps only a hairline above and below the story: the default scenario’s story fits 404×582 at 12 px', () => {
    // Two columns, 284 wide and 526 tall (test/graph/layout.test.ts), in the pane the page gives it at 1024×768.
    const story = { x: 0, y: 0, width: 284, height: 526 };
    const pane = { width: 404, height: 582 };
    const view = firstView(story, 4, pane);
    expect(view.zoom).toBeGreaterThanOrEqual(zoomFloor());
    expect(inView(story, view, pane)).toBe(true);
    expect(view.y).toBeGreaterThan(0);
  });

  it('opens on the story, and says when a story is in view at a legible size', () => {
    const story = { x: 500, y: 300, width: 200, height: 150 };
    const view = firstView(story, 4, NARROW);
    expect(inView(story, view, NARROW)).toBe(true);
    expect(inView(story, { ...view, x: view.x - 400 }, NARROW)).toBe(false);
    expect(inView(story, { ...view, zoom: 0.5 }, NARROW)).toBe(false);
  });
});

describe('when the graph is arranged and fitted afresh', () => {
  const { scenario, document, trace } = reconcileFixture('rolling-update');

  it('keeps the arrangement through edits: the same name and nodes are the same load', () => {
    const edited = { ...scenario, Allocations: scenario.Allocations.slice(1), Nodes: [...scenario.Nodes] };
    expect(sameLoad(scenario, scenario)).toBe(true);
    expect(sameLoad(scenario, edited)).toBe(true);
  });

  it('arranges anew for another name, other nodes or the nodes in another order', () => {
    const [first, ...others] = scenario.Nodes;
    expect(sameLoad(scenario, { ...scenario, Name: `${scenario.Name} 2` })).toBe(false);
    expect(sameLoad(scenario, { ...scenario, Nodes: others })).toBe(false);
    expect(sameLoad(scenario, { ...scenario, Nodes: [...others, first!] })).toBe(false);
    expect(sameLoad(scenario, { ...scenario, Nodes: [...scenario.Nodes, { ...first!, ID: 'new-node' }] })).toBe(false);
  });

  it('chooses the shape for the boxes as drawn and the lane', () => {
    const m = buildGraph(scenario, document, trace);
    const counts = m.boxes.map((b) => ({ cards: b.view.allocs.length, folded: false }));
    expect(paneShape(m, WIDE, null)).toEqual(
      chooseShape(counts, m.lane.view.placements.length, false, false, WIDE, zoomFloor()).shape,
    );
    expect(paneShape(m, NARROW, 16)).toEqual(
      chooseShape(counts, m.lane.view.placements.length, false, false, NARROW, zoomFloor(16)).shape,
    );
    expect(storyBounds(m).width).toBeGreaterThan(0);
  });
});
