// Upstream: hashicorp/nomad nomad/structs/diff.go at dccea99f7e (Task.Diff,
// taskDiffs, vaultDiff).
//
// One task's changes: its own fields (driver, user, kill timeout and
// signal, leader, shutdown delay, kind, meta, env), then its blocks in
// upstream's order: constraints, affinities, config, resources, log config,
// dispatch payload, artifacts, services, vault, templates. Like upstream at
// that commit, a task's lifecycle, volume mounts, restart policy and CSI
// plugin block are not diffed: a change there marks the task edited and
// shows no line.

import { jsonEqual } from '../engine/jsonEqual.ts';
import type { Obj } from '../jobspec/canonical/values.ts';
import { fieldDiffs } from './fields.ts';
import { textOf } from './flatten.ts';
import {
  blockDiff,
  byName,
  listFieldDiffs,
  mapDiff,
  matchByKey,
  primitiveObjectSetDiff,
  structDiff,
} from './objects.ts';
import { resourcesDiff } from './resources.ts';
import { flat } from './schemas.ts';
import { serviceDiffs } from './services.ts';
import type { DiffType, ObjectDiff, TaskDiff } from './types.ts';

/** taskDiff diffs one task between two versions; null on one side means the task was added or removed. */
export function taskDiff(oldT: Obj | null, newT: Obj | null, contextual: boolean): TaskDiff {
  const named = newT ?? oldT;
  let type: DiffType = 'None';
  if (named === null) return { Type: type, Name: '', Fields: [], Objects: [], Annotations: [], Update: null };
  if (oldT === null) type = 'Added';
  else if (newT === null) type = 'Deleted';
  else if (!jsonEqual(oldT, newT)) type = 'Edited';

  const o = (key: string) => oldT?.[key];
  const n = (key: string) => newT?.[key];
  const objects: ObjectDiff[] = [];
  const push = (d: ObjectDiff | null) => d && objects.push(d);
  objects.push(
    ...primitiveObjectSetDiff(o('Constraints'), n('Constraints'), flat.Constraint, 'Constraint', contextual),
  );
  objects.push(...primitiveObjectSetDiff(o('Affinities'), n('Affinities'), flat.Affinity, 'Affinity', contextual));
  push(mapDiff(o('Config'), n('Config'), 'Config', contextual));
  push(resourcesDiff(o('Resources'), n('Resources'), contextual));
  push(structDiff(o('LogConfig'), n('LogConfig'), flat.LogConfig, 'LogConfig', contextual));
  push(structDiff(o('DispatchPayload'), n('DispatchPayload'), flat.DispatchPayload, 'DispatchPayload', contextual));
  objects.push(...primitiveObjectSetDiff(o('Artifacts'), n('Artifacts'), flat.Artifact, 'Artifact', contextual));
  objects.push(...serviceDiffs(o('Services'), n('Services'), contextual));
  push(vaultDiff(o('Vault'), n('Vault'), contextual));
  objects.push(...primitiveObjectSetDiff(o('Templates'), n('Templates'), flat.Template, 'Template', contextual));

  return {
    Type: type,
    Name: textOf(named.Name),
    // A task's own fields are listed only where they changed, even in context.
    Fields: fieldDiffs(flat.Task(oldT), flat.Task(newT), false),
    Objects: objects,
    Annotations: [],
    Update: null,
  };
}

/** vaultDiff diffs a task's vault block: its fields, then its policies as a set. */
export function vaultDiff(oldV: unknown, newV: unknown, contextual: boolean): ObjectDiff | null {
  const diff = blockDiff(oldV, newV, 'Vault', flat.Vault, contextual);
  if (diff === null) return null;
  diff.Objects.push(...listFieldDiffs(oldV, newV, ['Policies'], contextual));
  return diff;
}

/** taskDiffs diffs two versions of a group's tasks, matched by name, sorted by name. */
export function taskDiffs(oldTasks: unknown, newTasks: unknown, contextual: boolean): TaskDiff[] {
  return matchByKey(oldTasks, newTasks, 'Name', (o, n) => taskDiff(o, n, contextual)).sort(byName);
}
