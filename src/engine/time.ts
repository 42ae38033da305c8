// Durations and instants in the encodings the contract allows: Go duration
// strings ("1m30s") and RFC 3339 times, besides Nomad's integers of
// nanoseconds. Instants are Unix nanoseconds held in a double, so precision
// below a microsecond may be lost for present-day times; formatting and
// parsing are exact inverses on the doubles, which is what a round trip needs.

import { type Duration, type Instant, ZERO_TIME } from './structs.ts';

/** MAX_INT64 is the largest magnitude of Go's int64 as a double: durations and Unix-nanosecond instants beyond it do not exist in Nomad. */
export const MAX_INT64 = 2 ** 63; // 2^63 − 1 is not a double: it rounds to 2^63

const NS_PER_UNIT: Readonly<Record<string, number>> = {
  ns: 1,
  us: 1e3,
  µs: 1e3, // U+00B5 micro sign
  μs: 1e3, // U+03BC Greek mu
  ms: 1e6,
  s: 1e9,
  m: 60e9,
  h: 3600e9,
};

/**
 * formatGoDuration writes a duration as Go's Duration.String does for whole
 * seconds and more ("1h2m3s", "90s" is "1m30s", 0 is "0s"); a duration with
 * a fraction of a second is rounded to milliseconds ("1.5s", "250ms").
 */
export function formatGoDuration(d: Duration): string {
  const sign = d < 0 ? '-' : '';
  const ms = Math.round(Math.abs(d) / 1e6);
  if (ms < 1000) return ms === 0 ? '0s' : `${sign}${ms}ms`;
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = (ms % 60_000) / 1000;
  return sign + (h > 0 ? `${h}h${m}m` : m > 0 ? `${m}m` : '') + `${s}s`;
}

/**
 * parseGoDuration reads a Go duration string as time.ParseDuration does: an
 * optional sign, then one or more decimal numbers each with a unit (ns, us,
 * µs, ms, s, m, h), such as "300ms", "-1.5h" or "2h45m"; "0" alone is
 * allowed. It returns nanoseconds, or null when the string is not a
 * duration or exceeds Go's range.
 */
export function parseGoDuration(s: string): Duration | null {
  let i = 0;
  let negative = false;
  if (s[0] === '-' || s[0] === '+') {
    negative = s[0] === '-';
    i = 1;
  }
  if (s.slice(i) === '0') return 0;
  if (i >= s.length) return null;
  let total = 0;
  while (i < s.length) {
    const intStart = i;
    while (i < s.length && isDigit(s.charCodeAt(i))) i++;
    const intDigits = s.slice(intStart, i);
    let fracDigits = '';
    if (s[i] === '.') {
      const fracStart = ++i;
      while (i < s.length && isDigit(s.charCodeAt(i))) i++;
      fracDigits = s.slice(fracStart, i);
    }
    if (intDigits === '' && fracDigits === '') return null;
    const unitStart = i;
    while (i < s.length && s[i] !== '.' && !isDigit(s.charCodeAt(i))) i++;
    const unit = NS_PER_UNIT[s.slice(unitStart, i)];
    if (unit === undefined) return null;
    total += Number(intDigits || '0') * unit + fractionOf(fracDigits, unit);
    if (total > MAX_INT64) return null;
  }
  return negative ? -total : total;
}

