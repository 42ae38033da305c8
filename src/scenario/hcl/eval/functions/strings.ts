// The string functions jobspec2 offers (cty's stdlib): case, trimming,
// splitting and joining, replacing, substrings, indentation, format.

import type { Func } from '../eval.ts';
import { FunctionArgError } from '../problem.ts';
import type { Value } from '../value.ts';
import { format, formatList } from './format.ts';

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
    impl: ([n, s]) => (s as string).replace(/\n/g, '\n' + ' '.repeat(Math.max(0, Math.trunc(n as number)))),
  },
  split: {
    params: [str('separator'), str('str')],
    impl: ([sep, s]) => ((sep as string) === '' ? chars(s as string) : (s as string).split(sep as string)),
  },
  join: {
    params: [str('separator')],
    varParam: { name: 'lists', type: { list: 'string' } },
    impl: ([sep, ...lists]) => {
      if (lists.length === 0) throw new Error('at least one list is required');
      const items: string[] = [];
      lists.forEach((l, i) => {
        for (const v of l as Value[]) {
          if (v === null) throw new FunctionArgError(i + 1, 'element is null: cannot concatenate null values');
          items.push(v as string);
        }
      });
      return items.join(sep as string);
    },
  },
  replace: {
    params: [str('str'), str('substr'), str('replace')],
    impl: ([s, sub, rep]) => {
      const m = /^\/(.*)\/$/s.exec(sub as string);
      if (m) return regexReplace(s as string, m[1] as string, rep as string, 1);
      return (s as string).split(sub as string).join(rep as string);
    },
  },
  regex_replace: {
    params: [str('str'), str('substr'), str('replace')],
    impl: ([s, re, rep]) => regexReplace(s as string, re as string, rep as string, 1),
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
    impl: ([f, ...args]) => format(f as string, args),
  },
  formatlist: {
    params: [str('format')],
    varParam: { name: 'args', type: 'any', allowNull: true },
    impl: ([f, ...args]) => formatList(f as string, args),
  },
};

// regexReplace replaces matches of a Go (RE2) pattern, with Go's `$1`/`${name}` references.
function regexReplace(s: string, pattern: string, rep: string, argIndex: number): string {
  let re: RegExp;
  try {
    re = new RegExp(pattern.replace(/\(\?P</g, '(?<'), 'gu');
  } catch (e) {
    throw new FunctionArgError(argIndex, `error parsing regexp: ${e instanceof Error ? e.message : String(e)}`);
  }
  // Go writes `${1}` and `$name`; JavaScript `$1` and `$<name>`.
  const jsRep = rep.replace(/\$\$|\$\{(\w+)\}|\$(\w+)/g, (m, braced: string | undefined, bare: string | undefined) => {
    if (m === '$$') return '$$';
    const name = braced ?? bare ?? '';
    return /^\d+$/.test(name) ? `$${name}` : `$<${name}>`;
  });
  return s.replace(re, jsRep);
}
