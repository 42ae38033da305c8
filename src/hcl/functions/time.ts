// formatdate and timeadd, on RFC 3339 timestamps, as cty's stdlib reads
// and writes them.

import type { Func } from '../eval/eval.ts';
import { FunctionArgError } from '../eval/problem.ts';

interface Stamp {
  /** ms is the instant, in milliseconds since the epoch (UTC). */
  ms: number;
  /** nanos are the nanoseconds within the second beyond `ms`'s milliseconds (kept for exactness). */
  subMs: number;
  /** offset is the zone offset in minutes east of UTC; null for `Z`. */
  offset: number | null;
}

function parseStamp(s: string, arg: number): Stamp {
  const m = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/.exec(s);
  if (!m) throw new FunctionArgError(arg, `not a valid RFC3339 timestamp: cannot use ${JSON.stringify(s)} as year`);
  const [, y, mo, d, h, mi, se, frac, zone] = m as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string | undefined,
    string,
  ];
  const offset =
    zone === 'Z' || zone === 'z'
      ? null
      : (zone[0] === '-' ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
  const fracNs = Number(((frac ?? '.').slice(1) + '000000000').slice(0, 9));
  const ms =
    Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(se)) -
    (offset ?? 0) * 60_000 +
    Math.floor(fracNs / 1e6);
  return { ms, subMs: fracNs % 1e6, offset };
}

// local is the broken-down time in the stamp's own zone.
function local(t: Stamp): Date {
  return new Date(t.ms + (t.offset ?? 0) * 60_000);
}

const two = (n: number) => String(n).padStart(2, '0');

function zoneText(offset: number | null, colon: boolean): string {
  if (offset === null) return colon ? 'Z' : '+0000';
  const sign = offset < 0 ? '-' : '+';
  const a = Math.abs(offset);
  return `${sign}${two(Math.floor(a / 60))}${colon ? ':' : ''}${two(a % 60)}`;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function verb(seq: string, t: Stamp): string {
  const d = local(t);
  const hour = d.getUTCHours();
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  switch (seq) {
    case 'YYYY':
      return String(d.getUTCFullYear()).padStart(4, '0');
    case 'YY':
      return two(d.getUTCFullYear() % 100);
    case 'MMMM':
      return MONTHS[d.getUTCMonth()] as string;
    case 'MMM':
      return (MONTHS[d.getUTCMonth()] as string).slice(0, 3);
    case 'MM':
      return two(d.getUTCMonth() + 1);
    case 'M':
      return String(d.getUTCMonth() + 1);
    case 'DD':
      return two(d.getUTCDate());
    case 'D':
      return String(d.getUTCDate());
    case 'EEEE':
      return DAYS[d.getUTCDay()] as string;
    case 'EEE':
      return (DAYS[d.getUTCDay()] as string).slice(0, 3);
    case 'hh':
      return two(hour);
    case 'h':
      return String(hour);
    case 'HH':
      return two(h12);
    case 'H':
      return String(h12);
    case 'AA':
      return hour < 12 ? 'AM' : 'PM';
    case 'aa':
      return hour < 12 ? 'am' : 'pm';
    case 'mm':
      return two(d.getUTCMinutes());
    case 'm':
      return String(d.getUTCMinutes());
    case 'ss':
      return two(d.getUTCSeconds());
    case 's':
      return String(d.getUTCSeconds());
    case 'ZZZZZ':
      return zoneText(t.offset ?? 0, true);
    case 'ZZZZ':
      return zoneText(t.offset ?? 0, false);
    case 'ZZZ':
      return t.offset === null || t.offset === 0 ? 'UTC' : zoneText(t.offset, false);
    case 'Z':
      return zoneText(t.offset === 0 ? null : t.offset, true);
    default:
      throw new FunctionArgError(0, `invalid date format verb ${JSON.stringify(seq)}: unsupported format verb`);
  }
}

function formatDate(fmt: string, t: Stamp): string {
  let out = '';
  let i = 0;
  while (i < fmt.length) {
    const c = fmt[i] as string;
    if (c === "'") {
      // A quoted literal; '' within it (or alone) is a quote mark.
      i++;
      if (fmt[i] === "'") {
        out += "'";
        i++;
        continue;
      }
      for (;;) {
        if (i >= fmt.length) throw new FunctionArgError(0, "unterminated literal '");
        if (fmt[i] === "'" && fmt[i + 1] === "'") {
          out += "'";
          i += 2;
        } else if (fmt[i] === "'") {
          i++;
          break;
        } else out += fmt[i++];
      }
      continue;
    }
    if (/[A-Za-z]/.test(c)) {
      let j = i;
      while (fmt[j] === c) j++;
      out += verb(fmt.slice(i, j), t);
      i = j;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}

function rfc3339(t: Stamp): string {
  const d = local(t);
  const date = `${String(d.getUTCFullYear()).padStart(4, '0')}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}`;
  return `${date}T${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}${zoneText(t.offset === 0 ? null : t.offset, true)}`;
}

/**
 * timeFunctions are the date and time functions, by name. timeadd reads its
 * duration with `parseDuration` (Go's time.ParseDuration, in nanoseconds,
 * null when the text is not one): the language package keeps no parser of
 * its host's duration syntax.
 */
export function timeFunctions(parseDuration: (text: string) => number | null): Record<string, Func> {
  return {
    formatdate: {
      params: [
        { name: 'format', type: 'string' },
        { name: 'time', type: 'string' },
      ],
      impl: ([f, s]) => formatDate(f as string, parseStamp(s as string, 1)),
    },
    timeadd: {
      params: [
        { name: 'timestamp', type: 'string' },
        { name: 'duration', type: 'string' },
      ],
      impl: ([s, dur]) => {
        const t = parseStamp(s as string, 0);
        const ns = parseDuration(dur as string);
        if (ns === null) throw new FunctionArgError(1, `time: invalid duration ${JSON.stringify(dur)}`);
        const total = t.subMs + (ns % 1e6);
        return rfc3339({
          ms: t.ms + Math.trunc(ns / 1e6) + Math.floor(total / 1e6),
          subMs: ((total % 1e6) + 1e6) % 1e6,
          offset: t.offset,
        });
      },
    },
  };
}
