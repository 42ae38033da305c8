import { describe, expect, it } from 'vitest';
import { generateScenarioText } from '../../bench/generate.ts';
import { buildGraph } from '../../src/graph/buildGraph.ts';
import { toFlow } from '../../src/graph/flow.ts';
import { reconcileScenario, readText } from './helpers.ts';

describe('a generated cluster of 1,000 allocations on 100 nodes', () => {
  const r = reconcileScenario(readText(generateScenarioText({ allocs: 1000, nodes: 100 })));
  const model = buildGraph(r.scenario, r.document, r.trace);

  it('draws every node and allocation once', () => {
    expect(model.boxes.filter((b) => b.view.condition !== 'gc')).toHaveLength(100);
    const ids = model.boxes.flatMap((b) => b.view.allocs.map((c) => c.id));
    expect(new Set(ids).size).toBe(r.scenario.Allocations.length);
    expect(model.lane.view.placements.filter((g) => g.kind === 'place')).toHaveLength(r.document.Place.length);
  });

  it('joins every migration, reschedule and destructive update to its replacement', () => {
    const expected =
      r.document.Place.filter((p) => p.PreviousAllocID !== '').length + r.document.DestructiveUpdate.length;
    expect(model.edges.filter((e) => e.kind !== 'lost' && e.kind !== 'later')).toHaveLength(expected);
    const later = new Set(r.document.AttributeUpdates.map((a) => a.AllocID));
    expect(
      model.edges
        .filter((e) => e.kind === 'later')
        .every(
          (e) =>
            later.has(e.allocID) || r.document.Stop.some((s) => s.AllocID === e.allocID && s.FollowupEvalID !== ''),
        ),
    ).toBe(true);
  });

  it('places boxes without overlaps', () => {
    const rects = [...model.boxes, model.lane];
    for (let i = 0; i < rects.length; i++) {
      for (let j = i + 1; j < rects.length; j++) {
        const a = rects[i]!;
        const b = rects[j]!;
        const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
        expect(apart, `${a.id} overlaps ${b.id}`).toBe(true);
      }
    }
  });

  it('rebuilds after a one-allocation edit keeping all but the touched boxes', () => {
    const edited = { ...r.scenario, Allocations: r.scenario.Allocations.slice() };
    const k = edited.Allocations.findIndex((a) => a.ClientStatus === 'running' && a.DeploymentStatus === null);
    edited.Allocations[k] = { ...edited.Allocations[k]!, ClientStatus: 'pending' };
    const n = reconcileScenario(edited);
    const flow1 = toFlow(model);
    const next = buildGraph(n.scenario, n.document, n.trace, model);
    const flow2 = toFlow(next, flow1);
    const changed = next.boxes.filter((b, i) => b.view !== model.boxes[i]!.view);
    expect(changed.map((b) => b.view.nodeID)).toEqual([edited.Allocations[k].NodeID]);
    expect(flow2.nodes.filter((node, i) => node !== flow1.nodes[i])).toHaveLength(1);
  });
});
