// The reconciler worker keeps each tab's last parse and reads an unchanged
// tab's object again (ParseCache in src/scenario/tabs.ts). That is sound only
// while nothing it runs changes the document it is given: the reader, the
// engine, the result document and the job diff all run here on frozen
// documents, where any change would throw.

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateScenario } from '../../bench/generate.ts';
import { diffReport } from '../../src/diff/index.ts';
import { EXAMPLES } from '../../src/examples/index.ts';
import { runScenario } from '../../src/result/run.ts';
import { readScenarioValue } from '../../src/scenario/read.ts';
import { handleRun } from '../../src/worker/handle.ts';
import { joinTabs, splitScenario } from '../../src/scenario/tabs.ts';

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'scenarios');

async function documents(): Promise<[string, Record<string, unknown>][]> {
  const out: [string, Record<string, unknown>][] = [];
  for (const f of readdirSync(FIXTURES)) {
    if (f.endsWith('.json'))
      out.push([f, JSON.parse(readFileSync(join(FIXTURES, f), 'utf8')) as Record<string, unknown>]);
  }
  for (const e of EXAMPLES) out.push([e.id, await e.load()]);
  out.push(['generated', generateScenario({ allocs: 300, nodes: 30 })]);
  return out;
}

describe('the reconciler worker’s pipeline', () => {
  it('never changes the scenario document it reads', async () => {
    let read = 0;
    for (const [name, doc] of await documents()) {
      const joined = joinTabs(splitScenario(structuredClone(doc)));
      if (!joined.ok || typeof joined.document.JobSpec === 'string') continue;
      const r = readScenarioValue(deepFreeze(joined.document));
      if (!r.ok) continue;
      expect(() => {
        runScenario(r.scenario, { trace: true });
        diffReport(r.scenario);
      }, name).not.toThrow();
      read++;
    }
    expect(read).toBeGreaterThan(20);
  });

  it('gives the same answer when an unchanged tab’s parse is reused', () => {
    const texts = splitScenario(generateScenario({ allocs: 200, nodes: 20 }));
    const first = handleRun({ type: 'run', seq: 1, texts });
    const edited = { ...texts, job: texts.job.replace('"Priority": 50', '"Priority": 51') };
    const second = handleRun({ type: 'run', seq: 2, texts: edited });
    const back = handleRun({ type: 'run', seq: 3, texts });
    if (
      first.type !== 'result' ||
      !first.ok ||
      second.type !== 'result' ||
      !second.ok ||
      back.type !== 'result' ||
      !back.ok
    ) {
      throw new Error('expected results');
    }
    expect(second.scenario.Job.Priority).toBe(51);
    expect(back.scenario).toEqual(first.scenario);
  });
});
