import { describe, expect, it } from 'vitest';
import { chooseShape, DETAIL_NODES, extent, MIN_CARD_FONT } from '../../src/graph/layout.ts';
import { firstView, paneShape, sameLoad, textFloor, zoomFloor } from '../../src/graph/viewport.ts';
import { reconcileFixture } from './helpers.ts';

// The graph's pane at the two window sizes the issue names (editors and result panel beside it).
const WIDE = { width: 648, height: 600 };
const NARROW = { width: 404, height: 480 };

describe('chooseShape and firstView', () => {
  it('never opens up to 24 nodes below the text floor, and fills the pane’s width at most', () => {
    for (const pane of [WIDE, NARROW]) {
      for (const nodes of [1, 3, 8, 24]) {
        const counts = Array.from({ length: nodes }, (_, i) => 1 + (i % 5));
        const choice = chooseShape(counts, 6, false, pane, zoomFloor(pane));
        const view = firstView({ x: -100, y: 0, width: choice.width, height: choice.height }, nodes, pane);
        expect(MIN_CARD_FONT * view.zoom).toBeGreaterThanOrEqual(textFloor(pane) - 1e-9);
        expect(choice.width * view.zoom).toBeLessThanOrEqual(pane.width);
      }
    }
  });

  it('wraps rows to the pane: a wide pane holds more boxes in a row than a narrow one', () => {
    const counts = Array.from({ length: 12 }, () => 2);
    const wide = chooseShape(counts, 0, false, { width: 1400, height: 500 }, 1);
    const tall = chooseShape(counts, 0, false, { width: 500, height: 1400 }, 1);
    expect(wide.shape.perRow * wide.shape.boxColumns).toBeGreaterThan(tall.shape.perRow * tall.shape.boxColumns);
    const e = extent(counts, 0, false, wide.shape);
    expect(e.width / e.height).toBeGreaterThan(1);
  });

  it('fits a larger cluster whole: the overview', () => {
    const counts = Array.from({ length: DETAIL_NODES + 76 }, () => 10);
    const choice = chooseShape(counts, 20, false, WIDE, zoomFloor(WIDE));
    const view = firstView({ x: 0, y: 0, width: choice.width, height: choice.height }, counts.length, WIDE);
    expect(choice.width * view.zoom).toBeLessThanOrEqual(WIDE.width);
    expect(choice.height * view.zoom).toBeLessThanOrEqual(WIDE.height);
    expect(view.zoom).toBeLessThan(zoomFloor(WIDE));
  });
});

describe('when the graph is arranged and fitted afresh', () => {
  const { scenario, document } = reconcileFixture('rolling-update');

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

  it('chooses the shape for a box per node, a box per gone node holding allocations, and the lane', () => {
    const counts = scenario.Nodes.map((n) => scenario.Allocations.filter((a) => a.NodeID === n.ID).length);
    const ghosts = document.Place.length + document.DestructiveUpdate.length;
    const canaries = document.Place.some((p) => p.Canary);
    expect(paneShape(scenario, document, WIDE, null)).toEqual(
      chooseShape(counts, ghosts, canaries, WIDE, zoomFloor(WIDE)).shape,
    );
    const gone = { ...scenario, Nodes: scenario.Nodes.slice(1) };
    const goneCounts = [...counts.slice(1), counts[0]!];
    expect(paneShape(gone, document, NARROW, 16)).toEqual(
      chooseShape(goneCounts, ghosts, canaries, NARROW, zoomFloor(NARROW, 16)).shape,
    );
  });
});
