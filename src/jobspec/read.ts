// Reading one jobspec: parse, decode with the variables' values, and the
// places of the job's fields. Loaded by index.ts on the first jobspec, so
// that JSON scenarios never load the parser.

import { HCL_BUDGET, type HclBudget, Meter } from '../hcl/budget.ts';
import type { FileAccess } from '../hcl/functions/filesystem.ts';
import { jobspecFunctions } from './jobspec2/functions.ts';
import { decodeJobSpec } from './jobspec2/jobspec.ts';
import { HclDiagnosticCode, type JobSpecDiagnostic, Sink } from './jobspec2/sink.ts';
import { type VarFileText, parseVarFiles, varFileAssignments } from './jobspec2/varFiles.ts';
import { toJson } from '../hcl/eval/value.ts';
import type { VariableInfo } from './jobspec2/variables.ts';
import type { SourceRange } from '../hcl/range.ts';
import { parseConfig } from '../hcl/syntax/parse.ts';

/** JobSpecRead is a jobspec read into an API job (null when it has errors), its diagnostics, and the places of the job's fields. */
export interface JobSpecRead {
  job: Record<string, unknown> | null;
  /** diagnostics are the errors, in the order of the text. */
  diagnostics: JobSpecDiagnostic[];
  /** hints point out settings the reconciler does not read (never errors). */
  hints: JobSpecDiagnostic[];
  /** variables are the variables the jobspec declares. */
  variables: VariableInfo[];
  /** place finds where the value at an API path (`Job.TaskGroups[0].Count`) is written in the text; undefined for a value the text leaves out (the scenario's nearestPlace then looks for its nearest written ancestor). */
  place(path: string): SourceRange | undefined;
}

/** JobSpecSources are what a read takes besides the jobspec's text: its file name, the var files given with it (the command line's --var-file), in order, and the files its file functions may read (the command line's disk; none on the page). */
export interface JobSpecSources {
  /** name is the jobspec's file name, for messages that point into it (`This was checked by the validation rule at job.hcl:3,3-13`). */
  name?: string;
  varFiles?: readonly VarFileText[];
  files?: FileAccess;
  /** nomad16 reads the jobspec as Nomad v1.6.5 does (its api package's blocks and arguments), for a scenario that asks for Nomad 1.6. */
  nomad16?: boolean;
}

/** parseAndDecode reads a jobspec's text into the API job, as `nomad job run` reads it, within a budget (HCL_BUDGET unless a test gives a smaller one). */
export function parseAndDecode(
  text: string,
  variables: Record<string, unknown>,
  sources: JobSpecSources = {},
  budget: HclBudget = HCL_BUDGET,
): JobSpecRead {
  const sink = new Sink(text, undefined, undefined, sources.name);
  if (sources.nomad16) sink.forNomad16();
  const parsed = parseConfig(text, budget.depth);
  // As in jobspec2, a var file that does not parse is the only error reported.
  const varFiles = parseVarFiles(sources.varFiles ?? [], sink);
  if (varFiles !== null)
    for (const p of parsed.problems) sink.error(HclDiagnosticCode.Syntax, p.summary, p.detail, p.span);
  let decoded: ReturnType<typeof decodeJobSpec> = { job: null, variables: [] };
  if (varFiles !== null && !sink.hasErrors)
    decoded = decodeJobSpec(parsed.body, sink, variables, varFiles, jobspecFunctions(sources.files), new Meter(budget));
  // The jobspec's diagnostics first, then each var file's, each in the order of its text.
  const files = ['', ...(sources.varFiles ?? []).map((f) => f.name)];
  const byPlace = (a: JobSpecDiagnostic, b: JobSpecDiagnostic) =>
    files.indexOf(a.file ?? '') - files.indexOf(b.file ?? '') ||
    (a.line ?? 0) - (b.line ?? 0) ||
    (a.column ?? 0) - (b.column ?? 0);
  sink.diagnostics.sort(byPlace);
  sink.hints.sort(byPlace);
  return {
    job: sink.hasErrors ? null : decoded.job,
    diagnostics: sink.diagnostics,
    hints: sink.hints,
    variables: decoded.variables,
    place: (path) => {
      const span = sink.places.get(path);
      return span && sink.rangeOf(span);
    },
  };
}

/** VarFileValues are the values a list of var files gives by name (a later file wins), or the diagnostics, placed in their files, that stopped the reading. */
export type VarFileValues =
  { ok: true; values: Record<string, unknown> } | { ok: false; diagnostics: JobSpecDiagnostic[] };

/**
 * readVarFileValues reads var files without a jobspec, each value
 * evaluated as jobspec2 evaluates a var file's (no variables, no
 * functions), into JSON values: what a submission onto a cluster keeps as
 * its `JobSpecVariables`. A value's type is checked later, against the
 * jobspec's declarations, when the job is read with them.
 */
export function readVarFileValues(files: readonly VarFileText[]): VarFileValues {
  const sink = new Sink('');
  const parsed = parseVarFiles(files, sink);
  if (parsed === null) return { ok: false, diagnostics: sink.diagnostics };
  const values: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const a of varFileAssignments(parsed, new Meter(HCL_BUDGET)).assignments) {
    const value = a.sink.catching(() => toJson(a.value()));
    if (value !== undefined) values[a.name] = value;
  }
  return sink.hasErrors ? { ok: false, diagnostics: sink.diagnostics } : { ok: true, values };
}