// fractionOf is the whole nanoseconds in a decimal fraction of a unit, the
// rest truncated as Go truncates it.
function fractionOf(digits: string, unit: number): number {
  if (digits === '') return 0;
  // Digits beyond fifteen are below a nanosecond for every unit up to hours.
  const kept = digits.length > 15 ? digits.slice(0, 15) : digits;
  return Math.trunc((Number(kept) * unit) / 10 ** kept.length);
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** GO_ZERO_TIME is how Go writes its zero time.Time in JSON. */
export const GO_ZERO_TIME = '0001-01-01T00:00:00Z';

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/;

/**
 * parseRfc3339 reads an RFC 3339 time as Go's time.Time decodes it from
 * JSON: "2026-01-01T00:00:05Z", with up to nine fraction digits and a "Z" or
 * "±hh:mm" offset. It returns Unix nanoseconds (Go's zero time,
 * "0001-01-01T00:00:00Z", is ZERO_TIME), or null when the string is not such
 * a time or names a date that does not exist.
 */
export function parseRfc3339(s: string): Instant | null {
  // Go writes every unset time this way; most task states carry one.
  if (s === GO_ZERO_TIME) return ZERO_TIME;
  const m = RFC3339.exec(s);
  if (m === null) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const hour = Number(m[4]);
  const minute = Number(m[5]);
  const second = Number(m[6]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  let offsetSeconds = 0;
  const zone = m[8]!;
  if (zone !== 'Z') {
    const offsetHours = Number(zone.slice(1, 3));
    const offsetMinutes = Number(zone.slice(4, 6));
    if (offsetHours > 23 || offsetMinutes > 59) return null;
    offsetSeconds = (zone[0] === '-' ? -1 : 1) * (offsetHours * 3600 + offsetMinutes * 60);
  }
  const fraction = m[7] === undefined ? 0 : Number(m[7].padEnd(9, '0'));
  const seconds = daysFromCivil(year, month, day) * 86400 + hour * 3600 + minute * 60 + second - offsetSeconds;
  return instantFromParts(seconds, fraction);
}

// instantFromParts joins whole Unix seconds and nanoseconds the one way both
// the parser and the formatter compute it, so that they agree on every double.
function instantFromParts(seconds: number, nanos: number): Instant {
  return seconds * 1e9 + nanos;
}

/**
 * formatInstant writes an instant as Go's time.Time encodes it in JSON
 * (RFC 3339 in UTC, the fraction without trailing zeros), and ZERO_TIME as
 * Go's zero time, "0001-01-01T00:00:00Z". Of the fractions that parse back
 * to the same number it writes the shortest; parsing its output with
 * parseRfc3339 always gives back the same number.
 */
export function formatInstant(t: Instant): string {
  if (t === ZERO_TIME) return GO_ZERO_TIME;
  if (!Number.isFinite(t)) return String(t);
  const whole = Math.round(t);
  let seconds = Math.floor(whole / 1e9);
  let nanos = whole - instantFromParts(seconds, 0);
  // The division above rounds; step to the second whose start is at or
  // before the instant and less than a second from it.
  while (nanos < 0) nanos = whole - instantFromParts(--seconds, 0);
  while (nanos >= 1e9) nanos = whole - instantFromParts(++seconds, 0);
  // Present-day instants are multiples of 256 ns as doubles: write the
  // shortest fraction that parses back to the same number, so that
  // ".25" stays ".25" rather than becoming ".249999872".
  for (let step = 1e9; step >= 1; step /= 10) {
    const rounded = Math.round(nanos / step) * step;
    const carry = rounded >= 1e9 ? 1 : 0;
    if (instantFromParts(seconds + carry, rounded - carry * 1e9) === whole) {
      seconds += carry;
      nanos = rounded - carry * 1e9;
      break;
    }
  }
  const days = Math.floor(seconds / 86400);
  const secondOfDay = seconds - days * 86400;
  const [year, month, day] = civilFromDays(days);
  let text =
    pad(year, 4) +
    '-' +
    pad(month, 2) +
    '-' +
    pad(day, 2) +
    'T' +
    pad(Math.floor(secondOfDay / 3600), 2) +
    ':' +
    pad(Math.floor((secondOfDay % 3600) / 60), 2) +
    ':' +
    pad(secondOfDay % 60, 2);
  if (nanos > 0) text += '.' + pad(nanos, 9).replace(/0+$/, '');
  return text + 'Z';
}

function pad(n: number, width: number): string {
  const s = String(Math.abs(n)).padStart(width, '0');
  return n < 0 ? '-' + s : s;
}

function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

function daysInMonth(y: number, m: number): number {
  if (m === 2) return isLeapYear(y) ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

// daysFromCivil counts days from 1970-01-01 to a proleptic Gregorian date
// (Howard Hinnant's algorithm); unlike Date.UTC it does not move years 0–99.
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yearOfEra = yy - era * 400;
  const dayOfYear = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

// civilFromDays is the inverse of daysFromCivil.
function civilFromDays(days: number): [number, number, number] {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return [year, month, day];
}
