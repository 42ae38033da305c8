// Reading scenarios whose job is an HCL jobspec (`JobSpec`, with its
// optional `JobSpecVariables`): the HCL reader loads asynchronously, so
// these readers read the jobspec first, canonicalise the job it gives as
// Nomad stores a submitted job (scenario/jobSpecJob.ts), and then read the
// scenario as readScenario does. A scenario
// with `Job` reads exactly as readScenario reads it.

import { type Diagnostic, DiagnosticCode } from './diagnostics.ts';
import { isObject } from './fields.ts';
import { type JobSpecRead, type VariableInfo, readJobSpec } from '../jobspec/index.ts';
import { nearestPlace } from './path.ts';
import { jobSpecJob } from './jobSpecJob.ts';
import { documentNomadVersion } from './nomadVersion.ts';
import { parseJsonText, locateDiagnostics } from './json.ts';
import { type ReadOptions, type ReadResult, readScenarioValue } from './read.ts';

/** JobSpecInfo is what a JobSpec read says besides its job: the variables it declares, and hints about settings the reconciler does not read. */
export interface JobSpecInfo {
  variables: VariableInfo[];
  hints: Diagnostic[];
}

/** AsyncReadResult is a read result plus, for a JobSpec, the job it stands for as Nomad stores it (shown as "API JSON") and what else its read found. */
export type AsyncReadResult = ReadResult & { jobSpecJob?: Record<string, unknown> | null; jobSpecInfo?: JobSpecInfo };

/**
 * jobSpecVariables reads the document's optional `JobSpecVariables`: an
 * object of variable values by name, as JSON. Anything else is reported
 * and no values are given.
 */
export function jobSpecVariables(doc: Record<string, unknown>): {
  values: Record<string, unknown>;
  diagnostics: Diagnostic[];
} {
  const v = doc.JobSpecVariables;
  if (v == null) return { values: {}, diagnostics: [] };
  if (!isObject(v)) {
    const got = Array.isArray(v) ? 'an array' : `a ${typeof v}`;
    return {
      values: {},
      diagnostics: [
        {
          code: DiagnosticCode.WrongType,
          path: 'JobSpecVariables',
          message: `expected an object of the jobspec's variable values by name, got ${got}`,
        },
      ],
    };
  }
  return { values: v, diagnostics: [] };
}

/**
 * readScenarioValueAsync reads a parsed scenario document whose job may be
 * a `JobSpec`. Diagnostics about the jobspec, and those about the job it
 * maps to (`Job.TaskGroups[0].Count`), carry their line and column in the
 * JobSpec text, which is what the playground's Job tab shows.
 */
export async function readScenarioValueAsync(value: unknown, options: ReadOptions = {}): Promise<AsyncReadResult> {
  if (!isObject(value) || typeof value.JobSpec !== 'string' || value.Job != null)
    return readScenarioValue(value, options);
  const variables = jobSpecVariables(value);
  const nomad16 = documentNomadVersion(value, options.nomadVersion) === '1.6';
  const spec = await readJobSpec(value.JobSpec, variables.values, nomad16 ? { nomad16 } : {});
  const job = spec.job === null ? null : (jobSpecJob(spec.job, value, nomad16) as Record<string, unknown>);
  const result = readScenarioValue(value, { ...options, jobSpec: () => ({ job, diagnostics: spec.diagnostics }) });
  const jobSpecInfo = { variables: spec.variables, hints: spec.hints };
  if (variables.diagnostics.length > 0) {
    const diagnostics = [...variables.diagnostics, ...(result.ok ? [] : result.diagnostics)];
    placeJobDiagnostics(diagnostics, spec);
    return { ok: false, diagnostics, jobSpecJob: job, jobSpecInfo };
  }
  if (!result.ok) placeJobDiagnostics(result.diagnostics, spec);
  return { ...result, jobSpecJob: job, jobSpecInfo };
}

// placeJobDiagnostics gives the reader's diagnostics about the mapped job
// the place in the jobspec of the field they concern.
function placeJobDiagnostics(diagnostics: Diagnostic[], spec: JobSpecRead): void {
  for (const d of diagnostics) {
    if (d.line !== undefined || !(d.path === 'Job' || d.path.startsWith('Job.') || d.path.startsWith('Job['))) continue;
    const place = nearestPlace(spec.place, d.path);
    if (place) Object.assign(d, place);
  }
}

/**
 * readScenarioAsync reads a scenario document from JSON text, as
 * readScenario does, and reads a `JobSpec` in it too. A diagnostic placed
 * in the jobspec says where (`JobSpec line 3, column 5: …`) and is placed at
 * the JobSpec string in the document.
 */
export async function readScenarioAsync(text: string, options: ReadOptions = {}): Promise<AsyncReadResult> {
  const parsed = parseJsonText(text, options.textBudget);
  if (!parsed.ok) return parsed;
  return placeReadInText(text, await readScenarioValueAsync(parsed.value, options));
}

/**
 * placeReadInText places the diagnostics of a failed read in `text`, the
 * text the document read was parsed from, as readScenarioAsync does: a
 * document changed on its way to the reader keeps its places as long as
 * its paths are the text's.
 */
export function placeReadInText(text: string, result: AsyncReadResult): AsyncReadResult {
  if (result.ok) return result;
  for (const d of result.diagnostics) {
    if (d.line === undefined) continue;
    d.message = `JobSpec line ${d.line}, column ${d.column}: ${d.message}`;
    delete d.line;
    delete d.column;
    delete d.endLine;
    delete d.endColumn;
  }
  locateDiagnostics(text, result.diagnostics);
  return result;
}
