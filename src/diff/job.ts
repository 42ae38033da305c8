// Upstream: hashicorp/nomad nomad/structs/diff.go at dccea99f7e (Job.Diff,
// multiregionDiff).
//
// The whole job's changes: its own fields, its datacenters, constraints,
// affinities and multiregion block, then each task group. IDs, versions and
// Raft indexes are left out as upstream filters them (they change with every
// submission), and so is the job-level update block, which the model has
// already merged into each group's.

import type { Job, Multiregion } from '../engine/structs.ts';
import { jsonEqual } from '../engine/util.ts';
import { flatAffinity, flatConstraint } from './blocks.ts';
import { anyChange, fieldDiffs, sortObjectDiffs } from './fields.ts';
import { goText, mapFields } from './flatten.ts';
import { primitiveObjectDiff, primitiveObjectSetDiff, stringSetDiff } from './objects.ts';
import { taskGroupDiffs } from './group.ts';
import type { DiffType, Flat, JobDiff, ObjectDiff } from './types.ts';

// flatJob is a job's own primitive fields, limited to those the model has.
function flatJob(j: Job): Flat {
  return {
    Name: j.Name,
    Namespace: j.Namespace,
    Priority: goText(j.Priority),
    Region: j.Region,
    Stop: goText(j.Stop),
    Type: j.Type,
    ...mapFields('Meta', j.Meta),
  };
}

/**
 * jobDiff diffs the job version the allocations run (`oldJob`) against the
 * submitted one (`newJob`). With `contextual` (what `nomad job plan` asks
 * for), a changed block also lists its unchanged fields, unmarked.
 */
export function jobDiff(oldJob: Job, newJob: Job, contextual = true): JobDiff {
  const objects: ObjectDiff[] = [];
  const dcs = stringSetDiff(oldJob.Datacenters, newJob.Datacenters, 'Datacenters', contextual);
  if (dcs && dcs.Type !== 'None') objects.push(dcs);
  objects.push(
    ...primitiveObjectSetDiff(oldJob.Constraints, newJob.Constraints, flatConstraint, 'Constraint', contextual),
  );
  objects.push(...primitiveObjectSetDiff(oldJob.Affinities, newJob.Affinities, flatAffinity, 'Affinity', contextual));
  const mr = multiregionDiff(oldJob.Multiregion, newJob.Multiregion, contextual);
  if (mr) objects.push(mr);

  const fields = fieldDiffs(flatJob(oldJob), flatJob(newJob), false);
  const groups = taskGroupDiffs(oldJob.TaskGroups, newJob.TaskGroups, contextual);
  // The job counts as edited only through what the diff shows, since the
  // filtered fields change on every submission.
  const type: DiffType = anyChange(fields) || anyChange(objects) || anyChange(groups) ? 'Edited' : 'None';
  return { Type: type, ID: newJob.ID, Fields: fields, Objects: objects, TaskGroups: groups };
}

/**
 * multiregionDiff diffs the multiregion block's regions, matched by name.
 * (Upstream passes a kept region's two versions the wrong way round, so a
 * removed region shows as added; here it shows as removed.)
 */
export function multiregionDiff(
  oldM: Multiregion | null,
  newM: Multiregion | null,
  contextual: boolean,
): ObjectDiff | null {
  if (jsonEqual(oldM, newM)) return null;
  const type: DiffType = oldM === null ? 'Added' : newM === null ? 'Deleted' : 'Edited';
  const flatRegion = (r: { Name: string } | undefined): Flat | null => (r ? { Name: r.Name } : null);
  const oldByName = new Map((oldM?.Regions ?? []).map((r) => [r.Name, r] as const));
  const newByName = new Map((newM?.Regions ?? []).map((r) => [r.Name, r] as const));
  const objects: ObjectDiff[] = [];
  for (const [name, r] of oldByName) {
    const d = primitiveObjectDiff(flatRegion(r), flatRegion(newByName.get(name)), 'Region', contextual);
    if (d) objects.push(d);
  }
  for (const [name, r] of newByName) {
    if (oldByName.has(name)) continue;
    const d = primitiveObjectDiff(null, flatRegion(r), 'Region', contextual);
    if (d) objects.push(d);
  }
  return { Type: type, Name: 'Multiregion', Fields: [], Objects: sortObjectDiffs(objects) };
}
