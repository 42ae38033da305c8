// Helpers for the scenario reader's tests: a minimal valid document to vary,
// and readers that fail the test with the diagnostics when the outcome is
// not the expected one.

import { expect } from 'vitest';
import type { Diagnostic } from '../../src/scenario/diagnostics.ts';
import { type ReadOptions, type Scenario, readScenario } from '../../src/scenario/read.ts';

/** FIXED_OPTIONS make reads deterministic: a fixed clock and ID. */
export const FIXED_OPTIONS: ReadOptions = { now: () => 1_767_225_600_000_000_000, generateID: () => 'generated-id' };

type Doc = Record<string, unknown>;

/** minimalJob is a one-group, one-task service job with nothing but names. */
export function minimalJob(extra: Doc = {}): Doc {
  return { ID: 'web', TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }], ...extra };
}

/** minimalDoc is the smallest valid scenario, with `extra` fields at the top level. */
export function minimalDoc(extra: Doc = {}): Doc {
  return { Now: '2026-01-01T00:00:00Z', EvalID: 'eval-1', Job: minimalJob(), ...extra };
}

/** readOk reads a document (an object is stringified first) and returns the scenario, failing with the diagnostics if it is invalid. */
export function readOk(doc: Doc | string, options: ReadOptions = FIXED_OPTIONS): Scenario {
  const result = readScenario(typeof doc === 'string' ? doc : JSON.stringify(doc, null, 2), options);
  if (!result.ok) throw new Error('expected a valid scenario, got:\n' + result.diagnostics.map(show).join('\n'));
  return result.scenario;
}

/** readErrors reads a document that must be invalid and returns its diagnostics. */
export function readErrors(doc: Doc | string): Diagnostic[] {
  const result = readScenario(typeof doc === 'string' ? doc : JSON.stringify(doc, null, 2), FIXED_OPTIONS);
  expect(result.ok, 'expected the scenario to be rejected').toBe(false);
  return result.ok ? [] : result.diagnostics;
}

/** onlyError reads a document that must have exactly one problem and returns it. */
export function onlyError(doc: Doc | string): Diagnostic {
  const diagnostics = readErrors(doc);
  expect(diagnostics.map(show)).toHaveLength(1);
  return diagnostics[0]!;
}

/** show renders a diagnostic the way the command-line runner does, for readable failures. */
export function show(d: Diagnostic): string {
  return `${d.path}: ${d.message}` + (d.line !== undefined ? ` (${d.line}:${d.column})` : '');
}
