// Upstream: hashicorp/nomad helper/flatmap at dccea99f7e, as diff.go uses it.
//
// A diff compares flattened values: every primitive reachable from a value,
// keyed by its path ("Meta[owner]", "args[1]", "port_map[0][http]") and
// written as Go's %v writes it. Upstream walks Go structs by reflection; here
// each struct has its list of fields (schemas.ts) and the job is plain JSON.

import { isObj } from '../jobspec/canonical/values.ts';
import type { Flat } from './types.ts';

/**
 * goText writes a primitive as Go's %v does for the types the model holds:
 * strings as they are, booleans as true/false, numbers in decimal. (Go would
 * print a large float from JSON config as 1e+06; integers here stay whole.)
 */
export function goText(v: string | number | boolean): string {
  return typeof v === 'string' ? v : String(v);
}

function isPrimitive(v: unknown): v is string | number | boolean {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
}

// emptyFlat is a Flat without a prototype, so that a document's key named
// "__proto__" is stored as a field like any other.
const emptyFlat = (): Flat => Object.create(null) as Flat;

/** mapFields flattens a string map the way a struct's map field flattens: `Name[key]` for each entry. */
export function mapFields(name: string, map: Readonly<Record<string, unknown>> | null | undefined): Flat {
  const out = emptyFlat();
  for (const [k, v] of Object.entries(map ?? {})) {
    if (isPrimitive(v)) out[`${name}[${k}]`] = goText(v);
  }
  return out;
}

/** StructSchema names the fields of a Go struct that a block of plain JSON stands for, with their zero values. */
export interface StructSchema {
  /** fields maps each primitive field to the text of its zero value ("", "0", "false"). */
  fields: Readonly<Flat>;
  /** maps names the fields that are string maps (flattened as `Name[key]`). */
  maps: readonly string[];
}

/**
 * flattenStruct flattens a block the model keeps as plain JSON as upstream
 * flattens the Go struct behind it with primitiveOnly set: each primitive
 * field of the struct by name (at its zero value when the block leaves it
 * out, as a Go struct would hold it), each map field as `Name[key]`; nested
 * lists and blocks, and fields the struct did not have at that commit, are
 * left out. A value that is not an object (the block is absent) gives null.
 */
export function flattenStruct(v: unknown, schema: StructSchema): Flat | null {
  if (!isObj(v)) return null;
  const out = emptyFlat();
  for (const [k, zero] of Object.entries(schema.fields)) {
    const field = v[k];
    out[k] = isPrimitive(field) ? goText(field) : zero;
  }
  for (const k of schema.maps) {
    const field = v[k];
    if (isObj(field)) Object.assign(out, mapFields(k, field));
  }
  return out;
}

/**
 * flattenAll flattens every value inside a task's config (upstream's
 * Flatten with primitiveOnly unset): a top-level key by its name, a nested
 * map key as `[key]`, a list element as `[i]`, and null as "nil". It walks
 * with a stack, so deeply nested config cannot overflow the call stack.
 */
export function flattenAll(config: Readonly<Record<string, unknown>> | null | undefined): Flat {
  const out = emptyFlat();
  const stack: [string, unknown][] = Object.entries(config ?? {}).reverse();
  while (stack.length > 0) {
    const [path, v] = stack.pop()!;
    if (v === null || v === undefined) out[path] = 'nil';
    else if (isPrimitive(v)) out[path] = goText(v);
    else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([`${path}[${i}]`, v[i]]);
    } else if (isObj(v)) {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) stack.push([`${path}[${entries[i]![0]}]`, entries[i]![1]]);
    }
  }
  return out;
}

/**
 * setKey is the identity of a block inside a set-like list (upstream hashes
 * the whole Go struct): its JSON with keys sorted and empty values ("", 0,
 * false, null, empty lists and maps) left out, since in Go a field left out
 * and a field at its zero value are the same struct.
 */
export function setKey(v: unknown): string {
  return JSON.stringify(canonical(v)) ?? '';
}

function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (!isObj(v)) return v;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v).sort()) {
    const c = canonical(v[k]);
    if (isZero(c)) continue;
    out[k] = c;
  }
  return out;
}

function isZero(v: unknown): boolean {
  if (v === null || v === undefined || v === '' || v === 0 || v === false) return true;
  if (Array.isArray(v)) return v.length === 0;
  return isObj(v) && Object.keys(v).length === 0;
}

/** fieldOf reads one field of a block that may be absent (undefined when it is, or is not an object). */
export function fieldOf(v: unknown, key: string): unknown {
  return isObj(v) ? v[key] : undefined;
}

/** textOf is a name or key field's text: a primitive as %v writes it, anything else (absent) "". */
export function textOf(v: unknown): string {
  return isPrimitive(v) ? goText(v) : '';
}
