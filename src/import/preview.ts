// The import dialog's preview: the pasted texts parsed and built into a
// scenario, with each problem attached to the field it is in. Pure.

import { type ImportNote, type ImportSource, IMPORT_SOURCES, buildImport } from './build.ts';
import { TEXT_BUDGET, parseWithinBudget } from '../scenario/budget.ts';
import { readScenarioValue } from '../scenario/read.ts';
import { type ImportSummary, summarizeImport } from './summary.ts';

/**
 * ImportPreview is the scenario the texts make, with its summary, its notes
 * and what the scenario reader will mark in it (`invalid`, by document
 * path), or each field's problems.
 */
export type ImportPreview =
  | { ok: true; document: Record<string, unknown>; summary: ImportSummary; notes: ImportNote[]; invalid: string[] }
  | { ok: false; problems: Partial<Record<ImportSource, string>>; empty: boolean };

/** previewImport parses each non-blank text as JSON and builds the scenario at `now` (RFC 3339). */
export function previewImport(texts: Partial<Record<ImportSource, string>>, now: string): ImportPreview {
  const bodies: Partial<Record<ImportSource, unknown>> = {};
  const problems: Partial<Record<ImportSource, string>> = {};
  for (const source of IMPORT_SOURCES) {
    const text = texts[source]?.trim();
    if (!text) continue;
    // The page's budget for any text it reads: a field is a text like the editor's.
    const parsed = parseWithinBudget(text, TEXT_BUDGET, text.replace(/^\uFEFF/, ''));
    if (parsed.kind === 'value') bodies[source] = parsed.value;
    else if (parsed.kind === 'over') problems[source] = `this text ${parsed.over}`;
    else problems[source] = `not JSON: ${parsed.error instanceof Error ? parsed.error.message : String(parsed.error)}`;
  }
  if (Object.keys(bodies).length === 0 && Object.keys(problems).length === 0)
    return { ok: false, problems, empty: true };
  if (Object.keys(problems).length > 0) return { ok: false, problems, empty: false };
  const built = buildImport({ ...bodies, now });
  if (!built.ok) {
    for (const p of built.problems) problems[p.source] ??= p.path ? `${p.path}: ${p.message}` : p.message;
    return { ok: false, problems, empty: false };
  }
  const read = readScenarioValue(built.document, { now: () => 0, generateID: () => '' });
  const invalid = read.ok ? [] : read.diagnostics.map((d) => (d.path ? `${d.path}: ${d.message}` : d.message));
  return { ok: true, document: built.document, summary: summarizeImport(built.document), notes: built.notes, invalid };
}
