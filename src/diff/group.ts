// Upstream: hashicorp/nomad nomad/structs/diff.go at dccea99f7e
// (TaskGroup.Diff, taskGroupDiffs).
//
// One group's changes: its own fields (count, meta, stop after client
// disconnect), its blocks in upstream's order (constraints, affinities,
// reschedule policy, ephemeral disk, update strategy, networks), then its
// tasks. Like upstream at that commit, a group's migrate strategy and spreads
// are not diffed: a change there marks the group edited and shows no line.

import type { EphemeralDisk, ReschedulePolicy, TaskGroup, UpdateStrategy } from '../engine/structs.ts';
import { jsonEqual } from '../engine/util.ts';
import { flatAffinity, flatConstraint } from './blocks.ts';
import { fieldDiffs } from './fields.ts';
import { goText, mapFields } from './flatten.ts';
import { primitiveObjectDiff, primitiveObjectSetDiff } from './objects.ts';
import { networkResourceDiffs } from './resources.ts';
import { taskDiffs } from './task.ts';
import type { DiffType, Flat, ObjectDiff, TaskGroupDiff } from './types.ts';

const flatReschedule = (p: ReschedulePolicy | null): Flat | null =>
  p && {
    Attempts: goText(p.Attempts),
    Interval: goText(p.Interval),
    Delay: goText(p.Delay),
    DelayFunction: p.DelayFunction,
    MaxDelay: goText(p.MaxDelay),
    Unlimited: goText(p.Unlimited),
  };

const flatDisk = (d: EphemeralDisk | null): Flat | null =>
  d && { Sticky: goText(d.Sticky), SizeMB: goText(d.SizeMB), Migrate: goText(d.Migrate) };

// Upstream filters Stagger out of the update block's diff.
const flatUpdate = (u: UpdateStrategy | null): Flat | null =>
  u && {
    MaxParallel: goText(u.MaxParallel),
    HealthCheck: u.HealthCheck,
    MinHealthyTime: goText(u.MinHealthyTime),
    HealthyDeadline: goText(u.HealthyDeadline),
    ProgressDeadline: goText(u.ProgressDeadline),
    AutoRevert: goText(u.AutoRevert),
    AutoPromote: goText(u.AutoPromote),
    Canary: goText(u.Canary),
  };

// flatGroup is a group's own primitive fields (upstream filters Name).
function flatGroup(tg: TaskGroup): Flat {
  return { Count: goText(tg.Count), ...mapFields('Meta', tg.Meta) };
}

/** taskGroupDiff diffs one group between two versions; null on one side means the group was added or removed. */
export function taskGroupDiff(oldG: TaskGroup | null, newG: TaskGroup | null, contextual: boolean): TaskGroupDiff {
  const named = newG ?? oldG;
  if (named === null) return { Type: 'None', Name: '', Fields: [], Objects: [], Tasks: [], Update: null };
  let type: DiffType = 'None';
  if (oldG === null) type = 'Added';
  else if (newG === null) type = 'Deleted';
  else if (!jsonEqual(oldG, newG)) type = 'Edited';

  const oldFlat = oldG && flatGroup(oldG);
  const newFlat = newG && flatGroup(newG);
  // Upstream adds the pointer field StopAfterClientDisconnect only when both
  // sides exist: "" when unset, else its nanoseconds.
  if (oldFlat && newFlat) {
    oldFlat.StopAfterClientDisconnect =
      oldG.StopAfterClientDisconnect === null ? '' : goText(oldG.StopAfterClientDisconnect);
    newFlat.StopAfterClientDisconnect =
      newG.StopAfterClientDisconnect === null ? '' : goText(newG.StopAfterClientDisconnect);
  }

  const objects: ObjectDiff[] = [];
  const push = (d: ObjectDiff | null) => d && objects.push(d);
  objects.push(
    ...primitiveObjectSetDiff(oldG?.Constraints, newG?.Constraints, flatConstraint, 'Constraint', contextual),
  );
  objects.push(...primitiveObjectSetDiff(oldG?.Affinities, newG?.Affinities, flatAffinity, 'Affinity', contextual));
  push(
    primitiveObjectDiff(
      flatReschedule(oldG?.ReschedulePolicy ?? null),
      flatReschedule(newG?.ReschedulePolicy ?? null),
      'ReschedulePolicy',
      contextual,
    ),
  );
  push(
    primitiveObjectDiff(
      flatDisk(oldG?.EphemeralDisk ?? null),
      flatDisk(newG?.EphemeralDisk ?? null),
      'EphemeralDisk',
      contextual,
    ),
  );
  push(primitiveObjectDiff(flatUpdate(oldG?.Update ?? null), flatUpdate(newG?.Update ?? null), 'Update', contextual));
  objects.push(...networkResourceDiffs(oldG?.Networks, newG?.Networks, contextual));

  return {
    Type: type,
    Name: named.Name,
    // A group's own fields are listed only where they changed, even in context.
    Fields: fieldDiffs(oldFlat, newFlat, false),
    Objects: objects,
    Tasks: taskDiffs(oldG?.Tasks ?? [], newG?.Tasks ?? [], contextual),
    Update: null,
  };
}

/** taskGroupDiffs diffs two versions of a job's groups, matched by name, sorted by name. */
export function taskGroupDiffs(
  oldGroups: readonly TaskGroup[],
  newGroups: readonly TaskGroup[],
  contextual: boolean,
): TaskGroupDiff[] {
  const oldByName = new Map(oldGroups.map((g) => [g.Name, g] as const));
  const newByName = new Map(newGroups.map((g) => [g.Name, g] as const));
  const diffs: TaskGroupDiff[] = [];
  for (const [name, g] of oldByName) diffs.push(taskGroupDiff(g, newByName.get(name) ?? null, contextual));
  for (const [name, g] of newByName) if (!oldByName.has(name)) diffs.push(taskGroupDiff(null, g, contextual));
  return diffs.sort((a, b) => (a.Name < b.Name ? -1 : a.Name > b.Name ? 1 : 0));
}
