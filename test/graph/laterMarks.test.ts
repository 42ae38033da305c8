// The changes of later Nomad releases reach the cards they concern: an
// allocation's card and its "why", the placement that replaces it, and the
// canaries a change of placement preferences alone would not need.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildGraph } from '../../src/graph/buildGraph.ts';
import type { GraphModel } from '../../src/graph/model.ts';
import { groupRules } from '../../src/graph/rules.ts';
import { allocWhy, findGhost, ghostWhy } from '../../src/graph/why.ts';
import { EXAMPLES_DIR } from '../examples/helpers.ts';
import { readText, reconcileScenario } from './helpers.ts';

interface Doc {
  Job: { TaskGroups: { Affinities?: unknown[]; Tasks: { Config: { image: string } }[] }[] };
  JobVersions: { TaskGroups: { Tasks: { Config: { image: string } }[] }[] }[];
}

const AFFINITY = { LTarget: '${node.datacenter}', RTarget: 'dc1', Operand: '=', Weight: 50 };

// drawn draws an example, with the job's image put back to the running version's and an affinity added when asked.
function drawn(id: string, affinityOnly: boolean): GraphModel {
  const doc = JSON.parse(readFileSync(`${EXAMPLES_DIR}${id}.json`, 'utf8')) as Doc;
  if (affinityOnly) {
    const group = doc.Job.TaskGroups[0]!;
    group.Tasks[0]!.Config.image = doc.JobVersions[0]!.TaskGroups[0]!.Tasks[0]!.Config.image;
    group.Affinities = [AFFINITY];
  }
  const r = reconcileScenario(readText(JSON.stringify(doc)));
  return buildGraph(r.scenario, r.document, r.trace);
}

const cards = (m: GraphModel) => m.boxes.flatMap((b) => b.view.allocs);

describe('later changes on the cards', () => {
  it('marks the canaries an affinity change alone asks for, and the allocations they would replace', () => {
    const m = drawn('canary-manual-promotion', true);
    const canaries = m.lane.view.placements.filter((g) => g.canary);
    expect(canaries.length).toBe(2);
    for (const g of canaries) expect(g.later).toEqual(['affinity-spread-in-place']);
    for (const c of cards(m)) expect(c.later, c.name).toEqual(['affinity-spread-in-place']);
  });

  it('marks nothing when the image changes too', () => {
    const m = drawn('canary-manual-promotion', false);
    expect(m.lane.view.placements.filter((g) => g.canary).length).toBe(2);
    for (const g of m.lane.view.placements) expect(g.later).toEqual([]);
    for (const c of cards(m)) expect(c.later).toEqual([]);
  });

  it("gives a destructive update's replacement the note of the allocation it replaces, and both their why", () => {
    const m = drawn('rolling-update', true);
    const replacement = m.lane.view.placements.find((g) => g.kind === 'destructive')!;
    expect(replacement.later).toEqual(['affinity-spread-in-place']);
    const found = findGhost(m, replacement.key)!;
    const r = groupRules(readText(readFileSync(`${EXAMPLES_DIR}rolling-update.json`, 'utf8')).Job, 'web', null);
    expect(ghostWhy(found.ghost, found.replaced, r).later).toEqual(['affinity-spread-in-place']);
    expect(allocWhy(found.replaced!, undefined, r).later).toEqual(['affinity-spread-in-place']);
  });
});
