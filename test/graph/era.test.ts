// Time in the cards: each allocation's era (current, old, going, gone) from
// its decision, statuses and version, and the version placements will run.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildGraph } from '../../src/graph/buildGraph.ts';
import { allocEra } from '../../src/graph/era.ts';
import type { AllocCard, GraphModel } from '../../src/graph/model.ts';
import { runScenario } from '../../src/result/run.ts';
import { readScenario } from '../../src/scenario/read.ts';

function draw(id: string): GraphModel {
  const read = readScenario(readFileSync(`src/examples/${id}.json`, 'utf8'));
  if (!read.ok) throw new Error(`${id} does not read`);
  const { results, document } = runScenario(read.scenario, { trace: true });
  return buildGraph(read.scenario, document, results.trace);
}

function cards(m: GraphModel): AllocCard[] {
  return m.boxes.flatMap((b) => b.view.allocs);
}

describe('eras', () => {
  const run = { clientStatus: 'running', desiredStatus: 'run' };
  it('puts what this evaluation takes away as going, whatever version it runs', () => {
    for (const action of ['stop', 'lost', 'migrate', 'destructive', 'reschedule-now', 'reschedule-later'] as const) {
      expect(allocEra({ ...run, action, version: 3 }, 3), action).toBe('going');
    }
  });

  it('puts what stopped before as gone, even when its version is current', () => {
    expect(allocEra({ action: 'ignore', clientStatus: 'complete', desiredStatus: 'run', version: 3 }, 3)).toBe('gone');
    expect(allocEra({ action: 'ignore', clientStatus: 'running', desiredStatus: 'stop', version: 3 }, 3)).toBe('gone');
  });

  it('tells the version being scheduled from an older one, by the version an allocation runs now', () => {
    expect(allocEra({ ...run, action: 'ignore', version: 3 }, 3)).toBe('current');
    expect(allocEra({ ...run, action: 'ignore', version: 2 }, 3)).toBe('old');
    expect(allocEra({ ...run, action: 'canary', version: 3 }, 3)).toBe('current');
    expect(allocEra({ ...run, action: 'inplace', version: 2 }, 3)).toBe('old');
  });

  it('draws a rolling update as old, current, going and new', () => {
    const m = draw('rolling-update');
    const eras = new Set(cards(m).map((c) => `${c.era} v${c.version}`));
    expect(eras).toEqual(new Set(['gone v0', 'going v0', 'old v0', 'current v1']));
    // The complete allocations of version 0 were stopped before: gone, not running.
    for (const c of cards(m).filter((x) => x.clientStatus === 'complete')) expect(c.era).toBe('gone');
    expect(m.lane.view.placements.map((g) => g.version)).toEqual([1]);
  });

  it('gives every placement the version being scheduled, canaries and later replacements included', () => {
    expect(draw('rollout-canary').lane.view.placements.map((g) => [g.canary, g.version])).toEqual([
      [true, 1],
      [true, 1],
    ]);
    // The job being scheduled in this example is version 2; the failed allocations run it too.
    const later = draw('reschedule-now-and-later').lane.view.placements.filter((g) => g.kind === 'later');
    expect(later.length).toBeGreaterThan(0);
    for (const g of later) expect(g.version).toBe(2);
  });
});
