// Upstream: hashicorp/nomad nomad/structs/diff.go at dccea99f7e (Task.Diff,
// taskDiffs, vaultDiff).
//
// One task's changes: its own fields (driver, user, kill timeout, meta, env),
// then its blocks in upstream's order: affinities, config, resources,
// artifacts, vault, templates.

import type { JsonValue, Task } from '../engine/structs.ts';
import { jsonEqual } from '../engine/util.ts';
import { flatAffinity, flatArtifact, flatTemplate, flatVault } from './blocks.ts';
import { fieldDiffs } from './fields.ts';
import { goText, mapFields } from './flatten.ts';
import { blockDiff, configDiff, primitiveObjectSetDiff, stringSetDiff } from './objects.ts';
import { resourcesDiff } from './resources.ts';
import type { DiffType, Flat, ObjectDiff, TaskDiff } from './types.ts';

// flatTask is a task's own primitive fields (upstream filters Name and Config).
function flatTask(t: Task): Flat {
  return {
    Driver: t.Driver,
    User: t.User,
    KillTimeout: goText(t.KillTimeout),
    ...mapFields('Meta', t.Meta),
    ...mapFields('Env', t.Env),
  };
}

/** taskDiff diffs one task between two versions; null on one side means the task was added or removed. */
export function taskDiff(oldT: Task | null, newT: Task | null, contextual: boolean): TaskDiff {
  const named = newT ?? oldT;
  let type: DiffType = 'None';
  if (named === null) return { Type: type, Name: '', Fields: [], Objects: [], Annotations: [], Update: null };
  if (oldT === null) type = 'Added';
  else if (newT === null) type = 'Deleted';
  else if (!jsonEqual(oldT, newT)) type = 'Edited';

  const objects: ObjectDiff[] = [];
  objects.push(...primitiveObjectSetDiff(oldT?.Affinities, newT?.Affinities, flatAffinity, 'Affinity', contextual));
  const config = configDiff(oldT?.Config, newT?.Config, contextual);
  if (config) objects.push(config);
  const resources = resourcesDiff(oldT?.Resources ?? null, newT?.Resources ?? null, contextual);
  if (resources) objects.push(resources);
  objects.push(...primitiveObjectSetDiff(oldT?.Artifacts, newT?.Artifacts, flatArtifact, 'Artifact', contextual));
  const vault = vaultDiff(oldT?.Vault ?? null, newT?.Vault ?? null, contextual);
  if (vault) objects.push(vault);
  objects.push(...primitiveObjectSetDiff(oldT?.Templates, newT?.Templates, flatTemplate, 'Template', contextual));

  return {
    Type: type,
    Name: named.Name,
    // A task's own fields are listed only where they changed, even in context.
    Fields: fieldDiffs(oldT && flatTask(oldT), newT && flatTask(newT), false),
    Objects: objects,
    Annotations: [],
    Update: null,
  };
}

// policies is a vault block's list of policies.
function policies(v: JsonValue): string[] {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return [];
  const p = v.Policies;
  return Array.isArray(p) ? p.filter((x): x is string => typeof x === 'string') : [];
}

/** vaultDiff diffs a task's vault block: its fields, then its policies as a set. */
export function vaultDiff(oldV: JsonValue, newV: JsonValue, contextual: boolean): ObjectDiff | null {
  const diff = blockDiff(oldV, newV, 'Vault', flatVault, contextual);
  if (diff === null) return null;
  const p = stringSetDiff(policies(oldV), policies(newV), 'Policies', contextual);
  if (p) diff.Objects.push(p);
  return diff;
}

/** taskDiffs diffs two versions of a group's tasks, matched by name, sorted by name. */
export function taskDiffs(oldTasks: readonly Task[], newTasks: readonly Task[], contextual: boolean): TaskDiff[] {
  const oldByName = new Map(oldTasks.map((t) => [t.Name, t] as const));
  const newByName = new Map(newTasks.map((t) => [t.Name, t] as const));
  const diffs: TaskDiff[] = [];
  for (const [name, t] of oldByName) diffs.push(taskDiff(t, newByName.get(name) ?? null, contextual));
  for (const [name, t] of newByName) if (!oldByName.has(name)) diffs.push(taskDiff(null, t, contextual));
  return diffs.sort((a, b) => (a.Name < b.Name ? -1 : a.Name > b.Name ? 1 : 0));
}
