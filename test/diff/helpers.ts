// Builders for the job diff tests: jobs read from partial API JSON by the
// scenario reader (so they carry the same defaults as in the playground),
// and compact constructors for the expected diffs.

import type { Job } from '../../src/engine/structs.ts';
import { diffedJobs } from '../../src/diff/spec.ts';
import { readScenarioValue } from '../../src/scenario/read.ts';
import type { Obj } from '../../src/jobspec/canonical/values.ts';
import type { DiffType, FieldDiff, ObjectDiff } from '../../src/diff/types.ts';

/** readJob reads a job from partial API JSON; ID and Name default to "foo". */
export function readJob(value: Record<string, unknown>): Job {
  const read = readScenarioValue({
    Now: '2026-01-01T00:00:00Z',
    EvalID: 'eval',
    Job: { ID: 'foo', Name: 'foo', ...value },
  });
  if (!read.ok) throw new Error(`readJob: ${JSON.stringify(read.diagnostics)}`);
  return read.scenario.Job;
}

/** readGroup reads one group (Name "foo" unless given) of a job with nothing else, as the diff sees it (stored API JSON). */
export function readGroup(value: Record<string, unknown>): Obj {
  const job = readJob({ TaskGroups: [{ Name: 'foo', ...value }] });
  return (diffedJobs(job, job)[0].TaskGroups as Obj[])[0]!;
}

/** field is an expected FieldDiff. */
export function field(Type: DiffType, Name: string, Old: string, New: string, Annotations: string[] = []): FieldDiff {
  return { Type, Name, Old, New, Annotations };
}

/** edited, added, deleted and same are expected FieldDiffs of each type. */
export const edited = (name: string, o: string, n: string) => field('Edited', name, o, n);
export const added = (name: string, n: string) => field('Added', name, '', n);
export const deleted = (name: string, o: string) => field('Deleted', name, o, '');
export const same = (name: string, v: string) => field('None', name, v, v);

/** object is an expected ObjectDiff. */
export function object(Type: DiffType, Name: string, Fields: FieldDiff[], Objects: ObjectDiff[] = []): ObjectDiff {
  return { Type, Name, Fields, Objects };
}
