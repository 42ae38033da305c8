// The collection functions jobspec2 offers (cty's stdlib): lists, maps and
// sets, looked up, combined, sliced and sorted.

import { type Func, fn, any, anyOrNull, num } from '../eval/func.ts';
import { FunctionArgError } from '../eval/problem.ts';
import {
  type Value,
  type ValueMap,
  compareStrings,
  convert,
  distinct,
  equal,
  equalityKey,
  isMap,
  sortedKeys,
  toSet,
  typeOfValue,
} from '../eval/value.ts';
import { impliedType, unifyTypes } from '../eval/unify.ts';

function list(v: Value, i: number, what = 'a list, set or tuple'): Value[] {
  if (!Array.isArray(v)) throw new FunctionArgError(i, `must be ${what}`);
  return v;
}

function map(v: Value, i: number): ValueMap {
  if (!isMap(v)) throw new FunctionArgError(i, 'must be a map or object');
  return v;
}

function whole(n: Value, i: number): number {
  if (typeof n !== 'number' || !Number.isInteger(n)) throw new FunctionArgError(i, 'value must be a whole number');
  return n;
}

function flatten(l: Value[]): Value[] {
  return l.flatMap((v) => (Array.isArray(v) ? flatten(v) : [v]));
}

/** COLLECTION_FUNCTIONS are the collection functions, by name. */
export const COLLECTION_FUNCTIONS: Record<string, Func> = {
  length: fn({
    params: [any('collection')],
    impl: ([c]) => {
      if (Array.isArray(c)) return c.length;
      if (isMap(c)) return c.size;
      throw new Error('collection must be a list, a map or a tuple');
    },
  }),
  keys: fn({ params: [any('inputMap')], impl: ([m]) => sortedKeys(map(m, 0)) }),
  values: fn({
    params: [any('mapping')],
    impl: ([m]) => {
      const mm = map(m, 0);
      return sortedKeys(mm).map((k) => mm.get(k) as Value);
    },
  }),
  lookup: fn({
    params: [any('inputMap'), { name: 'key', type: 'string' }],
    varParam: anyOrNull('default'),
    impl: ([m, k, ...rest]) => {
      if (rest.length > 1) throw new Error('lookup() takes no more than three arguments');
      const mm = map(m, 0);
      if (mm.has(k)) return mm.get(k) as Value;
      if (rest.length === 1) return rest[0] ?? null;
      throw new Error(`lookup failed to find '${k}'`);
    },
  }),
  element: fn({
    params: [any('list'), num('index')],
    impl: ([l, n]) => {
      const ll = list(l, 0, 'a list or tuple');
      if (ll.length === 0) throw new Error('cannot use element function with an empty list');
      const i = Math.floor(n);
      if (i < 0) throw new FunctionArgError(1, 'cannot use element function with a negative index');
      return ll[i % ll.length] as Value;
    },
  }),
  index: fn({
    params: [any('collection'), any('key')],
    impl: ([c, k]) => {
      if (Array.isArray(c)) {
        const i = whole(convert(k, 'number'), 1);
        if (i < 0 || i >= c.length)
          throw new Error('the given index is greater than or equal to the length of the collection');
        return c[i] as Value;
      }
      const mm = map(c, 0);
      const key = convert(k, 'string') as string;
      if (!mm.has(key)) throw new Error('the given key is not in the collection');
      return mm.get(key) as Value;
    },
  }),
  contains: fn({
    params: [any('list'), any('value')],
    impl: ([l, v]) => list(l, 0).some((x) => equal(x, v)),
  }),
  concat: fn({
    params: [],
    varParam: any('seqs'),
    impl: (seqs) => {
      if (seqs.length === 0) throw new Error('at least one argument is required');
      return seqs.flatMap((s, i) => list(s, i, 'a list or tuple'));
    },
  }),
  flatten: fn({ params: [any('list')], impl: ([l]) => flatten(list(l, 0)) }),
  distinct: fn({
    params: [{ name: 'list', type: { list: 'any' } }],
    impl: ([l]) => distinct(l),
  }),
  compact: fn({
    params: [{ name: 'list', type: { list: 'string' } }],
    impl: ([l]) => l.filter((v) => v !== null && v !== ''),
  }),
  chunklist: fn({
    params: [{ name: 'list', type: { list: 'any' } }, num('size')],
    impl: ([l, n]) => {
      const size = whole(n, 1);
      if (size < 0) throw new FunctionArgError(1, 'the size argument must be positive');
      if (size === 0) return [l];
      const out: Value[] = [];
      for (let i = 0; i < l.length; i += size) out.push(l.slice(i, i + size));
      return out;
    },
  }),
  coalesce: fn({
    params: [],
    varParam: anyOrNull('vals'),
    // cty's coalesce: the first argument that is not null (an empty
    // string counts), converted to the type all the arguments unify to.
    impl: (vals) => {
      const type = unifyTypes(vals.map(impliedType));
      if (type === null) throw new Error('all arguments must have the same type');
      for (const v of vals) if (v !== null) return convert(v, type);
      throw new Error('no non-null arguments');
    },
  }),
  coalescelist: fn({
    params: [],
    varParam: anyOrNull('vals'),
    impl: (vals) => {
      if (vals.length === 0) throw new Error('at least one argument is required');
      vals.forEach((v, i) => {
        if (v !== null && !Array.isArray(v))
          throw new FunctionArgError(i, `a list or tuple is required, not ${typeOfValue(v)}`);
      });
      for (const v of vals) if (Array.isArray(v) && v.length > 0) return v;
      throw new Error('no non-null arguments');
    },
  }),
  merge: fn({
    params: [],
    varParam: anyOrNull('maps'),
    impl: (maps) => {
      const out: ValueMap = new Map();
      maps.forEach((m, i) => {
        if (m === null) return;
        for (const [k, v] of map(m, i)) out.set(k, v);
      });
      return out;
    },
  }),
  range: fn({
    params: [],
    varParam: num('params'),
    impl: (ps) => {
      let start = 0;
      let end: number;
      let step = 1;
      const [a = 0, b = 0, c = 0] = ps;
      if (ps.length === 1) end = a;
      else if (ps.length === 2) [start, end] = [a, b];
      else if (ps.length === 3) [start, end, step] = [a, b, c];
      else throw new Error('must have one, two, or three arguments');
      if (step === 0) throw new Error('step must not be zero');
      if ((step > 0 && end < start) || (step < 0 && end > start))
        throw new Error(
          step > 0
            ? 'step must be negative when start is greater than end'
            : 'step must be positive when start is less than end',
        );
      const out: Value[] = [];
      for (let v = start; step > 0 ? v < end : v > end; v += step) {
        if (out.length >= 1024)
          throw new Error(
            'more than 1024 values were generated; either decrease the difference between start and end or use a smaller step',
          );
        out.push(v);
      }
      return out;
    },
  }),
  slice: fn({
    params: [any('list'), num('start_index'), num('end_index')],
    impl: ([l, a, b]) => {
      const ll = list(l, 0, 'a list or tuple');
      const s = whole(a, 1);
      const e = whole(b, 2);
      if (s < 0) throw new FunctionArgError(1, 'start index must not be less than zero');
      if (e > ll.length) throw new FunctionArgError(2, 'end index must not be greater than the length of the list');
      if (s > e) throw new FunctionArgError(1, 'start index must not be greater than end index');
      return ll.slice(s, e);
    },
  }),
  sort: fn({
    params: [{ name: 'list', type: { list: 'string' } }],
    impl: ([l]) => {
      const strings = l.filter((v) => v !== null);
      if (strings.length < l.length)
        throw new FunctionArgError(0, 'given list element is null; a null string cannot be sorted');
      return strings.sort(compareStrings);
    },
  }),
  setunion: fn({
    params: [{ name: 'first_set', type: { set: 'any' } }],
    varParam: { name: 'other_sets', type: { set: 'any' } },
    impl: (sets) => toSet(sets.flat()),
  }),
  setintersection: fn({
    params: [{ name: 'first_set', type: { set: 'any' } }],
    varParam: { name: 'other_sets', type: { set: 'any' } },
    impl: ([first, ...rest]) => {
      const others = rest.map((s) => new Set(s.map(equalityKey)));
      return first.filter((v) => others.every((s) => s.has(equalityKey(v))));
    },
  }),
  setproduct: fn({
    params: [],
    varParam: any('sets'),
    impl: (sets, budget) => {
      if (sets.length < 2) throw new Error('at least two arguments are required');
      const lists = sets.map((s, i) => list(s, i));
      // Each of the product's tuples is a value, and so is each element in it.
      budget.values(lists.reduce((n, ll) => n * ll.length, 1) * (sets.length + 1));
      let out: Value[][] = [[]];
      lists.forEach((ll) => {
        out = out.flatMap((prefix) => ll.map((v) => [...prefix, v]));
      });
      return out;
    },
  }),
  zipmap: fn({
    params: [{ name: 'keys', type: { list: 'string' } }, any('values')],
    impl: ([k, v]) => {
      const vals = list(v, 1, 'a list or tuple');
      if (k.length !== vals.length)
        throw new Error(`number of keys (${k.length}) does not match number of values (${vals.length})`);
      const out: ValueMap = new Map();
      k.forEach((key, i) => {
        if (key === null) throw new FunctionArgError(0, 'a null key cannot be used in a map');
        out.set(key, vals[i] ?? null);
      });
      return out;
    },
  }),
};
