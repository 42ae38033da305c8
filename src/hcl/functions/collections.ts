// The collection functions jobspec2 offers (cty's stdlib): lists, maps and
// sets, looked up, combined, sliced and sorted.

import type { Func } from '../eval/eval.ts';
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

const any = (name: string, allowNull = false) => ({ name, type: 'any' as const, allowNull });
const num = (name: string) => ({ name, type: 'number' as const });

function list(v: Value, i: number, what = 'a list, set or tuple'): Value[] {
  if (!Array.isArray(v)) throw new FunctionArgError(i, `must be ${what}`);
  return v;
}

function map(v: Value, i: number): ValueMap {
  if (!isMap(v)) throw new FunctionArgError(i, 'must be a map or object');
  return v;
}

function whole(n: Value, i: number): number {
  if (!Number.isInteger(n)) throw new FunctionArgError(i, 'value must be a whole number');
  return n as number;
}

function flatten(l: Value[]): Value[] {
  return l.flatMap((v) => (Array.isArray(v) ? flatten(v) : [v]));
}

/** COLLECTION_FUNCTIONS are the collection functions, by name. */
export const COLLECTION_FUNCTIONS: Record<string, Func> = {
  length: {
    params: [any('collection')],
    impl: ([c]) => {
      if (Array.isArray(c)) return c.length;
      if (isMap(c)) return c.size;
      throw new Error('collection must be a list, a map or a tuple');
    },
  },
  keys: { params: [any('inputMap')], impl: ([m]) => sortedKeys(map(m, 0)) },
  values: {
    params: [any('mapping')],
    impl: ([m]) => {
      const mm = map(m, 0);
      return sortedKeys(mm).map((k) => mm.get(k) as Value);
    },
  },
  lookup: {
    params: [any('inputMap'), { name: 'key', type: 'string' }],
    varParam: any('default', true),
    impl: ([m, k, ...rest]) => {
      if (rest.length > 1) throw new Error('lookup() takes no more than three arguments');
      const mm = map(m, 0);
      if (mm.has(k as string)) return mm.get(k as string) as Value;
      if (rest.length === 1) return rest[0];
      throw new Error(`lookup failed to find '${k as string}'`);
    },
  },
  element: {
    params: [any('list'), num('index')],
    impl: ([l, n]) => {
      const ll = list(l, 0, 'a list or tuple');
      if (ll.length === 0) throw new Error('cannot use element function with an empty list');
      const i = Math.floor(n as number);
      if (i < 0) throw new FunctionArgError(1, 'cannot use element function with a negative index');
      return ll[i % ll.length] as Value;
    },
  },
  index: {
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
  },
  contains: {
    params: [any('list'), any('value')],
    impl: ([l, v]) => list(l, 0).some((x) => equal(x, v)),
  },
  concat: {
    params: [],
    varParam: any('seqs'),
    impl: (seqs) => {
      if (seqs.length === 0) throw new Error('at least one argument is required');
      return seqs.flatMap((s, i) => list(s, i, 'a list or tuple'));
    },
  },
  flatten: { params: [any('list')], impl: ([l]) => flatten(list(l, 0)) },
  distinct: {
    params: [{ name: 'list', type: { list: 'any' } }],
    impl: ([l]) => distinct(l as Value[]),
  },
  compact: {
    params: [{ name: 'list', type: { list: 'string' } }],
    impl: ([l]) => (l as Value[]).filter((v) => v !== null && v !== ''),
  },
  chunklist: {
    params: [{ name: 'list', type: { list: 'any' } }, num('size')],
    impl: ([l, n]) => {
      const size = whole(n, 1);
      if (size < 0) throw new FunctionArgError(1, 'the size argument must be positive');
      const ll = l as Value[];
      if (size === 0) return [ll];
      const out: Value[] = [];
      for (let i = 0; i < ll.length; i += size) out.push(ll.slice(i, i + size));
      return out;
    },
  },
  coalesce: {
    params: [],
    varParam: any('vals', true),
    // cty's coalesce: the first argument that is not null (an empty
    // string counts), converted to the type all the arguments unify to.
    impl: (vals) => {
      const type = unifyTypes(vals.map(impliedType));
      if (type === null) throw new Error('all arguments must have the same type');
      for (const v of vals) if (v !== null) return convert(v, type);
      throw new Error('no non-null arguments');
    },
  },
  coalescelist: {
    params: [],
    varParam: any('vals', true),
    impl: (vals) => {
      if (vals.length === 0) throw new Error('at least one argument is required');
      vals.forEach((v, i) => {
        if (v !== null && !Array.isArray(v))
          throw new FunctionArgError(i, `a list or tuple is required, not ${typeOfValue(v)}`);
      });
      for (const v of vals) if (Array.isArray(v) && v.length > 0) return v;
      throw new Error('no non-null arguments');
    },
  },
  merge: {
    params: [],
    varParam: any('maps', true),
    impl: (maps) => {
      const out: ValueMap = new Map();
      maps.forEach((m, i) => {
        if (m === null) return;
        for (const [k, v] of map(m, i)) out.set(k, v);
      });
      return out;
    },
  },
  range: {
    params: [],
    varParam: num('params'),
    impl: (ps) => {
      let start = 0;
      let end: number;
      let step = 1;
      const [a, b, c] = ps as number[] as [number, number, number];
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
  },
  slice: {
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
  },
  sort: {
    params: [{ name: 'list', type: { list: 'string' } }],
    impl: ([l]) => {
      const ll = l as Value[];
      if (ll.some((v) => v === null))
        throw new FunctionArgError(0, 'given list element is null; a null string cannot be sorted');
      return [...(ll as string[])].sort(compareStrings);
    },
  },
  setunion: {
    params: [{ name: 'first_set', type: { set: 'any' } }],
    varParam: { name: 'other_sets', type: { set: 'any' } },
    impl: (sets) => toSet((sets as Value[][]).flat()),
  },
  setintersection: {
    params: [{ name: 'first_set', type: { set: 'any' } }],
    varParam: { name: 'other_sets', type: { set: 'any' } },
    impl: ([first, ...rest]) => {
      const others = (rest as Value[][]).map((s) => new Set(s.map(equalityKey)));
      return (first as Value[]).filter((v) => others.every((s) => s.has(equalityKey(v))));
    },
  },
  setproduct: {
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
  },
  zipmap: {
    params: [{ name: 'keys', type: { list: 'string' } }, any('values')],
    impl: ([k, v]) => {
      const keys = k as Value[];
      const vals = list(v, 1, 'a list or tuple');
      if (keys.length !== vals.length)
        throw new Error(`number of keys (${keys.length}) does not match number of values (${vals.length})`);
      const out: ValueMap = new Map();
      keys.forEach((key, i) => out.set(key as string, vals[i] as Value));
      return out;
    },
  },
};
