import { describe, expect, it } from 'vitest';
import { generateScenarioText, mulberry32 } from '../../bench/generate.ts';
import { readScenario } from '../../src/scenario/read.ts';
import { runScenario } from '../../src/result/run.ts';
import { planLines } from '../../src/result/plan.ts';

describe('generateScenario', () => {
  it('is deterministic for a seed', () => {
    const a = mulberry32(7);
    const b = mulberry32(7);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
    expect(generateScenarioText({ allocs: 200, nodes: 20 })).toBe(generateScenarioText({ allocs: 200, nodes: 20 }));
    expect(generateScenarioText({ allocs: 200, nodes: 20, seed: 2 })).not.toBe(
      generateScenarioText({ allocs: 200, nodes: 20 }),
    );
  });

  it('writes a valid scenario that exercises every kind of decision', () => {
    const read = readScenario(generateScenarioText({ allocs: 1000, nodes: 100 }));
    if (!read.ok) throw new Error(JSON.stringify(read.diagnostics.slice(0, 3)));
    expect(read.scenario.Allocations).toHaveLength(1000);
    expect(read.scenario.Nodes).toHaveLength(100);
    const { document } = runScenario(read.scenario, { generateID: () => 'id' });
    const kinds = new Set(planLines(document).flatMap((g) => g.counts.map((c) => c.kind)));
    expect([...kinds].sort()).toEqual(['create', 'destroy', 'ignore', 'inplace', 'migrate', 'update']);
    expect(Object.keys(document.DesiredFollowupEvals).length).toBeGreaterThan(0);
  });
});
