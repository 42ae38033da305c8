// The numeric functions jobspec2 offers (cty's stdlib).

import type { Func } from '../eval/eval.ts';
import { FunctionArgError } from '../eval/problem.ts';
import { typeOfValue } from '../eval/value.ts';

const num = (name: string) => ({ name, type: 'number' as const });

function n1(f: (n: number) => number): Func {
  return { params: [num('num')], impl: ([n]) => f(n as number) };
}

// extreme is max or min over one or more numbers.
function extreme(f: (...ns: number[]) => number): Func {
  return {
    params: [],
    varParam: num('numbers'),
    impl: (ns) => {
      if (ns.length === 0) throw new Error('must pass at least one number');
      return f(...(ns as number[]));
    },
  };
}

// DIGITS are the digits of bases up to 62, as Go's big.Int reads them.
const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

function parseInt62(s: string, base: number): number | null {
  let i = 0;
  let negative = false;
  if (s[0] === '-' || s[0] === '+') {
    negative = s[0] === '-';
    i = 1;
  }
  if (i >= s.length) return null;
  let n = 0n;
  const b = BigInt(base);
  for (; i < s.length; i++) {
    const c = s[i] as string;
    let d = DIGITS.indexOf(c);
    if (base <= 36 && d >= 36) d -= 26;
    if (d < 0 || d >= base) return null;
    n = n * b + BigInt(d);
  }
  return Number(negative ? -n : n);
}

/** NUMERIC_FUNCTIONS are the numeric functions, by name. */
export const NUMERIC_FUNCTIONS: Record<string, Func> = {
  abs: n1(Math.abs),
  ceil: n1(Math.ceil),
  floor: n1(Math.floor),
  signum: n1((n) => (n > 0 ? 1 : n < 0 ? -1 : 0)),
  log: { params: [num('num'), num('base')], impl: ([n, b]) => Math.log(n as number) / Math.log(b as number) },
  pow: { params: [num('num'), num('power')], impl: ([n, p]) => Math.pow(n as number, p as number) },
  max: extreme(Math.max),
  min: extreme(Math.min),
  parseint: {
    params: [{ name: 'number', type: 'any' }, num('base')],
    impl: ([s, b]) => {
      if (typeof s !== 'string')
        throw new FunctionArgError(0, `First argument must be a string, not ${typeOfValue(s)}`);
      const base = b as number;
      if (!Number.isInteger(base) || base < 2 || base > 62)
        throw new FunctionArgError(1, 'base must be a whole number between 2 and 62 inclusive');
      const n = parseInt62(s, base);
      if (n === null) throw new FunctionArgError(0, `cannot parse ${JSON.stringify(s)} as a base ${base} integer`);
      return n;
    },
  },
};
