import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildGraph } from '../../src/graph/buildGraph.ts';
import type { AllocCard, GraphModel } from '../../src/graph/model.ts';
import { BOX, boxWidth, CARD, ghostOffset, laneHeader } from '../../src/graph/layout.ts';
import { readScenario } from '../../src/scenario/read.ts';
import { reconcileFixture, reconcileScenario, VALID_FIXTURES } from './helpers.ts';

function cardsByID(m: GraphModel): Map<string, AllocCard> {
  return new Map(m.boxes.flatMap((b) => b.view.allocs.map((c) => [c.id, c] as const)));
}

function actions(m: GraphModel): Record<string, string> {
  return Object.fromEntries([...cardsByID(m)].map(([id, c]) => [id, c.action]));
}

describe('buildGraph', () => {
  it('draws a box per node and a card per allocation', () => {
    const { scenario, document, trace } = reconcileFixture('rolling-update');
    const m = buildGraph(scenario, document, trace);
    expect(m.boxes.map((b) => b.id)).toEqual(['node:node-1', 'node:node-2']);
    expect(m.boxes[0]!.view.allocs.map((c) => c.index)).toEqual(['[0]', '[2]']);
    expect(m.allocCount).toBe(4);
    expect(m.boxes[0]!.width).toBe(boxWidth(2));
  });

  it('marks destructive updates and joins them to their replacements', () => {
    const { scenario, document, trace } = reconcileFixture('rolling-update');
    const m = buildGraph(scenario, document, trace);
    expect(actions(m)).toEqual({
      'alloc-0': 'destructive',
      'alloc-1': 'destructive',
      'alloc-2': 'ignore',
      'alloc-3': 'ignore',
    });
    expect(m.lane.view.placements.map((g) => [g.kind, g.name])).toEqual([
      ['destructive', 'web.web[0]'],
      ['destructive', 'web.web[1]'],
    ]);
    expect(m.edges.map((e) => [e.kind, e.source, e.allocID])).toEqual([
      ['destructive', 'node:node-1', 'alloc-0'],
      ['destructive', 'node:node-2', 'alloc-1'],
    ]);
    expect(cardsByID(m).get('alloc-0')!.stopReason).toBe('alloc is being updated due to job update');
    const waiting = cardsByID(m).get('alloc-2')!;
    expect(waiting.step).toBe('computeGroup');
    expect(waiting.reason).toMatch(/placement limit/);
  });

  it('puts allocations of vanished nodes in a garbage-collected box and joins lost ones by name', () => {
    const { scenario, document, trace } = reconcileFixture('lost-node');
    const m = buildGraph(scenario, document, trace);
    expect(m.boxes.map((b) => b.id)).toEqual(['node:node-1', 'node:node-2', 'gc:node-gone']);
    const gc = m.boxes[2]!.view;
    expect(gc.condition).toBe('gc');
    expect(gc.allocs.map((c) => [c.id, c.action])).toEqual([['alloc-2', 'lost']]);
    expect(m.boxes[1]!.view.condition).toBe('down');
    expect(m.edges.map((e) => [e.kind, e.allocID])).toEqual([
      ['lost', 'alloc-1'],
      ['lost', 'alloc-2'],
    ]);
  });

  it('joins a migration and marks the draining node', () => {
    const { scenario, document, trace } = reconcileFixture('draining-node');
    const m = buildGraph(scenario, document, trace);
    expect(actions(m)).toEqual({ 'alloc-0': 'ignore', 'alloc-1': 'migrate', 'alloc-2': 'ignore' });
    const node2 = m.boxes[1]!.view;
    expect([node2.draining, node2.ineligible]).toEqual([true, true]);
    expect(m.edges.map((e) => [e.kind, e.allocID, e.target])).toEqual([['migrate', 'alloc-1', 'lane']]);
  });

  it('marks reschedules now and later', () => {
    const { scenario, document, trace } = reconcileFixture('failed-rescheduled');
    const m = buildGraph(scenario, document, trace);
    expect(actions(m)).toEqual({ 'alloc-0': 'ignore', 'alloc-1': 'reschedule-now', 'alloc-2': 'reschedule-later' });
    expect(cardsByID(m).get('alloc-2')!.followup).toBe('2026-01-01T00:10:50Z');
    expect(m.edges.map((e) => [e.kind, e.allocID])).toEqual([
      ['reschedule', 'alloc-1'],
      ['later', 'alloc-2'],
    ]);
    expect(m.lane.view.placements[0]!.reschedule).toBe(true);
    // The later replacement is drawn with its time, tied to the allocation it replaces.
    const later = m.lane.view.placements.find((g) => g.kind === 'later')!;
    expect([later.previousAllocID, later.waitUntil, later.linked]).toEqual(['alloc-2', '2026-01-01T00:10:50Z', true]);
    expect(later.waitFor).toBe(Date.parse('2026-01-01T00:10:50Z') * 1e6 - scenario.Now);
  });

  it('keeps an unpromoted canary as a canary', () => {
    const { scenario, document, trace } = reconcileFixture('canary-awaiting-promotion');
    const card = cardsByID(buildGraph(scenario, document, trace)).get('alloc-canary')!;
    expect([card.action, card.canary, card.healthy, card.version]).toEqual(['canary', true, true, 1]);
    // Once promoted, the canary takes the place of the old allocation of its name.
    const old = scenario.Allocations.filter((a) => a.Name === card.name && a.ID !== card.id).map((a) => a.ID);
    expect(old.length).toBeGreaterThan(0);
    expect(card.replacesOnPromotion).toEqual(old);
  });

  it('lists new placements with canaries first', () => {
    const { scenario, document, trace } = reconcileFixture('first-placement');
    const m = buildGraph(scenario, document, trace);
    expect(m.lane.view.placements.map((g) => g.name)).toEqual(['web.web[0]', 'web.web[1]', 'web.web[2]']);
    // The lane comes first, at the top left; no box overlaps it.
    expect(m.lane).toMatchObject({ x: 0, y: 0 });
    for (const b of m.boxes) expect(b.y >= m.lane.y + m.lane.height || b.x >= m.lane.x + m.lane.width).toBe(true);
    expect(m.edges).toEqual([]);
  });

  it.each(VALID_FIXTURES)('reads the same actions from the document as from the trace: %s', (name) => {
    const { scenario, document, trace } = reconcileFixture(name);
    expect(actions(buildGraph(scenario, document, null))).toEqual(actions(buildGraph(scenario, document, trace)));
  });

  it('keeps the identity of boxes and the lane that did not change', () => {
    const r = reconcileFixture('rolling-update');
    const first = buildGraph(r.scenario, r.document, r.trace);
    const again = buildGraph(r.scenario, r.document, r.trace, first);
    expect(again.boxes.map((b) => b.view)).toEqual(first.boxes.map((b) => b.view));
    again.boxes.forEach((b, i) => expect(b.view).toBe(first.boxes[i]!.view));
    expect(again.lane.view).toBe(first.lane.view);

    // Moving web[3] to client-1 changes both boxes but not the lane.
    const moved = structuredClone(r.scenario);
    moved.Allocations[3]!.NodeID = 'node-1';
    const m = reconcileScenario(moved);
    const next = buildGraph(m.scenario, m.document, m.trace, again);
    expect(next.boxes[0]!.view).not.toBe(again.boxes[0]!.view);
    expect(next.boxes[0]!.view.allocs.map((c) => c.id)).toContain('alloc-3');
    expect(next.lane.view).toBe(again.lane.view);
  });

  it('changes only the box whose allocation changed', () => {
    const r = reconcileFixture('draining-node');
    const first = buildGraph(r.scenario, r.document, r.trace);
    const changed = structuredClone(r.scenario);
    changed.Allocations[0]!.ClientStatus = 'pending';
    const m = reconcileScenario(changed);
    const next = buildGraph(m.scenario, m.document, m.trace, first);
    expect(next.boxes[0]!.view).not.toBe(first.boxes[0]!.view);
    expect(next.boxes[1]!.view).toBe(first.boxes[1]!.view);
  });

  it('keeps the identity of the unchanged cards of a changed box, and of unchanged ghost cards', () => {
    const r = reconcileFixture('rolling-update');
    const first = buildGraph(r.scenario, r.document, r.trace);
    const moved = structuredClone(r.scenario);
    moved.Allocations[3]!.NodeID = 'node-1';
    const m = reconcileScenario(moved);
    const next = buildGraph(m.scenario, m.document, m.trace, first);
    const before = new Map(first.boxes.flatMap((b) => b.view.allocs.map((c) => [c.id, c] as const)));
    const box = next.boxes[0]!.view;
    expect(box).not.toBe(first.boxes[0]!.view);
    for (const c of box.allocs) if (c.id !== 'alloc-3') expect(c).toBe(before.get(c.id));
    next.lane.view.placements.forEach((g, i) => expect(g).toBe(first.lane.view.placements[i]));
  });

  it('ends arrows at the middle of the card’s left side and of the ghost’s right side', () => {
    const { scenario, document, trace } = reconcileFixture('rolling-update');
    const m = buildGraph(scenario, document, trace);
    const [toFirst, toSecond] = m.edges;
    // alloc-0 is the first card of client-1; alloc-1 the first of client-2.
    const b1 = m.boxes[0]!;
    expect(toFirst!.from).toEqual({ x: b1.x + BOX.padding, y: b1.y + BOX.header + BOX.padding + CARD.height / 2 });
    // Each arrow ends at the right side of its ghost, wherever the lane's columns put it.
    const lane = m.lane;
    const header = laneHeader(2, lane.view.columns, false);
    [toFirst, toSecond].forEach((edge, i) => {
      const o = ghostOffset(i, lane.view.columns, header);
      expect(edge!.to).toEqual({ x: lane.x + o.x + CARD.width, y: lane.y + o.y + CARD.height / 2 });
    });
    expect(lane.view.columns).toBe(2);
    expect(toSecond!.to.x - toFirst!.to.x).toBe(CARD.width + CARD.gap);
  });

  it('draws an empty cluster: no boxes, the lane with the placements', () => {
    const r = reconcileFixture('first-placement');
    const empty = { ...r.scenario, Nodes: [], Allocations: [] };
    const m = buildGraph(empty, r.document, null);
    expect(m.boxes).toEqual([]);
    expect(m.lane.view.placements).toHaveLength(3);
    expect(m.allocCount).toBe(0);
  });
});

describe('a replacement placed while canaries await promotion', () => {
  const example = (id: string) => readFileSync(join(import.meta.dirname, `../../src/examples/${id}.json`), 'utf8');
  it('runs the job being rolled out under 0.12, and the replaced allocation’s version under 1.6', () => {
    const text = example('canary-downgrade');
    const versions = Object.fromEntries(
      (['0.12', '1.6'] as const).map((v) => {
        const read = readScenario(text, { nomadVersion: v });
        if (!read.ok) throw new Error(JSON.stringify(read.diagnostics));
        const { scenario, document, trace } = reconcileScenario(read.scenario);
        return [v, buildGraph(scenario, document, trace).lane.view.placements.map((g) => [g.name, g.version])];
      }),
    );
    expect(versions).toEqual({ '0.12': [['api.api[1]', 1]], '1.6': [['api.api[1]', 0]] });
  });
});
