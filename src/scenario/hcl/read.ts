// Reading one jobspec: parse, decode with the variables' values, and the
// places of the job's fields. Loaded by index.ts on the first jobspec, so
// that JSON scenarios never load the parser.

import type { Diagnostic } from '../diagnostics.ts';
import { splitPath } from '../path.ts';
import { HCL_BUDGET, type HclBudget, Meter } from './budget.ts';
import { decodeJobSpec } from './jobspec/jobspec.ts';
import { HclDiagnosticCode, Sink } from './jobspec/sink.ts';
import type { VariableInfo } from './jobspec/variables.ts';
import type { SourceRange } from './range.ts';
import { parseConfig } from './syntax/parse.ts';

/** JobSpecRead is a jobspec read into an API job (null when it has errors), its diagnostics, and the places of the job's fields. */
export interface JobSpecRead {
  job: Record<string, unknown> | null;
  /** diagnostics are the errors, in the order of the text. */
  diagnostics: Diagnostic[];
  /** hints point out settings the reconciler does not read (never errors). */
  hints: Diagnostic[];
  /** variables are the variables the jobspec declares. */
  variables: VariableInfo[];
  /** place finds where the value at an API path (`Job.TaskGroups[0].Count`), or its nearest written ancestor, is in the text. */
  place(path: string): SourceRange | undefined;
}

/** parseAndDecode reads a jobspec's text into the API job, as `nomad job run` reads it, within a budget (HCL_BUDGET unless a test gives a smaller one). */
export function parseAndDecode(
  text: string,
  variables: Record<string, unknown>,
  budget: HclBudget = HCL_BUDGET,
): JobSpecRead {
  const sink = new Sink(text);
  const parsed = parseConfig(text, budget.depth);
  for (const p of parsed.problems) sink.error(HclDiagnosticCode.Syntax, p.summary, p.detail, p.span);
  let decoded: ReturnType<typeof decodeJobSpec> = { job: null, variables: [] };
  if (!sink.hasErrors) decoded = decodeJobSpec(parsed.body, sink, variables, new Meter(budget));
  const byPlace = (a: Diagnostic, b: Diagnostic) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0);
  sink.diagnostics.sort(byPlace);
  sink.hints.sort(byPlace);
  const places = sink.places;
  const found = (path: string) => {
    const span = places.get(path);
    return span && sink.rangeOf(span);
  };
  return {
    job: sink.hasErrors ? null : decoded.job,
    diagnostics: sink.diagnostics,
    hints: sink.hints,
    variables: decoded.variables,
    place: (path) => nearestPlace(found, path),
  };
}

// nearestPlace finds the place of a path, or of its longest prefix that has one.
function nearestPlace(placeOf: (path: string) => SourceRange | undefined, path: string): SourceRange | undefined {
  const segments = splitPath(path);
  for (let n = segments.length; n > 0; n--) {
    let p = '';
    for (const s of segments.slice(0, n))
      p +=
        typeof s === 'number'
          ? `[${s}]`
          : p === ''
            ? s
            : /^[A-Za-z_$][A-Za-z0-9_$-]*$/.test(s)
              ? `.${s}`
              : `[${JSON.stringify(s)}]`;
    const found = placeOf(p);
    if (found) return found;
  }
  return undefined;
}
