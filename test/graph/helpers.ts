// Fixture scenarios reconciled with a trace, for the graph's tests.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runScenario } from '../../src/result/run.ts';
import { readScenario, type Scenario } from '../../src/scenario/read.ts';
import type { ResultDocument } from '../../src/result/document.ts';
import type { ReconcileTrace } from '../../src/engine/types.ts';

const DIR = join(import.meta.dirname, '..', 'fixtures', 'scenarios');

/** Reconciled is a scenario with its result document and trace. */
export interface Reconciled {
  scenario: Scenario;
  document: ResultDocument;
  trace: ReconcileTrace;
}

/** loadScenario reads a fixture scenario by its base name. */
export function loadScenario(name: string): Scenario {
  return readText(readFileSync(join(DIR, `${name}.json`), 'utf8'));
}

/** readText reads scenario text that must be valid. */
export function readText(text: string): Scenario {
  const r = readScenario(text);
  if (!r.ok) throw new Error(`invalid scenario: ${JSON.stringify(r.diagnostics)}`);
  return r.scenario;
}

/** reconcileFixture reads a fixture scenario and reconciles it with a trace. */
export function reconcileFixture(name: string): Reconciled {
  return reconcileScenario(loadScenario(name));
}

/** reconcileScenario reconciles a scenario with a trace and fixed IDs. */
export function reconcileScenario(scenario: Scenario): Reconciled {
  let n = 0;
  const { results, document } = runScenario(scenario, { trace: true, generateID: () => `id-${++n}` });
  return { scenario, document, trace: results.trace! };
}

/** VALID_FIXTURES are the fixture scenarios that read without errors. */
export const VALID_FIXTURES = [
  'canary-awaiting-promotion',
  'draining-node',
  'failed-rescheduled',
  'first-placement',
  'lost-node',
  'rolling-update',
];
