import { describe, expect, it } from 'vitest';
import { buildGraph } from '../../src/graph/buildGraph.ts';
import { toFlow } from '../../src/graph/flow.ts';
import { reconcileFixture, reconcileScenario } from './helpers.ts';

describe('toFlow', () => {
  it('makes one React Flow node per box plus the lane, and passes the arrows on', () => {
    const { scenario, document, trace } = reconcileFixture('lost-node');
    const f = toFlow(buildGraph(scenario, document, trace));
    expect(f.nodes.map((n) => [n.id, n.type])).toEqual([
      ['lane', 'placementLane'],
      ['node:node-1', 'clientNode'],
      ['node:node-2', 'clientNode'],
      ['gc:node-gone', 'clientNode'],
    ]);
    expect(f.nodes.every((n) => n.measured?.width === n.width && n.draggable === false)).toBe(true);
    expect(f.arrows.map((e) => [e.source, e.target, e.kind])).toEqual([
      ['node:node-2', 'lane', 'lost'],
      ['gc:node-gone', 'lane', 'lost'],
    ]);
  });

  it('reuses the node objects of what did not change, and the arrows when none changed', () => {
    const r = reconcileFixture('draining-node');
    const m1 = buildGraph(r.scenario, r.document, r.trace);
    const f1 = toFlow(m1);
    const changed = structuredClone(r.scenario);
    changed.Allocations[0]!.ClientStatus = 'pending';
    const n = reconcileScenario(changed);
    const f2 = toFlow(buildGraph(n.scenario, n.document, n.trace, m1), f1);
    expect(f2.nodes[0]).toBe(f1.nodes[0]); // the lane
    expect(f2.nodes[1]).not.toBe(f1.nodes[1]); // client-1, whose allocation changed
    expect(f2.nodes[2]).toBe(f1.nodes[2]); // client-2
    expect(f2.arrows).toBe(f1.arrows);
  });

  it('keeps the whole node list when nothing changed, so that React Flow is not told', () => {
    const r = reconcileFixture('draining-node');
    const m1 = buildGraph(r.scenario, r.document, r.trace);
    const f1 = toFlow(m1);
    const again = reconcileScenario(structuredClone(r.scenario));
    const f2 = toFlow(buildGraph(again.scenario, again.document, again.trace, m1), f1);
    expect(f2.nodes).toBe(f1.nodes);
    expect(f2.arrows).toBe(f1.arrows);
  });
});
