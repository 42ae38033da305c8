import { describe, expect, it } from 'vitest';
import { buildGraph } from '../../src/graph/buildGraph.ts';
import { SUMMARY_ID } from '../../src/graph/fold.ts';
import { CARD } from '../../src/graph/layout.ts';
import { findInGraph, locate } from '../../src/graph/search.ts';
import { reconcileFixture } from './helpers.ts';
import { exampleScenario } from './stories.ts';

describe('findInGraph', () => {
  const { scenario } = reconcileFixture('lost-node');

  it('finds nodes by the start of their name or ID, whatever the case', () => {
    expect(findInGraph(scenario, 'CLIENT-2').map((f) => [f.kind, f.id])).toEqual([['node', 'node-2']]);
    expect(findInGraph(scenario, 'node-1').map((f) => [f.kind, f.id])).toEqual([['node', 'node-1']]);
    expect(findInGraph(scenario, 'lient')).toEqual([]);
    expect(findInGraph(scenario, '  ')).toEqual([]);
  });

  it('finds allocations by name, with or without the job’s part, and by the start of their ID', () => {
    expect(findInGraph(scenario, 'web.web[1]').map((f) => f.id)).toEqual(['alloc-1']);
    expect(findInGraph(scenario, 'web[2]').map((f) => f.id)).toEqual(['alloc-2']);
    expect(findInGraph(scenario, 'alloc-').map((f) => f.id)).toEqual(scenario.Allocations.map((a) => a.ID));
  });

  it('finds an allocation of a node that is gone in the garbage-collected box', () => {
    const [found] = findInGraph(scenario, 'alloc-2');
    expect(found?.box).toBe('gc:node-gone');
  });
});

describe('locate', () => {
  it('names the fold to open for what is folded away, then where it is drawn', async () => {
    const { scenario, document, trace } = await exampleScenario('node-drain');
    const folded = buildGraph(scenario, document, trace, null, null, { on: true, open: new Set() });
    const [node] = findInGraph(scenario, 'ip-10-0-1-17');
    expect(locate(folded, node!)).toEqual({ unfold: SUMMARY_ID });
    const drained = folded.boxes[0]!;
    // The drained node's allocation that stays, folded on its line.
    const stays = buildGraph(scenario, document, trace).boxes.find((b) => b.id === drained.id)!.view.allocs;
    const [unchanged] = findInGraph(scenario, stays.find((c) => c.action === 'ignore')!.id);
    expect(locate(folded, unchanged!)).toEqual({ unfold: drained.id });

    const open = buildGraph(scenario, document, trace, null, null, {
      on: true,
      open: new Set([SUMMARY_ID, drained.id]),
    });
    const box = open.boxes.find((b) => b.view.name === 'ip-10-0-1-17')!;
    expect(locate(open, node!)).toEqual({ at: { x: box.x, y: box.y, width: box.width, height: box.height } });
    const at = locate(open, unchanged!);
    expect(at).toMatchObject({ at: { width: CARD.width, height: CARD.height } });
  });
});
