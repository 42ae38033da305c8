// Upstream: hashicorp/nomad nomad/structs/diff.go at dccea99f7e
// (primitiveObjectDiff, primitiveObjectSetDiff, stringSetDiff, configDiff).
//
// The building blocks for diffing a block: a block of primitives, a set of
// such blocks, a set of strings, and a task's free-form config.

import { jsonEqual } from '../engine/util.ts';
import { compareFieldDiffs, fieldDiff, fieldDiffs, sortObjectDiffs } from './fields.ts';
import { flattenAll, setKey } from './flatten.ts';
import type { DiffType, FieldDiff, Flat, ObjectDiff } from './types.ts';

/**
 * primitiveObjectDiff diffs a block made only of primitives (a policy, a
 * port, a constraint), given flattened (null: the block is absent). The
 * block's type follows from its fields: edited if any field was edited or
 * some were added and others removed, else added or deleted; null if
 * nothing changed.
 */
export function primitiveObjectDiff(
  oldFlat: Flat | null,
  newFlat: Flat | null,
  name: string,
  contextual: boolean,
): ObjectDiff | null {
  const fields = fieldDiffs(oldFlat, newFlat, contextual);
  const has = (t: DiffType) => fields.some((f) => f.Type === t);
  let type: DiffType;
  if (has('Edited') || (has('Added') && has('Deleted'))) type = 'Edited';
  else if (has('Added')) type = 'Added';
  else if (has('Deleted')) type = 'Deleted';
  else return null;
  return { Type: type, Name: name, Fields: fields, Objects: [] };
}

/**
 * primitiveObjectSetDiff diffs two lists of blocks as sets (constraints,
 * affinities, artifacts, templates): a block is identified by all of its
 * content, so an edited block shows as the old one deleted and the new one
 * added, and order does not matter.
 */
export function primitiveObjectSetDiff<T>(
  oldItems: readonly T[] | null | undefined,
  newItems: readonly T[] | null | undefined,
  flatten: (item: T) => Flat | null,
  name: string,
  contextual: boolean,
): ObjectDiff[] {
  const oldSet = new Map((oldItems ?? []).map((x) => [setKey(x), x] as const));
  const newSet = new Map((newItems ?? []).map((x) => [setKey(x), x] as const));
  const diffs: ObjectDiff[] = [];
  for (const [k, v] of oldSet) {
    if (newSet.has(k)) continue;
    const d = primitiveObjectDiff(flatten(v), null, name, contextual);
    if (d) diffs.push(d);
  }
  for (const [k, v] of newSet) {
    if (oldSet.has(k)) continue;
    const d = primitiveObjectDiff(null, flatten(v), name, contextual);
    if (d) diffs.push(d);
  }
  return sortObjectDiffs(diffs);
}

/**
 * stringSetDiff diffs two lists of strings as sets (Datacenters, Vault
 * Policies): each string added or removed is a field named after the list.
 * Null when the sets are equal (and not contextual).
 */
export function stringSetDiff(
  oldList: readonly string[] | null | undefined,
  newList: readonly string[] | null | undefined,
  name: string,
  contextual: boolean,
): ObjectDiff | null {
  const oldSet = new Set(oldList ?? []);
  const newSet = new Set(newList ?? []);
  const same = oldSet.size === newSet.size && [...oldSet].every((s) => newSet.has(s));
  if (same && !contextual) return null;

  const fields: FieldDiff[] = [];
  let added = false;
  let removed = false;
  for (const s of oldSet) {
    if (!newSet.has(s)) {
      fields.push(fieldDiff(s, '', name, contextual)!);
      removed = true;
    } else if (contextual) {
      fields.push(fieldDiff(s, s, name, contextual)!);
    }
  }
  for (const s of newSet) {
    if (oldSet.has(s)) continue;
    fields.push(fieldDiff('', s, name, contextual)!);
    added = true;
  }
  fields.sort(compareFieldDiffs);

  let type: DiffType;
  if (added && removed) type = 'Edited';
  else if (added) type = 'Added';
  else if (removed) type = 'Deleted';
  else if (fields.length === 0) return null;
  else type = 'None';
  return { Type: type, Name: name, Fields: fields, Objects: [] };
}

/**
 * blockDiff starts the diff of a block that holds other blocks (Resources,
 * a Network, a Device, Vault): null when both sides are equal, else added,
 * deleted or edited by whether a side is absent, with its primitive fields
 * compared. The caller appends the nested blocks' diffs.
 */
export function blockDiff<T>(
  oldV: T | null,
  newV: T | null,
  name: string,
  flatten: (v: T) => Flat | null,
  contextual: boolean,
): ObjectDiff | null {
  if (jsonEqual(oldV, newV, true)) return null;
  const type: DiffType = oldV === null ? 'Added' : newV === null ? 'Deleted' : 'Edited';
  const fields = fieldDiffs(oldV === null ? null : flatten(oldV), newV === null ? null : flatten(newV), contextual);
  return { Type: type, Name: name, Fields: fields, Objects: [] };
}

/**
 * configDiff diffs a task's driver config: every value inside it, however
 * deeply nested, is a field ("args[0]", "port_map[0][http]"). The block is
 * added when the old config was empty, deleted when the new one is.
 */
export function configDiff(
  oldC: Readonly<Record<string, unknown>> | null | undefined,
  newC: Readonly<Record<string, unknown>> | null | undefined,
  contextual: boolean,
): ObjectDiff | null {
  if (jsonEqual(oldC, newC)) return null;
  const type: DiffType =
    Object.keys(oldC ?? {}).length === 0 ? 'Added' : Object.keys(newC ?? {}).length === 0 ? 'Deleted' : 'Edited';
  return {
    Type: type,
    Name: 'Config',
    Fields: fieldDiffs(flattenAll(oldC), flattenAll(newC), contextual),
    Objects: [],
  };
}
