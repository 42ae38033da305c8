// HCL's values (cty's, as far as a jobspec needs them): null, bools,
// numbers, strings, sequences (tuples, lists and sets, as arrays) and
// objects and maps (as Maps). Type constraints (`list(string)`) and the
// conversions between values that HCL applies when a value must have a type,
// with cty's words when it cannot.

/** Value is an HCL value. */
export type Value = null | boolean | number | string | Value[] | ValueMap;

/** ValueMap is an object or map value; its keys iterate in lexical order where HCL defines an order (use sortedKeys). */
export type ValueMap = Map<string, Value>;

/** Type is an HCL type constraint. */
export type Type =
  | 'string'
  | 'number'
  | 'bool'
  | 'any'
  | { list: Type }
  | { set: Type }
  | { map: Type }
  | { object: Map<string, Type> }
  | { tuple: Type[] };

/** ConversionError is a value that cannot take a type, in cty's words ("a number is required"). */
export class ConversionError extends Error {}

/** isMap tells whether a value is an object or map. */
export function isMap(v: Value): v is ValueMap {
  return v instanceof Map;
}

/** sortedKeys are an object's keys in lexical order, the order HCL iterates them in. */
export function sortedKeys(m: ValueMap): string[] {
  return [...m.keys()].sort(compareStrings);
}

/** compareStrings orders strings by code unit, as Go compares strings of ASCII text. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** typeOfValue names a value's type as HCL's messages do (string, number, bool, tuple, object, null). */
export function typeOfValue(v: Value): string {
  if (v === null) return 'null';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number') return 'number';
  if (typeof v === 'string') return 'string';
  if (Array.isArray(v)) return 'tuple';
  return 'object';
}

/** typeName is a type constraint's friendly name, as cty writes it in "… required". */
export function typeName(t: Type): string {
  if (typeof t === 'string') return t === 'any' ? 'any value' : t;
  if ('list' in t) return `list of ${typeName(t.list)}`;
  if ('set' in t) return `set of ${typeName(t.set)}`;
  if ('map' in t) return `map of ${typeName(t.map)}`;
  if ('object' in t) return 'object';
  return 'tuple';
}

/** formatNumber writes a number as cty does: no exponent, the shortest exact form; an infinity (pow's overflow, a division by zero) as Go's big.Float writes it. */
export function formatNumber(n: number): string {
  if (n === Infinity) return '+Inf';
  if (n === -Infinity) return '-Inf';
  if (Number.isInteger(n) && Math.abs(n) >= 1e21) return BigInt(n).toString();
  const s = String(n);
  if (!/e/.test(s)) return s;
  // Small magnitudes: write out the zeros.
  const [mantissa, exp] = s.split('e') as [string, string];
  const e = Number(exp);
  const negative = mantissa.startsWith('-');
  const digits = mantissa.replace('-', '').replace('.', '');
  const point = mantissa.replace('-', '').indexOf('.');
  const intLen = (point === -1 ? digits.length : point) + e;
  const out = intLen <= 0 ? `0.${'0'.repeat(-intLen)}${digits}` : digits.padEnd(intLen, '0');
  return (negative ? '-' : '') + out;
}

/** parseNumber reads a string as a number, as cty converts a string to a number; null when it is not one. */
export function parseNumber(s: string): number | null {
  if (!/^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/.test(s)) return null;
  return Number(s);
}

