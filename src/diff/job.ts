// Upstream: hashicorp/nomad nomad/structs/diff.go at dccea99f7e (Job.Diff,
// parameterizedJobDiff, multiregionDiff, multiregionRegionDiff).
//
// The whole job's changes: its own fields, its datacenters, constraints and
// affinities, then each task group, then its periodic, parameterized and
// multiregion blocks. IDs, versions, status and Raft indexes are left out as
// upstream filters them (they change with every submission), and so is the
// job-level update block, a default for the groups. Like upstream at that
// commit, the job's spreads are not diffed.

import type { Job } from '../engine/structs.ts';
import { jsonEqual } from '../engine/jsonEqual.ts';
import type { Obj } from '../jobspec/canonical/values.ts';
import { anyChange, fieldDiffs, sortObjectDiffs } from './fields.ts';
import { fieldOf, textOf } from './flatten.ts';
import { taskGroupDiffs } from './group.ts';
import {
  blockDiff,
  listFieldDiffs,
  matchByKey,
  primitiveObjectDiff,
  primitiveObjectSetDiff,
  stringSetDiff,
  structDiff,
} from './objects.ts';
import { flat } from './schemas.ts';
import { diffedJobs } from './spec.ts';
import type { DiffType, JobDiff, ObjectDiff } from './types.ts';

/**
 * jobDiff diffs the job version the allocations run (`oldJob`) against the
 * submitted one (`newJob`). With `contextual` (what `nomad job plan` asks
 * for), a changed block also lists its unchanged fields, unmarked.
 */
export function jobDiff(oldJob: Job, newJob: Job, contextual = true): JobDiff {
  const [o, n] = diffedJobs(oldJob, newJob);
  return jobSpecDiff(o, n, contextual);
}

/** jobSpecDiff diffs two jobs given as stored API JSON (see spec.ts). */
export function jobSpecDiff(oldJ: Obj, newJ: Obj, contextual: boolean): JobDiff {
  const objects: ObjectDiff[] = [];
  const push = (d: ObjectDiff | null) => d && objects.push(d);
  const dcs = stringSetDiff(oldJ.Datacenters, newJ.Datacenters, 'Datacenters', contextual);
  if (dcs && dcs.Type !== 'None') objects.push(dcs);
  objects.push(
    ...primitiveObjectSetDiff(oldJ.Constraints, newJ.Constraints, flat.Constraint, 'Constraint', contextual),
  );
  objects.push(...primitiveObjectSetDiff(oldJ.Affinities, newJ.Affinities, flat.Affinity, 'Affinity', contextual));
  const groups = taskGroupDiffs(oldJ.TaskGroups, newJ.TaskGroups, contextual);
  push(structDiff(oldJ.Periodic, newJ.Periodic, flat.Periodic, 'Periodic', contextual));
  push(parameterizedJobDiff(oldJ.ParameterizedJob, newJ.ParameterizedJob, contextual));
  push(multiregionDiff(oldJ.Multiregion, newJ.Multiregion, contextual));

  const fields = fieldDiffs(flat.Job(oldJ), flat.Job(newJ), false);
  // The job counts as edited only through what the diff shows, since the
  // filtered fields change on every submission.
  const type: DiffType = anyChange(fields) || anyChange(objects) || anyChange(groups) ? 'Edited' : 'None';
  return { Type: type, ID: textOf(newJ.ID), Fields: fields, Objects: objects, TaskGroups: groups };
}

/** parameterizedJobDiff diffs a parameterized job's payload rule, then its optional and required meta keys. */
export function parameterizedJobDiff(oldP: unknown, newP: unknown, contextual: boolean): ObjectDiff | null {
  const diff = blockDiff(oldP, newP, 'ParameterizedJob', flat.ParameterizedJob, contextual);
  if (diff === null) return null;
  diff.Objects.push(...listFieldDiffs(oldP, newP, ['MetaOptional', 'MetaRequired'], contextual));
  return diff;
}

/**
 * multiregionDiff diffs the multiregion block: its strategy, then its
 * regions matched by name. An added block is compared with an empty
 * strategy of zeroes, as upstream canonicalises the missing side. (Upstream
 * passes a kept region's two versions the wrong way round, so a removed
 * region shows as added and an edit shows backwards; here each shows as
 * what it is.)
 */
export function multiregionDiff(oldM: unknown, newM: unknown, contextual: boolean): ObjectDiff | null {
  if (jsonEqual(oldM, newM)) return null;
  const added = oldM === null || oldM === undefined;
  const deleted = newM === null || newM === undefined;
  const type: DiffType = added ? 'Added' : deleted ? 'Deleted' : 'Edited';
  const objects: ObjectDiff[] = [];
  const oldStrategy = added ? { MaxParallel: 0, OnFailure: '' } : fieldOf(oldM, 'Strategy');
  const strategy = structDiff(oldStrategy, fieldOf(newM, 'Strategy'), flat.MultiregionStrategy, 'Strategy', contextual);
  if (strategy) objects.push(strategy);
  objects.push(
    ...matchByKey(fieldOf(oldM, 'Regions'), fieldOf(newM, 'Regions'), 'Name', (o, n) =>
      multiregionRegionDiff(o, n, contextual),
    ),
  );
  return { Type: type, Name: 'Multiregion', Fields: [], Objects: sortObjectDiffs(objects) };
}

// multiregionRegionDiff diffs one region: its fields, then its datacenters.
// As upstream, the region's type (and whether it shows at all) follows from
// its fields alone.
function multiregionRegionDiff(oldR: Obj | null, newR: Obj | null, contextual: boolean): ObjectDiff | null {
  if (jsonEqual(oldR, newR)) return null;
  const diff = primitiveObjectDiff(flat.MultiregionRegion(oldR), flat.MultiregionRegion(newR), 'Region', contextual);
  if (diff === null) return null;
  const dcs = stringSetDiff(oldR?.Datacenters, newR?.Datacenters, 'Datacenters', contextual);
  if (dcs && dcs.Type !== 'None') diff.Objects.push(dcs);
  return diff;
}
