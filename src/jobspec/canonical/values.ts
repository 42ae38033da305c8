// Small helpers for canonicalising a job held as plain JSON objects, where
// Go's nil pointer is a field that is absent or null.

import { API_FIELDS, type ApiObject } from './apiFields.ts';

/** Obj is one JSON object of a job being canonicalised (changed in place). */
export type Obj = Record<string, unknown>;

/** isObj reports whether a value is a JSON object (not null, not an array). */
export function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** isNil reports whether a field holds Go's nil: absent or null. */
export function isNil(v: unknown): v is null | undefined {
  return v === undefined || v === null;
}

/** fill sets `o[key]` to `value` when the field is nil, as each Canonicalize does field by field. */
export function fill(o: Obj, key: string, value: unknown): void {
  if (isNil(o[key])) o[key] = value;
}

/** fillAll fills every nil field of `o` from `defaults`. */
export function fillAll(o: Obj, defaults: Readonly<Obj>): void {
  for (const k of Object.keys(defaults)) fill(o, k, defaults[k]);
}

/** mergeOver copies the non-nil fields of `over` onto a copy of `base`, as the api package's Merge methods do. */
export function mergeOver(base: Readonly<Obj>, over: Readonly<Obj>): Obj {
  const merged: Obj = { ...base };
  for (const k of Object.keys(over)) if (!isNil(over[k])) merged[k] = over[k];
  return merged;
}

/** objects returns the objects of a list field (skipping anything else, which the reader reports); none when it is not a list. */
export function objects(v: unknown): Obj[] {
  return Array.isArray(v) ? v.filter(isObj) : [];
}

/** mapObjects maps the objects of a list field with `f`, leaving anything else (which the reader reports) as it is. */
export function mapObjects(list: readonly unknown[], f: (o: Obj) => unknown): unknown[] {
  return list.map((x: unknown) => (isObj(x) ? f(x) : x));
}

/**
 * inStoredOrder returns the object's fields in the order the stored type
 * declares them (the order `nomad job inspect` prints), then any others in
 * their own order.
 */
export function inStoredOrder(o: Obj, type: ApiObject): Obj {
  const out: Obj = {};
  for (const k of API_FIELDS[type].fields) if (o[k] !== undefined) out[k] = o[k];
  for (const k of Object.keys(o)) if (!(k in out) && o[k] !== undefined) out[k] = o[k];
  return out;
}

/** goPathBase is Go's path.Base: the last element of a slash-separated path, "." for "", "/" for only slashes. */
export function goPathBase(p: string): string {
  if (p === '') return '.';
  const trimmed = p.replace(/\/+$/, '');
  if (trimmed === '') return '/';
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

/** goJoinLocal is Go's filepath.Join("local", name) on Unix for a name path.Base returned (no slash in it but "/"). */
export function goJoinLocal(name: string): string {
  if (name === '.' || name === '/') return 'local';
  if (name === '..') return '.';
  return `local/${name}`;
}

/**
 * stringMeta turns the scalar values of a `meta` map into the strings
 * Nomad stores (a bool as "true" or "false", a number as written), as a
 * jobspec's values are converted into Go's map[string]string.
 */
export function stringMeta(o: Obj): void {
  const meta = o.Meta;
  if (!isObj(meta)) return;
  for (const k of Object.keys(meta)) {
    const v = meta[k];
    if (typeof v === 'boolean' || typeof v === 'number') meta[k] = String(v);
  }
}