/** convert gives a value the type `t`, as cty's convert.Convert does, or throws a ConversionError. */
export function convert(v: Value, t: Type): Value {
  if (t === 'any' || v === null) return v;
  if (t === 'string') {
    if (typeof v === 'string') return v;
    if (typeof v === 'number') return formatNumber(v);
    if (typeof v === 'boolean') return v ? 'true' : 'false';
    throw new ConversionError('string required');
  }
  if (t === 'number') {
    if (typeof v === 'number') return v;
    if (typeof v === 'string') {
      const n = parseNumber(v);
      if (n === null) throw new ConversionError('a number is required');
      return n;
    }
    throw new ConversionError('number required');
  }
  if (t === 'bool') {
    if (typeof v === 'boolean') return v;
    if (v === 'true' || v === 'false') return v === 'true';
    if (typeof v === 'string') throw new ConversionError('a bool is required');
    throw new ConversionError('bool required');
  }
  if ('list' in t || 'set' in t) {
    const elem = 'list' in t ? t.list : t.set;
    if (!Array.isArray(v)) throw new ConversionError(`${typeName(t)} required`);
    const out = v.map((e) => convertElement(e, elem, t));
    return 'set' in t ? toSet(out) : out;
  }
  if ('map' in t) {
    if (!isMap(v)) throw new ConversionError(`${typeName(t)} required`);
    const out: ValueMap = new Map();
    for (const [k, e] of v) out.set(k, convertElement(e, t.map, t));
    return out;
  }
  if ('object' in t) {
    if (!isMap(v)) throw new ConversionError('object required');
    const out: ValueMap = new Map();
    for (const [k, at] of t.object) {
      if (!v.has(k)) throw new ConversionError(`attribute "${k}" is required`);
      out.set(k, convert(v.get(k) as Value, at));
    }
    return out;
  }
  if (!Array.isArray(v)) throw new ConversionError('tuple required');
  if (v.length !== t.tuple.length) throw new ConversionError(`tuple required with ${t.tuple.length} elements`);
  return v.map((e, i) => convert(e, t.tuple[i] as Type));
}

// convertElement converts one element of a collection; an element that
// cannot take its type at all makes the whole collection unsuitable.
function convertElement(e: Value, elem: Type, whole: Type): Value {
  try {
    return convert(e, elem);
  } catch (err) {
    if (err instanceof ConversionError && / required$/.test(err.message) && !err.message.startsWith('a '))
      throw new ConversionError(`${typeName(whole)} required`);
    throw err;
  }
}

/** toSet removes repeated elements and orders the rest as cty orders a set of primitives. */
export function toSet(list: Value[]): Value[] {
  const out = distinct(list);
  if (out.every((v) => typeof v === 'string')) out.sort((a, b) => compareStrings(a, b));
  else if (out.every((v) => typeof v === 'number')) out.sort((a, b) => a - b);
  return out;
}

/** distinct is a list without its repeated elements (equal ones), the first of each kept, in a time linear in the list's size. */
export function distinct(list: Value[]): Value[] {
  const seen = new Set<string>();
  return list.filter((v) => {
    const key = equalityKey(v);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** equalityKey is a string that two values share exactly when they are equal: their type and content, an object's keys in order. */
export function equalityKey(v: Value): string {
  return JSON.stringify(tagged(v));
}

// tagged is a value as JSON that keeps its type: a tuple and an object of the same content differ, and so do 1 and "1".
function tagged(v: Value): unknown {
  if (Array.isArray(v)) return ['t', ...v.map(tagged)];
  if (isMap(v)) return ['o', ...sortedKeys(v).flatMap((k) => [k, tagged(v.get(k) as Value)])];
  return typeof v === 'string' ? `s${v}` : v;
}

/** equal tells whether two values are equal, as HCL's `==` decides: same type and same content. */
export function equal(a: Value, b: Value): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => equal(x, b[i] as Value));
  if (isMap(a)) {
    if (!isMap(b) || a.size !== b.size) return false;
    for (const [k, v] of a) if (!b.has(k) || !equal(v, b.get(k) as Value)) return false;
    return true;
  }
  return false;
}

/** fromJson turns parsed JSON into a value. */
export function fromJson(j: unknown): Value {
  if (j === null || j === undefined) return null;
  if (typeof j === 'boolean' || typeof j === 'number' || typeof j === 'string') return j;
  if (Array.isArray(j)) return j.map(fromJson);
  const m: ValueMap = new Map();
  for (const [k, v] of Object.entries(j as Record<string, unknown>)) m.set(k, fromJson(v));
  return m;
}

/** toJson turns a value into JSON, object keys in lexical order as Go writes maps. */
export function toJson(v: Value): unknown {
  if (Array.isArray(v)) return v.map(toJson);
  if (isMap(v)) {
    const out: Record<string, unknown> = {};
    for (const k of sortedKeys(v)) out[k] = toJson(v.get(k) as Value);
    return out;
  }
  return v;
}
