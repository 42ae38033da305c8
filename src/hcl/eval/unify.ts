// The type several values share, as cty's convert.UnifyUnsafe finds it
// (go-cty v1.8.0, the version jobspec2 v1.1.0 vendors): what `coalesce`
// converts its answer to. A value's type is the one its literal form
// implies; null is cty's dynamic type, which converts to anything.

import { type Type, type Value, isMap } from './value.ts';

/** impliedType is the type of a value, as a variable without a type constraint takes it from its default. */
export function impliedType(v: Value): Type {
  if (typeof v === 'string') return 'string';
  if (typeof v === 'number') return 'number';
  if (typeof v === 'boolean') return 'bool';
  if (Array.isArray(v)) return { tuple: v.map(impliedType) };
  if (isMap(v)) return { object: new Map([...v].map(([k, x]) => [k, impliedType(x)])) };
  return 'any';
}

/** unifyTypes is the one type all of `types` convert to, or null when there is none (no types at all, a number beside a bool, a string beside a list). */
export function unifyTypes(types: readonly Type[]): Type | null {
  if (types.length === 0) return null;
  const kinds = { map: 0, object: 0, tuple: 0, dynamic: 0 };
  for (const t of types) {
    if (t === 'any') kinds.dynamic++;
    else if (typeof t === 'object' && 'map' in t) kinds.map++;
    else if (typeof t === 'object' && 'object' in t) kinds.object++;
    else if (typeof t === 'object' && 'tuple' in t) kinds.tuple++;
  }
  // A structural kind beside a dynamic type may take any shape once known:
  // cty then converts nothing.
  const structural = (count: number) => count > 0 && count + kinds.dynamic === types.length;
  if (structural(kinds.map) || structural(kinds.object) || structural(kinds.tuple)) {
    if (kinds.dynamic > 0) return 'any';
    if (kinds.map > 0) return mapOf(types.map((t) => (t as { map: Type }).map));
    if (kinds.object > 0) return unifyObjects(types as { object: Map<string, Type> }[]);
    return unifyTuples(types as { tuple: Type[] }[]);
  }
  if (kinds.object > 0 && kinds.tuple > 0) return null;
  const known = types.filter((t) => t !== 'any');
  const first = known[0];
  if (first === undefined) return 'any';
  if (known.every((t) => sameType(t, first))) return first;
  // Among primitives only a string takes the others (a number or a bool
  // becomes its text); a number and a bool have no common type.
  if (known.every((t) => t === 'string' || t === 'number' || t === 'bool') && known.includes('string')) return 'string';
  return null;
}

function mapOf(elements: readonly Type[]): Type | null {
  const e = unifyTypes(elements);
  return e === null ? null : { map: e };
}

// unifyObjects keeps an object type when every object has the same
// attributes (each unified across them), and falls back to a map of every
// attribute's type otherwise.
function unifyObjects(types: readonly { object: Map<string, Type> }[]): Type | null {
  const first = (types[0] as { object: Map<string, Type> }).object;
  const sameNames = types.every((t) => t.object.size === first.size && [...t.object.keys()].every((k) => first.has(k)));
  if (!sameNames) return mapOf(types.flatMap((t) => [...t.object.values()]));
  const out = new Map<string, Type>();
  for (const name of first.keys()) {
    const u = unifyTypes(types.map((t) => t.object.get(name) as Type));
    if (u === null) return null;
    out.set(name, u);
  }
  return { object: out };
}

// unifyTuples keeps a tuple type when every tuple has the same length
// (each element unified across them), and falls back to a list otherwise.
function unifyTuples(types: readonly { tuple: Type[] }[]): Type | null {
  const length = (types[0] as { tuple: Type[] }).tuple.length;
  if (types.some((t) => t.tuple.length !== length)) {
    const e = unifyTypes(types.flatMap((t) => t.tuple));
    return e === null ? null : { list: e };
  }
  const out: Type[] = [];
  for (let i = 0; i < length; i++) {
    const u = unifyTypes(types.map((t) => t.tuple[i] as Type));
    if (u === null) return null;
    out.push(u);
  }
  return { tuple: out };
}

// sameType compares two types by their written form, attributes in name order.
function sameType(a: Type, b: Type): boolean {
  const key = (t: Type) =>
    JSON.stringify(t, (_, v: unknown) => (v instanceof Map ? [...v].sort(([x], [y]) => (x < y ? -1 : 1)) : v));
  return key(a) === key(b);
}
