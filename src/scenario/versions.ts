// Earlier versions of a job (a document's JobVersions, and each of its
// OtherJobs'): the versions its allocations may run.

import type { Job } from '../engine/structs.ts';
import { DiagnosticCode } from './diagnostics.ts';
import { type Reader, describeValue, isObject, readArray } from './fields.ts';
import { checkJobFieldNames } from './fieldNames.ts';
import { readJob } from './job.ts';
import { childPath, indexPath } from './path.ts';

/**
 * readJobVersions reads the earlier versions of `job` at `parent`.JobVersions:
 * each must be of the same job and have a Version of its own.
 */
export function readJobVersions(r: Reader, value: unknown, job: Job, parent = ''): Job[] {
  const list = readArray(r, value, parent, 'JobVersions');
  if (list === null) return [];
  const versions: Job[] = [];
  const seen = new Map<number, number>([[job.Version, -1]]);
  for (let i = 0; i < list.length && !r.full; i++) {
    const path = indexPath(childPath(parent, 'JobVersions'), i);
    const entry = list[i];
    checkJobFieldNames(r, entry, path);
    const version = readJob(r, entry, path, job.ID);
    if (version === null) continue;
    if (isObject(entry) && entry.ID != null && version.ID !== job.ID) {
      r.report(
        DiagnosticCode.Mismatch,
        path + '.ID',
        `${describeValue(version.ID)} is not the job's ID ${describeValue(job.ID)}: JobVersions are earlier versions of the same job`,
      );
    }
    const earlier = seen.get(version.Version);
    if (earlier !== undefined) {
      r.report(
        DiagnosticCode.Duplicate,
        path + '.Version',
        earlier < 0
          ? `version ${version.Version} is the version of Job itself: JobVersions are earlier versions`
          : `version ${version.Version} is also JobVersions[${earlier}]'s`,
      );
    } else {
      seen.set(version.Version, i);
    }
    versions.push(version);
  }
  return versions;
}
