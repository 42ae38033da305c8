// Jobspecs in HCL: text (and the values of its variables) in, the API job
// (the JSON the scenario reader takes as `Job`, what `nomad job run -output`
// prints) out, with diagnostics at their places in the text, hints about
// settings the reconciler does not read, the variables the jobspec
// declares, and a way to place the reader's later diagnostics
// (`Job.TaskGroups[0].Count`) there too. The parser is loaded on the first
// jobspec only.

import { type ReaderModule, providedJobSpecReader } from './provide.ts';
import type { JobSpecRead, JobSpecSources, VarFileValues } from './read.ts';
import type { VarFileText } from './jobspec2/varFiles.ts';

export type { JobSpecRead, JobSpecSources, VarFileValues } from './read.ts';
export type { VariableInfo } from './jobspec2/variables.ts';
export type { VarFileText } from './jobspec2/varFiles.ts';
export type { FileAccess, FileStat } from '../hcl/functions/filesystem.ts';
export { HclDiagnosticCode } from './jobspec2/sink.ts';

let loading: Promise<ReaderModule> | null = null;

// In Node (the tests) the reader is imported from its source; the name is
// not a literal, so that bundlers leave it alone.
const SOURCE = './read.ts';

/** loadJobSpecReader imports the reader once (in a browser, the one built file every context shares); every later call shares the import. */
export function loadJobSpecReader(): Promise<ReaderModule> {
  const inNode = typeof process !== 'undefined' && typeof process.versions?.node === 'string';
  const provided = providedJobSpecReader();
  loading ??= provided
    ? provided()
    : inNode
      ? import(/* @vite-ignore */ SOURCE)
      : import('./readerUrl.ts').then((m) => m.importBuiltReader());
  return loading;
}

// The last two jobspecs read: reading the same text with the same values
// twice in a row (the worker, then the run) reads it once, and so does a
// submission, which reads the running job and the submitted one each run.
const recent = new Map<string, Promise<JobSpecRead>>();
const RECENT_READS = 2;

/**
 * readJobSpec reads a jobspec as `nomad job run` reads it (jobspec2 at
 * Nomad v1.1.0), with `variables` as `-var` and var files give them:
 * strings as `-var NAME=VALUE` text, other JSON values as a var file's;
 * `sources` adds the var files themselves (their values come before
 * `variables`, which win).
 * Callers must not change the result.
 */
export function readJobSpec(
  text: string,
  variables: Record<string, unknown> = {},
  sources: JobSpecSources = {},
): Promise<JobSpecRead> {
  const read = () => loadJobSpecReader().then((m) => m.parseAndDecode(text, variables, sources));
  // A read that reaches files depends on more than its arguments: never kept.
  if (sources.files) return read();
  const key = JSON.stringify([text, variables, sources.name, sources.varFiles ?? [], sources.nomad16 === true]);
  let kept = recent.get(key);
  if (kept === undefined) {
    kept = read();
    recent.set(key, kept);
    // A Map keeps insertion order: the first key is the oldest read.
    if (recent.size > RECENT_READS) recent.delete(recent.keys().next().value!);
  }
  return kept;
}

/** readVarFiles reads var files on their own into their values by name, as a submission onto a cluster keeps them (see read.ts's readVarFileValues). */
export function readVarFiles(files: readonly VarFileText[]): Promise<VarFileValues> {
  return loadJobSpecReader().then((m) => m.readVarFileValues(files));
}
