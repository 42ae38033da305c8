// Upstream: hashicorp/nomad nomad/structs/diff.go at dccea99f7e.
//
// The shapes of a job diff, named as upstream names them (JobDiff,
// TaskGroupDiff, TaskDiff, ObjectDiff, FieldDiff), so that what the worker
// sends can be read beside the Diff of `nomad job plan`'s API response. One
// addition of ours: each group and task diff carries the update it forces
// (`Update`), decided by the engine's tasksUpdated rather than upstream's
// annotator.

/** DiffType says what happened to a field or block between two job versions. */
export type DiffType = 'None' | 'Added' | 'Deleted' | 'Edited';

/** FieldDiff is one primitive value: its dotted or indexed name, and its old and new text ("" when absent). */
export interface FieldDiff {
  Type: DiffType;
  Name: string;
  Old: string;
  New: string;
  /** Annotations are notes the plan prints after the value, e.g. "forces create" on Count. */
  Annotations: string[];
}

/** ObjectDiff is a block (Resources, Config, a Network, a Constraint…) with its changed fields and blocks. */
export interface ObjectDiff {
  Type: DiffType;
  Name: string;
  Fields: FieldDiff[];
  Objects: ObjectDiff[];
}

/**
 * UpdateKind is what becomes of a group's or a task's allocations:
 * create and destroy for a group (or a task of a group) that was added or
 * removed; destructive when tasksUpdated sees a change a running allocation
 * cannot take; inplace when it does not; ignore when the allocations already
 * run a job with the same JobModifyIndex (the scheduler leaves them alone
 * whatever the diff shows); none for a task with nothing changed.
 */
export type UpdateKind = 'create' | 'destroy' | 'destructive' | 'inplace' | 'ignore' | 'none';

/** UpdateClass is an UpdateKind with the reason behind it (tasksUpdated's words for destructive). */
export interface UpdateClass {
  kind: UpdateKind;
  reason: string | null;
}

/** TaskDiff is one task's changes; Annotations are the plan's "(forces …)" notes. */
export interface TaskDiff {
  Type: DiffType;
  Name: string;
  Fields: FieldDiff[];
  Objects: ObjectDiff[];
  Annotations: string[];
  /** Update is the update this task's change forces; set by classifyJobDiff. */
  Update: UpdateClass | null;
}

/** TaskGroupDiff is one group's changes, its tasks' diffs sorted by name. */
export interface TaskGroupDiff {
  Type: DiffType;
  Name: string;
  Fields: FieldDiff[];
  Objects: ObjectDiff[];
  Tasks: TaskDiff[];
  /** Update is the update this group's allocations get; set by classifyJobDiff. */
  Update: UpdateClass | null;
}

/** JobDiff is the whole difference between two versions of a job, groups sorted by name. */
export interface JobDiff {
  Type: DiffType;
  ID: string;
  Fields: FieldDiff[];
  Objects: ObjectDiff[];
  TaskGroups: TaskGroupDiff[];
}

/** Flat is a flattened value: field path to its text, as upstream's flatmap gives it. */
export type Flat = Record<string, string>;
