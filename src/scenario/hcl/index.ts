// Jobspecs in HCL: text in, the API job (the JSON the scenario reader takes
// as `Job`) out, with diagnostics at their places in the text and a way to
// place the reader's later diagnostics (`Job.TaskGroups[0].Count`) there too.

import type { Diagnostic } from '../diagnostics.ts';
import { Body, Decoder } from './decode.ts';
import { mapFile } from './job.ts';
import { outlineHcl, type SourceRange } from './outline.ts';
import { parseHcl } from './parse.ts';
import { splitPath } from '../path.ts';

export { HclDiagnosticCode } from './decode.ts';
export type { SourceRange } from './outline.ts';

/** JobSpecRead is a jobspec read into an API job (null when it has errors), its diagnostics, and the places of the job's fields. */
export interface JobSpecRead {
  job: Record<string, unknown> | null;
  diagnostics: Diagnostic[];
  /** place finds where the value at an API path (`Job.TaskGroups[0].Count`), or its nearest written ancestor, is in the text. */
  place(path: string): SourceRange | undefined;
}

// The last jobspec read: the worker parses a jobspec before a run (under a
// time limit of its own) and the run then reads the same text again.
let last: { text: string; read: Promise<JobSpecRead> } | null = null;

/**
 * readJobSpec parses a jobspec with HashiCorp's parser (loaded on first use)
 * and maps it to the API job, as `nomad job run` reads it. Reading the same
 * text twice in a row parses it once; callers must not change the result.
 */
export function readJobSpec(text: string): Promise<JobSpecRead> {
  if (last?.text !== text) last = { text, read: parseAndMap(text) };
  return last.read;
}

async function parseAndMap(text: string): Promise<JobSpecRead> {
  const parsed = await parseHcl(text);
  if (!parsed.ok) return { job: null, diagnostics: parsed.diagnostics, place: () => undefined };
  return mapJobSpec(text, parsed.value);
}

/** mapJobSpec maps a jobspec that HashiCorp's parser has rendered as JSON (hcl2json's form) to the API job. */
export function mapJobSpec(text: string, parsed: Record<string, unknown>): JobSpecRead {
  const decoder = new Decoder();
  const start: SourceRange = { line: 1, column: 1, endLine: 1, endColumn: 2 };
  const file = new Body(decoder, outlineHcl(text), parsed, '', start);
  const job = mapFile(file);
  const places = decoder.places;
  // In the order of the text, as an editor lists them.
  decoder.diagnostics.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
  return {
    job: decoder.diagnostics.length > 0 ? null : job,
    diagnostics: decoder.diagnostics,
    place: (path) => nearestPlace(places, path),
  };
}

// nearestPlace finds the place of a path, or of its longest prefix that has one.
function nearestPlace(places: Map<string, SourceRange>, path: string): SourceRange | undefined {
  const segments = splitPath(path);
  for (let n = segments.length; n > 0; n--) {
    let p = '';
    for (const s of segments.slice(0, n)) p += typeof s === 'number' ? `[${s}]` : p === '' ? s : /^[A-Za-z_$][A-Za-z0-9_$-]*$/.test(s) ? `.${s}` : `[${JSON.stringify(s)}]`;
    const found = places.get(p);
    if (found) return found;
  }
  return undefined;
}
