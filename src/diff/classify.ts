// Upstream: hashicorp/nomad scheduler/annotate.go and scheduler/util.go
// (genericAllocUpdateFn, tasksUpdated) at dccea99f7e.
//
// What a job diff means for the running allocations. Upstream's plan
// annotates tasks by a rule of thumb over the diff's field names; here the
// engine's own tasksUpdated decides, so the diff says what the reconciler
// will actually do, and why:
// - allocations whose job has the submitted job's JobModifyIndex are left
//   alone, whatever the diff shows;
// - otherwise a group tasksUpdated reports a change for is replaced
//   (create/destroy update), naming the first change it saw;
// - otherwise its allocations are updated in place.
// Count changes are annotated as upstream does ("forces create" when the
// count grows, "forces destroy" when it shrinks).

import { lookupTask, lookupTaskGroup } from '../engine/structs.ts';
import type { Job } from '../engine/structs.ts';
import { taskUpdatedReason, tasksUpdatedReason } from '../engine/v0.12/util.ts';
import type { FieldDiff, JobDiff, TaskDiff, TaskGroupDiff, UpdateClass, UpdateKind } from './types.ts';

/** AnnotationForcesCreate marks a count that grows and the tasks of an added group (upstream's string). */
export const AnnotationForcesCreate = 'forces create';
/** AnnotationForcesDestroy marks a count that shrinks and the tasks of a removed group. */
export const AnnotationForcesDestroy = 'forces destroy';
/** AnnotationForcesInplaceUpdate marks a changed task whose allocations are updated in place. */
export const AnnotationForcesInplaceUpdate = 'forces in-place update';
/** AnnotationForcesDestructiveUpdate marks a task whose allocations are replaced. */
export const AnnotationForcesDestructiveUpdate = 'forces create/destroy update';

/**
 * classifyJobDiff returns the diff of `oldJob` (what the allocations run)
 * against `newJob` (the submitted job) with each group and task marked with
 * the update it forces, and the plan's annotations on tasks and counts.
 */
export function classifyJobDiff(diff: JobDiff, oldJob: Job, newJob: Job): JobDiff {
  const sameIndex = oldJob.JobModifyIndex === newJob.JobModifyIndex;
  return {
    ...diff,
    TaskGroups: diff.TaskGroups.map((g) => classifyGroup(g, oldJob, newJob, sameIndex)),
  };
}

function classifyGroup(g: TaskGroupDiff, oldJob: Job, newJob: Job, sameIndex: boolean): TaskGroupDiff {
  const fields = g.Fields.map(annotateCount);
  if (sameIndex) {
    const update: UpdateClass = {
      kind: 'ignore',
      reason: `the allocations' job has the same JobModifyIndex (${newJob.JobModifyIndex}), so they are left as they are`,
    };
    return {
      ...g,
      Fields: fields,
      Update: update,
      Tasks: g.Tasks.map((t) => ({ ...t, Update: { kind: 'ignore', reason: null } })),
    };
  }
  if (g.Type === 'Added' || g.Type === 'Deleted') {
    const kind: UpdateKind = g.Type === 'Added' ? 'create' : 'destroy';
    const annotation = kind === 'create' ? AnnotationForcesCreate : AnnotationForcesDestroy;
    const update: UpdateClass = {
      kind,
      reason: g.Type === 'Added' ? 'group added to the job' : 'group removed from the job',
    };
    const tasks = g.Tasks.map((t) => ({ ...t, Annotations: [annotation], Update: { kind, reason: null } }));
    return { ...g, Fields: fields, Update: update, Tasks: tasks };
  }

  // The engine compares the new job against the allocation's, in that order.
  const groupReason = tasksUpdatedReason(newJob, oldJob, g.Name);
  const update: UpdateClass =
    groupReason !== null
      ? { kind: 'destructive', reason: groupReason }
      : {
          kind: 'inplace',
          reason:
            g.Type === 'None' ? 'the group is unchanged, but the job is a new one (its JobModifyIndex differs)' : null,
        };
  return {
    ...g,
    Fields: fields,
    Update: update,
    Tasks: g.Tasks.map((t) => classifyTask(t, g.Name, groupReason, oldJob, newJob)),
  };
}

// classifyTask decides one task of a group present in both jobs: its own
// first destructive change if it has one, else its group's, else in place.
function classifyTask(t: TaskDiff, group: string, groupReason: string | null, oldJob: Job, newJob: Job): TaskDiff {
  if (t.Type === 'None') return { ...t, Update: { kind: 'none', reason: null } };
  let reason = groupReason;
  if (t.Type === 'Edited') {
    const tg = lookupTaskGroup(newJob, group);
    const task = tg && lookupTask(tg, t.Name);
    if (task) reason = taskUpdatedReason(newJob, oldJob, group, task) ?? groupReason;
  }
  if (reason !== null) {
    return { ...t, Annotations: [AnnotationForcesDestructiveUpdate], Update: { kind: 'destructive', reason } };
  }
  return { ...t, Annotations: [AnnotationForcesInplaceUpdate], Update: { kind: 'inplace', reason: null } };
}

// annotateCount notes on a changed Count whether it creates or destroys
// allocations, as upstream's annotateCountChange does.
function annotateCount(f: FieldDiff): FieldDiff {
  if (f.Name !== 'Count') return f;
  const oldV = f.Old === '' ? 0 : Number(f.Old);
  const newV = f.New === '' ? 0 : Number(f.New);
  if (oldV < newV) return { ...f, Annotations: [...f.Annotations, AnnotationForcesCreate] };
  if (newV < oldV) return { ...f, Annotations: [...f.Annotations, AnnotationForcesDestroy] };
  return f;
}

/** describeUpdate is the heading a group or task gets: what its change forces, and why. */
export function describeUpdate(u: UpdateClass): string {
  switch (u.kind) {
    case 'destructive':
      return `${AnnotationForcesDestructiveUpdate}: ${u.reason}`;
    case 'inplace':
      return u.reason === null ? 'in-place update' : `in-place update: ${u.reason}`;
    case 'create':
      return u.reason === null ? AnnotationForcesCreate : `${AnnotationForcesCreate}: ${u.reason}`;
    case 'destroy':
      return u.reason === null ? AnnotationForcesDestroy : `${AnnotationForcesDestroy}: ${u.reason}`;
    case 'ignore':
      return u.reason === null ? 'no update' : `no update: ${u.reason}`;
    case 'none':
      return 'no change';
  }
}
