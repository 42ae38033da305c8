// The string functions jobspec2 offers (cty's stdlib): case, trimming,
// splitting and joining, replacing, substrings, indentation, format.

import type { Func } from '../eval/eval.ts';
import { FunctionArgError } from '../eval/problem.ts';
import type { Value } from '../eval/value.ts';
import { format, formatList } from './format.ts';
import { compileGo, replaceAllGo } from './regexp.ts';

const str = (name: string) => ({ name, type: 'string' as const });
const chars = (s: string): string[] => [...s];

function s1(f: (s: string) => string): Func {
  return { params: [str('str')], impl: ([s]) => f(s as string) };
}

// Go's unicode.IsSpace set, which trimspace and title read words by.
const SPACE = /^[\s\u0085]+|[\s\u0085]+$/gu;

/** STRING_FUNCTIONS are the string functions, by name. */
export const STRING_FUNCTIONS: Record<string, Func> = {
  upper: s1((s) => s.toUpperCase()),
  lower: s1((s) => s.toLowerCase()),
  chomp: s1((s) => s.replace(/(\r\n|\n|\r)+$/, '')),
  trimspace: s1((s) => s.replace(SPACE, '')),
  title: s1((s) => s.replace(/(^|[\s\u0085])(\p{L})/gu, (_, sp: string, c: string) => sp + c.toUpperCase())),
  strrev: s1((s) => chars(s).reverse().join('')),
  reverse: s1((s) => chars(s).reverse().join('')),
  trimprefix: {
    params: [str('str'), str('prefix')],
    impl: ([s, p]) => ((s as string).startsWith(p as string) ? (s as string).slice((p as string).length) : s),
  },
  trimsuffix: {
    params: [str('str'), str('suffix')],
    impl: ([s, p]) =>
      (s as string).endsWith(p as string) && (p as string) !== '' ? (s as string).slice(0, -(p as string).length) : s,
  },
  trim: {
    params: [str('str'), str('cutset')],
    impl: ([s, cut]) => {
      const set = new Set(chars(cut as string));
      const cs = chars(s as string);
      let a = 0;
      let b = cs.length;
      while (a < b && set.has(cs[a] as string)) a++;
      while (b > a && set.has(cs[b - 1] as string)) b--;
      return cs.slice(a, b).join('');
    },
  },
  indent: {
    params: [{ name: 'spaces', type: 'number' }, str('str')],
    impl: ([n, s], budget) => {
      const text = s as string;
      const spaces = Math.max(0, Math.trunc(n as number));
      budget.chars(text.length + spaces * count(text, '\n'));
      return text.replace(/\n/g, '\n' + ' '.repeat(spaces));
    },
  },
  split: {
    params: [str('separator'), str('str')],
    impl: ([sep, s]) => ((sep as string) === '' ? chars(s as string) : (s as string).split(sep as string)),
  },
  join: {
    params: [str('separator')],
    varParam: { name: 'lists', type: { list: 'string' } },
    impl: ([sep, ...lists], budget) => {
      if (lists.length === 0) throw new Error('at least one list is required');
      const items: string[] = [];
      let length = 0;
      lists.forEach((l, i) => {
        for (const v of l as Value[]) {
          if (v === null) throw new FunctionArgError(i + 1, 'element is null: cannot concatenate null values');
          items.push(v as string);
          length += (v as string).length;
        }
      });
      budget.chars(length + (sep as string).length * Math.max(0, items.length - 1));
      return items.join(sep as string);
    },
  },
  // Nomad's replace is cty's, which takes `substr` as plain text, never as
  // a `/pattern/` (Terraform's replace does that).
  replace: {
    params: [str('str'), str('substr'), str('replace')],
    impl: ([s, sub, rep], budget) => {
      const [text, from, to] = [s as string, sub as string, rep as string];
      const times = from === '' ? chars(text).length + 1 : count(text, from);
      budget.chars(text.length + times * (to.length - from.length));
      // Go puts the replacement before every character and at the end when `substr` is empty.
      return from === ''
        ? to +
            chars(text)
              .map((c) => c + to)
              .join('')
        : text.split(from).join(to);
    },
  },
  regex_replace: {
    params: [str('str'), str('substr'), str('replace')],
    impl: ([s, re, rep], budget) => replaceAllGo(compileGo(re as string), s as string, rep as string, budget),
  },
  substr: {
    params: [str('str'), { name: 'offset', type: 'number' }, { name: 'length', type: 'number' }],
    impl: ([s, o, l]) => {
      const cs = chars(s as string);
      let offset = Math.trunc(o as number);
      let length = Math.trunc(l as number);
      if (offset < 0) offset = Math.max(0, cs.length + offset);
      if (offset > cs.length) throw new FunctionArgError(1, 'offset cannot be larger than the length of the string');
      if (length === -1 || offset + length > cs.length) length = cs.length - offset;
      if (length < 0) throw new FunctionArgError(2, 'length cannot be negative');
      return cs.slice(offset, offset + length).join('');
    },
  },
  format: {
    params: [str('format')],
    varParam: { name: 'args', type: 'any', allowNull: true },
    impl: ([f, ...args], budget) => format(f as string, args, budget),
  },
  formatlist: {
    params: [str('format')],
    varParam: { name: 'args', type: 'any', allowNull: true },
    impl: ([f, ...args], budget) => formatList(f as string, args, budget),
  },
};

// count is how many times `sub` (not empty) occurs in `s`, without overlapping.
function count(s: string, sub: string): number {
  let n = 0;
  for (let at = s.indexOf(sub); at !== -1; at = s.indexOf(sub, at + sub.length)) n++;
  return n;
}
