import { describe, expect, it } from 'vitest';
import { buildGraph } from '../../src/graph/buildGraph.ts';
import { changes, type Fold, NO_FOLD, SUMMARY_ID } from '../../src/graph/fold.ts';
import { toFlow } from '../../src/graph/flow.ts';
import { actionLine } from '../../src/graph/labels.ts';
import { boxHeight, FOLD } from '../../src/graph/layout.ts';
import type { GraphModel } from '../../src/graph/model.ts';
import { firstView, inView, paneShape, storyBounds, zoomFloor } from '../../src/graph/viewport.ts';
import { reconcileFixture } from './helpers.ts';
import { examplePictures, exampleScenario } from './stories.ts';

const FOLDED: Fold = { on: true, open: new Set() };
const opened = (...ids: string[]): Fold => ({ on: true, open: new Set(ids) });

// drawnIDs are the allocations the model draws a card for.
const drawnIDs = (m: GraphModel) => m.boxes.flatMap((b) => b.view.allocs.map((c) => c.id));

describe('folding what nothing happens to', () => {
  it('counts unchanged nodes on the summary and a changed node’s unchanged allocations on its line', async () => {
    const { scenario, document, trace } = await exampleScenario('node-drain');
    const m = buildGraph(scenario, document, trace, null, null, FOLDED);
    // Only the draining node is drawn; the two others (one of them empty) are on the summary.
    expect(m.boxes.map((b) => b.view.name)).toEqual(['ip-10-0-3-85']);
    expect(m.summary?.view).toEqual({ nodes: 2, allocs: 1 });
    const drained = m.boxes[0]!.view;
    expect(drained.allocs.map((c) => c.action)).toEqual(['migrate']);
    expect(drained.folded).toBe(1);
    expect(m.boxes[0]!.height).toBe(boxHeight(1, m.shape.boxColumns, true));
    expect(m.story).toEqual(['lane', m.boxes[0]!.id]);
    // The summary is a node of its own for React Flow, placed after the boxes.
    expect(toFlow(m).nodes.map((n) => n.type)).toEqual(['placementLane', 'clientNode', 'foldSummary']);
    expect(m.summary).toMatchObject({ id: SUMMARY_ID, height: FOLD.summary });
  });

  it('draws what Nomad 1.6 marks unknown or keeps as it reconnects, though its decision is "no change"', async () => {
    const lost = await exampleScenario('disconnect-max-client-disconnect');
    const m = buildGraph(lost.scenario, lost.document, lost.trace, null, null, FOLDED);
    const unknown = m.boxes.flatMap((b) => b.view.allocs).find((c) => c.name === 'api.api[2]');
    expect(unknown).toMatchObject({ action: 'ignore', clientUpdate: 'unknown' });
    expect(unknown?.followup).not.toBe('');
    expect(actionLine(unknown!)).toBe('⌁ now unknown');

    const back = await exampleScenario('disconnect-reconnect');
    const r = buildGraph(back.scenario, back.document, back.trace, null, null, FOLDED);
    const kept = r.boxes.flatMap((b) => b.view.allocs).filter((c) => c.clientUpdate === 'reconnect');
    expect(kept.map((c) => [c.name, c.action, actionLine(c)])).toEqual([
      ['api.api[2]', 'ignore', '↺ reconnects, kept'],
    ]);
  });

  it('opens a box’s line, and the summary, drawing the story first', async () => {
    const { scenario, document, trace } = await exampleScenario('node-drain');
    const box = buildGraph(scenario, document, trace, null, null, FOLDED).boxes[0]!;
    const line = buildGraph(scenario, document, trace, null, null, opened(box.id));
    expect(line.boxes[0]!.view.folded).toBe(0);
    expect(line.boxes[0]!.view.allocs).toHaveLength(2);

    const all = buildGraph(scenario, document, trace, null, null, opened(SUMMARY_ID));
    expect(all.summary).toBeNull();
    expect(all.boxes.map((b) => b.view.name)).toEqual(['ip-10-0-3-85', 'ip-10-0-1-17', 'ip-10-0-2-41']);
    // The story's box keeps its place when the summary opens.
    expect(all.boxes[0]).toMatchObject({ x: box.x, y: box.y });
  });

  it('keeps drawn, with its node, an allocation it is told to keep though nothing happens to it (Compare versions)', async () => {
    const { scenario, document, trace } = await exampleScenario('node-drain');
    const folded = buildGraph(scenario, document, trace, null, null, FOLDED);
    // An allocation of a node the summary counts.
    const storyNode = scenario.Allocations.find((a) => drawnIDs(folded).includes(a.ID))!.NodeID;
    const hidden = scenario.Allocations.find((a) => a.NodeID !== storyNode)!;
    const kept = buildGraph(scenario, document, trace, null, null, { ...FOLDED, keep: new Set([hidden.ID]) });
    expect(drawnIDs(kept).sort()).toEqual([...drawnIDs(folded), hidden.ID].sort());
    expect(kept.boxes).toHaveLength(2);
    expect(kept.summary?.view).toEqual({ nodes: 1, allocs: 0 });
  });

  it('folds nothing when nothing happens anywhere, or when folding is off', async () => {
    const pictures = await examplePictures();
    const settled = pictures.find((p) => p.name === 'rollout-canary end')!;
    const m = buildGraph(settled.scenario, settled.document, settled.trace, null, null, FOLDED);
    expect(m.summary).toBeNull();
    expect(m.story).toEqual([]);
    expect(drawnIDs(m)).toHaveLength(settled.scenario.Allocations.length);

    const r = reconcileFixture('rolling-update');
    const off = buildGraph(r.scenario, r.document, r.trace, null, null, NO_FOLD);
    expect(off.boxes.every((b) => b.view.folded === 0)).toBe(true);
    expect(drawnIDs(off)).toHaveLength(r.scenario.Allocations.length);
  });

  it('draws every change of every example and rollout frame, and counts the rest', async () => {
    for (const p of await examplePictures()) {
      const m = buildGraph(p.scenario, p.document, p.trace, null, null, FOLDED);
      const full = buildGraph(p.scenario, p.document, p.trace);
      const changed = full.boxes.flatMap((b) => b.view.allocs.filter(changes).map((c) => c.id));
      const drawn = new Set(drawnIDs(m));
      for (const id of changed) expect(drawn.has(id), `${p.name}: ${id}`).toBe(true);
      const counted = m.boxes.reduce((n, b) => n + b.view.allocs.length + b.view.folded, 0);
      expect(counted + (m.summary?.view.allocs ?? 0), p.name).toBe(p.scenario.Allocations.length);
      expect(m.edges.length, `${p.name}: every arrow is drawn`).toBe(full.edges.length);
      expect(m.lane.view.placements.length).toBe(full.lane.view.placements.length);
    }
  });
});

// The graph's pane with one deployment above it, at the two window sizes of issue 22.
const PANES = [
  { name: '1024×768', width: 404, height: 560 },
  { name: '1280×720', width: 576, height: 500 },
];

describe('the first view of every example and rollout frame', () => {
  it('shows the whole story, its card text at 12 px or more', async () => {
    for (const p of await examplePictures()) {
      for (const pane of PANES) {
        const draft = buildGraph(p.scenario, p.document, p.trace, null, null, FOLDED);
        const m = buildGraph(p.scenario, p.document, p.trace, null, paneShape(draft, pane, null), FOLDED);
        if (m.story.length === 0) continue;
        const view = firstView(storyBounds(m), m.boxes.length, pane);
        expect(view.zoom, `${p.name} at ${pane.name}`).toBeGreaterThanOrEqual(zoomFloor() - 1e-9);
        expect(inView(storyBounds(m), view, pane), `${p.name} at ${pane.name}`).toBe(true);
      }
    }
  });
});
