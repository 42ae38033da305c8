// Upstream: hashicorp/nomad nomad/structs/diff.go at dccea99f7e
// (primitiveObjectDiff, primitiveObjectSetDiff, stringSetDiff, configDiff,
// checkHeaderDiff).
//
// The building blocks for diffing a block: a block of primitives, a set of
// such blocks, a set of strings, a block that holds other blocks, and a
// free-form map (a task's config, a check's headers).

import { jsonEqual } from '../engine/jsonEqual.ts';
import { type Obj, objects } from '../jobspec/canonical/values.ts';
import { compareFieldDiffs, fieldDiff, fieldDiffs, sortObjectDiffs } from './fields.ts';
import { fieldOf, flattenAll, setKey, textOf } from './flatten.ts';
import type { Flatten } from './schemas.ts';
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

/** structDiff is primitiveObjectDiff of two blocks flattened by their struct's flattener. */
export function structDiff(
  oldV: unknown,
  newV: unknown,
  flatten: Flatten,
  name: string,
  contextual: boolean,
): ObjectDiff | null {
  return primitiveObjectDiff(flatten(oldV), flatten(newV), name, contextual);
}

/**
 * primitiveObjectSetDiff diffs two lists of blocks as sets (constraints,
 * affinities, artifacts, templates, upstreams): a block is identified by
 * all of its content, so an edited block shows as the old one deleted and
 * the new one added, and order does not matter.
 */
export function primitiveObjectSetDiff(
  oldItems: unknown,
  newItems: unknown,
  flatten: Flatten,
  name: string,
  contextual: boolean,
): ObjectDiff[] {
  const asSet = (items: unknown) => new Map((Array.isArray(items) ? items : []).map((x) => [setKey(x), x] as const));
  const oldSet = asSet(oldItems);
  const newSet = asSet(newItems);
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

/** stringList is the strings of a list field (none when it is not a list). */
export function stringList(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/**
 * stringSetDiff diffs two lists of strings as sets (Datacenters, Tags,
 * Vault Policies): each string added or removed is a field named after the
 * list. Null when the sets are equal (and not contextual) or both empty.
 */
export function stringSetDiff(
  oldList: unknown,
  newList: unknown,
  name: string,
  contextual: boolean,
): ObjectDiff | null {
  const oldSet = new Set(stringList(oldList));
  const newSet = new Set(stringList(newList));
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

/** listFieldDiffs is stringSetDiff of each named list field of a block (Tags, Policies, MetaOptional…), named after the field. */
export function listFieldDiffs(
  oldV: unknown,
  newV: unknown,
  keys: readonly string[],
  contextual: boolean,
): ObjectDiff[] {
  const diffs: ObjectDiff[] = [];
  for (const key of keys) {
    const d = stringSetDiff(fieldOf(oldV, key), fieldOf(newV, key), key, contextual);
    if (d) diffs.push(d);
  }
  return diffs;
}

/**
 * blockDiff starts the diff of a block that holds other blocks (a service,
 * a check, Resources, a Network, Vault…): null when both sides are equal,
 * else added, deleted or edited by whether a side is absent, with its
 * primitive fields compared (always, or only where changed when
 * `fieldsInContext` is false). The caller appends the nested blocks' diffs.
 */
export function blockDiff(
  oldV: unknown,
  newV: unknown,
  name: string,
  flatten: Flatten,
  contextual: boolean,
  fieldsInContext = true,
): ObjectDiff | null {
  // As Go's DeepEqual of two pointers: an absent block differs from a
  // present one even when all its fields are zero.
  if (absent(oldV) && absent(newV)) return null;
  if (!absent(oldV) && !absent(newV) && jsonEqual(oldV, newV, true)) return null;
  const type: DiffType = absent(oldV) ? 'Added' : absent(newV) ? 'Deleted' : 'Edited';
  const fields = fieldDiffs(flatten(oldV), flatten(newV), contextual && fieldsInContext);
  return { Type: type, Name: name, Fields: fields, Objects: [] };
}

const absent = (v: unknown): boolean => v === null || v === undefined;

// size is how many entries a map field holds (0 when it is not a map).
function size(v: unknown): number {
  return typeof v === 'object' && v !== null ? Object.keys(v).length : 0;
}

/**
 * mapDiff diffs a free-form map, every value inside it however deeply
 * nested being a field ("args[0]", "port_map[0][http]"): a task's Config,
 * a proxy's Config, a check's Header. The block is added when the old map
 * was empty, deleted when the new one is.
 */
export function mapDiff(oldM: unknown, newM: unknown, name: string, contextual: boolean): ObjectDiff | null {
  if (jsonEqual(oldM, newM)) return null;
  const type: DiffType = size(oldM) === 0 ? 'Added' : size(newM) === 0 ? 'Deleted' : 'Edited';
  const flat = (m: unknown) => (typeof m === 'object' && m !== null ? flattenAll(m as Record<string, unknown>) : {});
  return { Type: type, Name: name, Fields: fieldDiffs(flat(oldM), flat(newM), contextual), Objects: [] };
}

/**
 * matchByKey matches two lists of blocks by one field (groups, tasks,
 * services and checks by Name, ports by Label; a later block with the same
 * key wins, as in a Go map) and diffs each pair, null standing for a
 * missing side: the old list's keys first, then those only in the new one.
 */
export function matchByKey<D>(
  oldList: unknown,
  newList: unknown,
  key: string,
  diff: (o: Obj | null, n: Obj | null) => D | null,
): D[] {
  const byKey = (list: unknown) => new Map(objects(list).map((x) => [textOf(x[key]), x] as const));
  const oldMap = byKey(oldList);
  const newMap = byKey(newList);
  const diffs: D[] = [];
  for (const [k, o] of oldMap) {
    const d = diff(o, newMap.get(k) ?? null);
    if (d !== null) diffs.push(d);
  }
  for (const [k, n] of newMap) {
    if (oldMap.has(k)) continue;
    const d = diff(null, n);
    if (d !== null) diffs.push(d);
  }
  return diffs;
}

/** keyedDiffs is matchByKey for blocks, sorted in upstream's order. */
export function keyedDiffs(
  oldList: unknown,
  newList: unknown,
  key: string,
  diff: (o: Obj | null, n: Obj | null) => ObjectDiff | null,
): ObjectDiff[] {
  return sortObjectDiffs(matchByKey(oldList, newList, key, diff));
}

/** byName orders group and task diffs by name. */
export function byName(a: { Name: string }, b: { Name: string }): number {
  return a.Name < b.Name ? -1 : a.Name > b.Name ? 1 : 0;
}
