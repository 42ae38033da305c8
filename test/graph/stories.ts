// Every example of the library, and every frame of its rollouts, as the
// graph draws them: a scenario, its result and its trace, named.

import { EXAMPLES } from '../../src/examples/index.ts';
import type { ReconcileTrace } from '../../src/engine/types.ts';
import type { ResultDocument } from '../../src/result/document.ts';
import { runScenario } from '../../src/result/run.ts';
import { readScenarioValue, type Scenario } from '../../src/scenario/read.ts';
import { runRollout } from '../simulator/helpers.ts';

/** Picture is one thing the graph shows: an example, or one frame of a rollout example. */
export interface Picture {
  name: string;
  scenario: Scenario;
  document: ResultDocument;
  trace: ReconcileTrace | null;
}

/** examplePictures reads every example: its own reconciliation, or each frame of its film and its end. */
export async function examplePictures(): Promise<Picture[]> {
  const out: Picture[] = [];
  for (const ex of EXAMPLES) {
    const doc = await ex.load();
    const read = readScenarioValue(doc);
    if (!read.ok) throw new Error(`${ex.id} does not read`);
    const events = (doc.Events as unknown[] | undefined) ?? [];
    if (events.length === 0) {
      const { results, document } = runScenario(read.scenario, { trace: true });
      out.push({ name: ex.id, scenario: read.scenario, document, trace: results.trace ?? null });
      continue;
    }
    const film = runRollout(doc, events).film;
    film.Steps.forEach((s, i) =>
      out.push({ name: `${ex.id} frame ${i + 1}`, scenario: s.Scenario, document: s.Document, trace: s.Trace }),
    );
    const end = film.End;
    out.push({ name: `${ex.id} end`, scenario: end.Scenario, document: end.Document, trace: end.Trace });
  }
  return out;
}

/** exampleScenario reads one example and reconciles it with a trace. */
export async function exampleScenario(id: string): Promise<Picture> {
  const pictures = await examplePictures();
  return pictures.find((p) => p.name === id)!;
}
