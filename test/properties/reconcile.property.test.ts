// Property tests: what upstream's reconciler guarantees for any input, and
// nothing it does not. (Upstream's annotation counts do not always equal the
// result lists, and placement names can repeat when free indexes run out:
// those are reference behaviour, so no property claims otherwise.)

import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { readScenario } from '../../src/scenario/read.ts';
import { runScenario } from '../../src/result/run.ts';
import type { ResultDocument } from '../../src/result/document.ts';
import { scenarioArb } from './arbitraries.ts';

const RUNS = 400;
// A generous limit: 400 scenarios take a second or two, more on a busy machine.
const TIMEOUT_MS = 120_000;

function read(doc: Record<string, unknown>) {
  const r = readScenario(JSON.stringify(doc));
  if (!r.ok) throw new Error(`generated scenario is invalid: ${JSON.stringify(r.diagnostics.slice(0, 3))}`);
  return r.scenario;
}

// counter gives IDs that depend only on the order they are asked for.
function counter(): () => string {
  let n = 0;
  return () => `generated-${++n}`;
}

// withoutGeneratedIDs blanks the IDs a run makes up (deployment, follow-up
// evaluations and the references to them), which may differ between runs.
function withoutGeneratedIDs(doc: ResultDocument): unknown {
  const generated = new Set<string>();
  if (doc.Deployment) generated.add(doc.Deployment.ID);
  for (const evals of Object.values(doc.DesiredFollowupEvals)) for (const e of evals) generated.add(e.ID);
  // A stopped or annotated allocation's follow-up evaluation is always a
  // generated one, even when upstream's handleDelayedLost then drops it from
  // the group's list (a delayed lost and a delayed failed allocation in one
  // group: the second list replaces the first).
  for (const s of doc.Stop) if (s.FollowupEvalID !== '') generated.add(s.FollowupEvalID);
  for (const u of doc.AttributeUpdates) generated.add(u.FollowupEvalID);
  return JSON.parse(JSON.stringify(doc), (_k, v: unknown) => (typeof v === 'string' && generated.has(v) ? '<generated>' : v));
}

describe('reconciler properties', () => {
  test('every generated scenario is valid, and reconciles without throwing', () => {
    fc.assert(
      fc.property(scenarioArb, (doc) => {
        runScenario(read(doc), { trace: true });
      }),
      { numRuns: RUNS },
    );
  }, TIMEOUT_MS);

  test('reconciling the same scenario twice gives the same result, generated IDs aside', () => {
    fc.assert(
      fc.property(scenarioArb, (doc) => {
        const scenario = read(doc);
        const first = runScenario(scenario).document;
        const second = runScenario(read(doc)).document;
        expect(withoutGeneratedIDs(second)).toEqual(withoutGeneratedIDs(first));
        // With the same ID source the documents are identical to the letter.
        expect(runScenario(scenario, { generateID: counter() }).document).toEqual(
          runScenario(scenario, { generateID: counter() }).document,
        );
      }),
      { numRuns: RUNS },
    );
  }, TIMEOUT_MS);

  test('every allocation a result names exists in the scenario', () => {
    fc.assert(
      fc.property(scenarioArb, (doc) => {
        const scenario = read(doc);
        const ids = new Set(scenario.Allocations.map((a) => a.ID));
        const r = runScenario(scenario).document;
        const named = [
          ...r.Place.map((p) => p.PreviousAllocID).filter((id) => id !== ''),
          ...r.DestructiveUpdate.map((d) => d.StopAllocID),
          ...r.InplaceUpdate.map((u) => u.AllocID),
          ...r.Stop.map((s) => s.AllocID),
          ...r.AttributeUpdates.map((u) => u.AllocID),
        ];
        for (const id of named) expect(ids.has(id), `unknown allocation ${id}`).toBe(true);
      }),
      { numRuns: RUNS },
    );
  }, TIMEOUT_MS);

  test('every group of the job and of the allocations has its DesiredTGUpdates entry', () => {
    fc.assert(
      fc.property(scenarioArb, (doc) => {
        const scenario = read(doc);
        const r = runScenario(scenario).document;
        const groups = new Set([...scenario.Job.TaskGroups.map((g) => g.Name), ...scenario.Allocations.map((a) => a.TaskGroup)]);
        for (const g of groups) {
          expect(Object.keys(r.DesiredTGUpdates[g] ?? {}).sort(), `group ${g}`).toEqual(
            ['Canary', 'DestructiveUpdate', 'Ignore', 'InPlaceUpdate', 'Migrate', 'Place', 'Stop'],
          );
        }
      }),
      { numRuns: RUNS },
    );
  }, TIMEOUT_MS);
});
