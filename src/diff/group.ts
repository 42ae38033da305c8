// Upstream: hashicorp/nomad nomad/structs/diff.go at dccea99f7e
// (TaskGroup.Diff, taskGroupDiffs).
//
// One group's changes: its own fields (count, meta, shutdown delay, stop
// after client disconnect), its blocks in upstream's order (constraints,
// affinities, restart policy, reschedule policy, ephemeral disk, update
// strategy, networks, services), then its tasks. Like upstream at that
// commit, a group's migrate strategy, spreads, volumes and scaling policy
// are not diffed: a change there marks the group edited and shows no line.

import { jsonEqual } from '../engine/jsonEqual.ts';
import type { Obj } from '../jobspec/canonical/values.ts';
import { fieldDiffs } from './fields.ts';
import { goText, textOf } from './flatten.ts';
import { byName, matchByKey, primitiveObjectSetDiff, structDiff } from './objects.ts';
import { networkResourceDiffs } from './resources.ts';
import { flat } from './schemas.ts';
import { serviceDiffs } from './services.ts';
import { taskDiffs } from './task.ts';
import type { DiffType, Flat, ObjectDiff, TaskGroupDiff } from './types.ts';

// Upstream adds the group's two pointer durations only when both sides
// exist: "" when unset, else the nanoseconds.
const POINTER_DURATIONS = ['ShutdownDelay', 'StopAfterClientDisconnect'] as const;

// durationText is a pointer duration's text: "" when unset.
function durationText(v: unknown): string {
  return typeof v === 'number' ? goText(v) : '';
}

/** taskGroupDiff diffs one group between two versions; null on one side means the group was added or removed. */
export function taskGroupDiff(oldG: Obj | null, newG: Obj | null, contextual: boolean): TaskGroupDiff {
  const named = newG ?? oldG;
  if (named === null) return { Type: 'None', Name: '', Fields: [], Objects: [], Tasks: [], Update: null };
  let type: DiffType = 'None';
  if (oldG === null) type = 'Added';
  else if (newG === null) type = 'Deleted';
  else if (!jsonEqual(oldG, newG)) type = 'Edited';

  const oldFlat: Flat | null = flat.TaskGroup(oldG);
  const newFlat: Flat | null = flat.TaskGroup(newG);
  if (oldFlat && newFlat) {
    for (const k of POINTER_DURATIONS) {
      oldFlat[k] = durationText(oldG?.[k]);
      newFlat[k] = durationText(newG?.[k]);
    }
  }

  const o = (key: string) => oldG?.[key];
  const n = (key: string) => newG?.[key];
  const objects: ObjectDiff[] = [];
  const push = (d: ObjectDiff | null) => d && objects.push(d);
  objects.push(
    ...primitiveObjectSetDiff(o('Constraints'), n('Constraints'), flat.Constraint, 'Constraint', contextual),
  );
  objects.push(...primitiveObjectSetDiff(o('Affinities'), n('Affinities'), flat.Affinity, 'Affinity', contextual));
  push(structDiff(o('RestartPolicy'), n('RestartPolicy'), flat.RestartPolicy, 'RestartPolicy', contextual));
  push(structDiff(o('ReschedulePolicy'), n('ReschedulePolicy'), flat.ReschedulePolicy, 'ReschedulePolicy', contextual));
  push(structDiff(o('EphemeralDisk'), n('EphemeralDisk'), flat.EphemeralDisk, 'EphemeralDisk', contextual));
  push(structDiff(o('Update'), n('Update'), flat.UpdateStrategy, 'Update', contextual));
  objects.push(...networkResourceDiffs(o('Networks'), n('Networks'), contextual));
  objects.push(...serviceDiffs(o('Services'), n('Services'), contextual));

  return {
    Type: type,
    Name: textOf(named.Name),
    // A group's own fields are listed only where they changed, even in context.
    Fields: fieldDiffs(oldFlat, newFlat, false),
    Objects: objects,
    Tasks: taskDiffs(o('Tasks'), n('Tasks'), contextual),
    Update: null,
  };
}

/** taskGroupDiffs diffs two versions of a job's groups, matched by name, sorted by name. */
export function taskGroupDiffs(oldGroups: unknown, newGroups: unknown, contextual: boolean): TaskGroupDiff[] {
  return matchByKey(oldGroups, newGroups, 'Name', (o, n) => taskGroupDiff(o, n, contextual)).sort(byName);
}
