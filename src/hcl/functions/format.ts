// format and formatlist: printf-style verbs as cty's stdlib reads them
// (`%s`, `%d`, `%5.2f`, `%q`, `%v`, `%#v`, `%[2]s`, `%%`).

import { CHARS_PER_STEP } from '../budget.ts';
import type { CallBudget } from '../eval/eval.ts';
import { type Value, ConversionError, convert, formatNumber, toJson } from '../eval/value.ts';

interface Verb {
  flags: string;
  width: number | null;
  precision: number | null;
  verb: string;
}

/** format formats its arguments with a printf-style format string, checking each padding width against the budget before padding. */
export function format(fmt: string, args: Value[], budget: CallBudget): string {
  let out = '';
  let next = 0;
  let i = 0;
  let used = 0;
  while (i < fmt.length) {
    const c = fmt[i] as string;
    if (c !== '%') {
      out += c;
      i++;
      continue;
    }
    if (fmt[i + 1] === '%') {
      out += '%';
      i += 2;
      continue;
    }
    const m = /^%([-+# 0]*)(?:\[(\d+)\])?(\d+)?(?:\.(\d+))?([a-zA-Z])?/.exec(fmt.slice(i));
    if (!m || m[5] === undefined) throw new Error(`invalid format verb at offset ${i}`);
    if (m[2] !== undefined) next = Number(m[2]) - 1;
    const spec: Verb = {
      flags: m[1] ?? '',
      width: m[3] === undefined ? null : Number(m[3]),
      precision: m[4] === undefined ? null : Number(m[4]),
      verb: m[5],
    };
    if (next >= args.length)
      throw new Error(
        `not enough arguments for "${m[0]}" at ${i}: need index ${next + 1} but have ${args.length} total`,
      );
    if (spec.width !== null) budget.chars(out.length + spec.width);
    out += formatOne(spec, args[next] as Value, m[0], i);
    next++;
    used = Math.max(used, next);
    i += m[0].length;
  }
  if (used < args.length) throw new Error(`too many arguments; only ${used} used by format string`);
  return out;
}

function pad(s: string, v: Verb, numeric: boolean): string {
  if (v.width === null || s.length >= v.width) return s;
  if (v.flags.includes('-')) return s.padEnd(v.width, ' ');
  if (numeric && v.flags.includes('0')) {
    const sign = /^[-+ ]/.test(s) ? (s[0] as string) : '';
    return sign + s.slice(sign.length).padStart(v.width - sign.length, '0');
  }
  return s.padStart(v.width, ' ');
}

function signed(n: number, body: string, v: Verb): string {
  if (n < 0 || Object.is(n, -0)) return '-' + body;
  if (v.flags.includes('+')) return '+' + body;
  if (v.flags.includes(' ')) return ' ' + body;
  return body;
}

function formatOne(v: Verb, arg: Value, text: string, at: number): string {
  const unsupported = (why: string): never => {
    throw new Error(`unsupported value for "${text}" at ${at}: ${why}`);
  };
  const asNumber = (): number => {
    try {
      const n = convert(arg, 'number');
      if (n === null) unsupported('null value cannot be formatted');
      return n as number;
    } catch (e) {
      if (e instanceof ConversionError) unsupported(e.message);
      throw e;
    }
  };
  switch (v.verb) {
    case 'v':
      if (v.flags.includes('#')) return pad(JSON.stringify(toJson(arg)), v, false);
      if (arg === null) return pad('null', v, false);
      if (typeof arg === 'object') return pad(JSON.stringify(toJson(arg)), v, false);
      return pad(convert(arg, 'string') as string, v, typeof arg === 'number');
    case 's':
    case 'q': {
      let s: string;
      try {
        s = convert(arg, 'string') as string;
      } catch (e) {
        if (e instanceof ConversionError) unsupported(e.message);
        throw e;
      }
      if (arg === null) unsupported('null value cannot be formatted');
      if (v.precision !== null) s = [...s].slice(0, v.precision).join('');
      return pad(v.verb === 'q' ? JSON.stringify(s) : s, v, false);
    }
    case 't':
      if (typeof arg !== 'boolean') {
        try {
          return pad(String(convert(arg, 'bool') === true), v, false);
        } catch (e) {
          if (e instanceof ConversionError) unsupported(e.message);
          throw e;
        }
      }
      return pad(String(arg), v, false);
    case 'd':
    case 'b':
    case 'o':
    case 'x':
    case 'X': {
      const n = asNumber();
      if (!Number.isInteger(n)) unsupported('an integer is required');
      const radix = { d: 10, b: 2, o: 8, x: 16, X: 16 }[v.verb];
      let body = BigInt(Math.abs(n)).toString(radix);
      if (v.verb === 'X') body = body.toUpperCase();
      if (v.flags.includes('#')) body = ({ b: '0b', o: '0', x: '0x', X: '0X', d: '' }[v.verb] ?? '') + body;
      return pad(signed(n, body, v), v, true);
    }
    case 'e':
    case 'E':
    case 'f':
    case 'F':
    case 'g':
    case 'G': {
      const n = asNumber();
      const a = Math.abs(n);
      let body: string;
      if (v.verb === 'f' || v.verb === 'F') body = a.toFixed(v.precision ?? 6);
      else if (v.verb === 'e' || v.verb === 'E')
        body = a.toExponential(v.precision ?? 6).replace(/e([+-])(\d)$/, 'e$10$2');
      else body = v.precision === null ? formatNumber(a) : String(Number(a.toPrecision(v.precision)));
      if (v.verb === 'E' || v.verb === 'G') body = body.toUpperCase();
      return pad(signed(n, body, v), v, true);
    }
    default:
      throw new Error(`unsupported format verb "${v.verb}" at ${at}`);
  }
}

/** formatList formats once per element of the list arguments (scalars repeat), giving a list of strings, each counted as work as it is made. */
export function formatList(fmt: string, args: Value[], budget: CallBudget): Value[] {
  let length: number | null = null;
  args.forEach((a, i) => {
    if (!Array.isArray(a)) return;
    if (length !== null && a.length !== length)
      throw new Error(
        `argument ${i + 1} has length ${a.length}, which is inconsistent with argument 1 of length ${length}`,
      );
    length = a.length;
  });
  if (length === null) return [format(fmt, args, budget)];
  const out: Value[] = [];
  for (let n = 0; n < length; n++) {
    const line = format(
      fmt,
      args.map((a) => (Array.isArray(a) ? (a[n] as Value) : a)),
      budget,
    );
    budget.steps(Math.floor(line.length / CHARS_PER_STEP));
    out.push(line);
  }
  return out;
}
