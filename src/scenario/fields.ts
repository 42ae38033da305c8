// Field readers: each takes a value already read from its object (so that
// property access stays at the call site, monomorphic and fast), checks it,
// and returns it or a default. A bad value becomes a diagnostic and the
// default, so reading goes on and collects every problem in one pass.
// Paths are built only when something is wrong.
//
// null counts as absent everywhere, as when Go decodes JSON into Nomad's
// API structs: a null field keeps its zero value and canonicalisation then
// fills it.

import type { Duration, Instant, JsonValue } from '../engine/structs.ts';
import { type Diagnostic, DiagnosticCode, type DiagnosticCodeValue, MAX_DIAGNOSTICS } from './diagnostics.ts';
import { childPath, indexPath, joinPath } from './path.ts';
import { MAX_INT64, parseGoDuration, parseRfc3339 } from '../engine/time.ts';

/** MAX_JSON_DEPTH is how deep free-form JSON (task config, templates, vault, artifacts, affinities) may nest. */
export const MAX_JSON_DEPTH = 64;

/** JsonObject is a JSON object as the reader sees it, before its fields are checked. */
export type JsonObject = Record<string, unknown>;

/** Reader collects the diagnostics of one read; it stops collecting after MAX_DIAGNOSTICS. */
export class Reader {
  readonly diagnostics: Diagnostic[] = [];
  /** warnings are problems that do not stop the read (severity "warning"), capped as the diagnostics are. */
  readonly warnings: Diagnostic[] = [];
  /** full is true once the cap is reached; long loops check it to stop early. */
  full = false;
  /**
   * nomad16 is true while reading a document that chose Nomad 1.6's
   * reconciler (scenario/nomadVersion.ts): the values and fields only 1.6
   * knows are read then, and stay errors or go unread otherwise.
   */
  nomad16 = false;
  // The list element being read (an allocation, a node), or index -1 for
  // none: paths reported inside one are relative to it, so that its own
  // path is built only when there is something to report about it. Such
  // elements do not nest.
  private itemList = '';
  private itemIndex = -1;

  /** enterItem makes the paths reported until leaveItem relative to the element `index` of the list at `list`. */
  enterItem(list: string, index: number): void {
    this.itemList = list;
    this.itemIndex = index;
  }

  /** leaveItem ends enterItem: paths are whole again. */
  leaveItem(): void {
    this.itemIndex = -1;
  }

  /** report records one problem at a path. */
  report(code: DiagnosticCodeValue, path: string, message: string): void {
    if (this.full) return;
    if (this.diagnostics.length >= MAX_DIAGNOSTICS) {
      this.full = true;
      this.diagnostics.push({
        code: DiagnosticCode.TooManyErrors,
        path: '',
        message: `stopped after ${MAX_DIAGNOSTICS} problems; fix these and read again to see the rest`,
      });
      return;
    }
    const whole = this.itemIndex < 0 ? path : joinPath(indexPath(this.itemList, this.itemIndex), path);
    this.diagnostics.push({ code, path: whole, message });
  }

  /** warn records a problem that does not make the document invalid. */
  warn(code: DiagnosticCodeValue, path: string, message: string): void {
    if (this.warnings.length >= MAX_DIAGNOSTICS) return;
    this.warnings.push({ code, path, message, severity: 'warning' });
  }

  /** wrongType reports that the field `key` of `parent` holds `value` where `expected` belongs. */
  wrongType(parent: string, key: string, expected: string, value: unknown): void {
    this.report(DiagnosticCode.WrongType, childPath(parent, key), `expected ${expected}, got ${describeValue(value)}`);
  }

  /** wrongTypeAt reports that the value at `path` is not what belongs there. */
  wrongTypeAt(path: string, expected: string, value: unknown): void {
    this.report(DiagnosticCode.WrongType, path, `expected ${expected}, got ${describeValue(value)}`);
  }

  /** required reports that the field `key` of `parent` is missing. */
  required(parent: string, key: string, expected: string): void {
    this.report(DiagnosticCode.Required, childPath(parent, key), `required: give ${expected}`);
  }
}

/** describeValue renders a value for a message: short, and never the whole of a huge string or object. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return value.length > 60 ? JSON.stringify(value.slice(0, 57)).slice(0, -1) + '…"' : JSON.stringify(value);
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
    case 'object':
      return 'an object';
    default:
      return `a ${typeof value}`;
  }
}

/** isObject reports whether a value is a JSON object (not null, not an array). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** readObject returns the object in a field, or null when it is absent or null; anything else is reported. */
export function readObject(r: Reader, value: unknown, parent: string, key: string): JsonObject | null {
  if (value === undefined || value === null) return null;
  if (isObject(value)) return value;
  r.wrongType(parent, key, 'an object', value);
  return null;
}

/** readArray returns the array in a field, or null when it is absent or null; anything else is reported. */
export function readArray(r: Reader, value: unknown, parent: string, key: string): unknown[] | null {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value as unknown[];
  r.wrongType(parent, key, 'an array', value);
  return null;
}

/** readString returns a string field, or `fallback` when it is absent. */
export function readString(r: Reader, value: unknown, parent: string, key: string, fallback: string): string {
  if (typeof value === 'string') return value;
  if (value !== undefined && value !== null) r.wrongType(parent, key, 'a string', value);
  return fallback;
}

/** readRequiredString returns a string field that has no default, reporting it when absent (and, with `nonEmpty`, when ""). */
export function readRequiredString(r: Reader, value: unknown, parent: string, key: string, nonEmpty: boolean): string {
  if (typeof value === 'string') {
    if (nonEmpty && value === '') r.required(parent, key, 'a non-empty string');
    return value;
  }
  if (value === undefined || value === null) r.required(parent, key, nonEmpty ? 'a non-empty string' : 'a string');
  else r.wrongType(parent, key, 'a string', value);
  return '';
}

/** readBool returns a boolean field, or `fallback` when it is absent. */
export function readBool(r: Reader, value: unknown, parent: string, key: string, fallback: boolean): boolean {
  if (typeof value === 'boolean') return value;
  if (value !== undefined && value !== null) r.wrongType(parent, key, 'true or false', value);
  return fallback;
}

/** readOptionalBool returns a boolean field, or null when it is absent (Go's *bool). */
export function readOptionalBool(r: Reader, value: unknown, parent: string, key: string): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value !== undefined && value !== null) r.wrongType(parent, key, 'true, false or null', value);
  return null;
}

/**
 * readCount returns a field that counts or indexes something: a safe
 * non-negative integer no larger than `max`, or `fallback` when absent.
 */
export function readCount(
  r: Reader,
  value: unknown,
  parent: string,
  key: string,
  fallback: number,
  max: number = Number.MAX_SAFE_INTEGER,
): number {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= max) return value;
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number') {
    r.wrongType(parent, key, 'a non-negative integer', value);
  } else if (!Number.isSafeInteger(value) || value < 0) {
    r.report(
      DiagnosticCode.OutOfRange,
      childPath(parent, key),
      `expected a non-negative integer, got ${describeValue(value)}`,
    );
  } else {
    r.report(
      DiagnosticCode.OutOfRange,
      childPath(parent, key),
      `${value} is more than ${max.toLocaleString('en-US')}, the largest the playground models`,
    );
  }
  return fallback;
}

/** readInt returns a field that holds any safe integer (a port, which may be negative), or `fallback` when absent. */
export function readInt(r: Reader, value: unknown, parent: string, key: string, fallback: number): number {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number') r.wrongType(parent, key, 'an integer', value);
  else r.report(DiagnosticCode.OutOfRange, childPath(parent, key), `expected an integer, got ${describeValue(value)}`);
  return fallback;
}

/** readDuration returns a duration field (integer nanoseconds or a Go duration string), or `fallback` when absent. */
export function readDuration(r: Reader, value: unknown, parent: string, key: string, fallback: Duration): Duration {
  if (typeof value === 'number') {
    if (Number.isInteger(value) && Math.abs(value) <= MAX_INT64) return value;
    r.report(
      DiagnosticCode.OutOfRange,
      childPath(parent, key),
      `expected a duration as whole nanoseconds within Go's int64, got ${describeValue(value)}`,
    );
    return fallback;
  }
  if (typeof value === 'string') {
    const d = parseGoDuration(value);
    if (d !== null) return d;
    r.report(
      DiagnosticCode.BadDuration,
      childPath(parent, key),
      `${describeValue(value)} is not a duration: give nanoseconds or a Go duration such as "10s", "1m30s" or "1h"`,
    );
    return fallback;
  }
  if (value !== undefined && value !== null) {
    r.wrongType(parent, key, 'a duration (nanoseconds or a string such as "10s")', value);
  }
  return fallback;
}

/** readInstant returns an instant field (an RFC 3339 string or integer Unix nanoseconds), or `fallback` when absent. */
export function readInstant(r: Reader, value: unknown, parent: string, key: string, fallback: Instant): Instant {
  if (typeof value === 'string') {
    const t = parseRfc3339(value);
    if (t !== null) return t;
    r.report(
      DiagnosticCode.BadInstant,
      childPath(parent, key),
      `${describeValue(value)} is not a time: give RFC 3339 such as "2026-01-01T00:00:05Z" or Unix nanoseconds`,
    );
    return fallback;
  }
  if (typeof value === 'number') {
    if (Number.isInteger(value) && Math.abs(value) <= MAX_INT64) return value;
    r.report(
      DiagnosticCode.OutOfRange,
      childPath(parent, key),
      `expected a time as whole Unix nanoseconds within Go's int64, got ${describeValue(value)}`,
    );
    return fallback;
  }
  if (value !== undefined && value !== null) {
    r.wrongType(parent, key, 'a time (an RFC 3339 string or Unix nanoseconds)', value);
  }
  return fallback;
}

/** readEnum returns a string field that must be one of `allowed`, or `fallback` when absent. */
export function readEnum<T extends string>(
  r: Reader,
  value: unknown,
  parent: string,
  key: string,
  allowed: readonly T[],
  fallback: T,
): T {
  if (typeof value === 'string') {
    if ((allowed as readonly string[]).includes(value)) return value as T;
    r.report(
      DiagnosticCode.NotInEnum,
      childPath(parent, key),
      `${describeValue(value)} is not one of ${listChoices(allowed)}`,
    );
    return fallback;
  }
  if (value !== undefined && value !== null) r.wrongType(parent, key, `one of ${listChoices(allowed)}`, value);
  return fallback;
}

// listChoices renders the values an enum allows, showing "" where it is one.
function listChoices(allowed: readonly string[]): string {
  return allowed.map((a) => (a === '' ? '""' : a)).join(', ');
}

/**
 * readStringMap copies a map of strings (Meta, Env) into an object without
 * a prototype, so that keys such as `__proto__` stay plain keys. Absent is
 * an empty map.
 */
export function readStringMap(r: Reader, value: unknown, parent: string, key: string): Record<string, string> {
  const map = Object.create(null) as Record<string, string>;
  const source = readObject(r, value, parent, key);
  if (source === null) return map;
  for (const k of Object.keys(source)) {
    const v = source[k];
    if (typeof v === 'string') map[k] = v;
    else r.wrongType(childPath(parent, key), k, 'a string', v);
  }
  return map;
}

/** readStringList returns a list of strings (Datacenters, PlacedCanaries); absent is empty. */
export function readStringList(r: Reader, value: unknown, parent: string, key: string): string[] {
  const source = readArray(r, value, parent, key);
  if (source === null) return [];
  const path = childPath(parent, key);
  const list: string[] = [];
  for (let i = 0; i < source.length; i++) {
    const v = source[i];
    if (typeof v === 'string') list.push(v);
    else r.report(DiagnosticCode.WrongType, indexPath(path, i), `expected a string, got ${describeValue(v)}`);
  }
  return list;
}

/**
 * readJson checks a free-form JSON value (task config, a template) and
 * returns it as it is, without copying: only JSON types, and no deeper than
 * MAX_JSON_DEPTH (which also ends cycles in a value that was not parsed from
 * text). Absent is `fallback`.
 */
export function readJson(r: Reader, value: unknown, parent: string, key: string, fallback: JsonValue): JsonValue {
  if (value === undefined) return fallback;
  return checkJsonAt(r, value, childPath(parent, key), 0) ? (value as JsonValue) : fallback;
}

/** readJsonObject is readJson for a value that must be an object (task config); absent or null is an empty object. */
export function readJsonObject(r: Reader, value: unknown, parent: string, key: string): Record<string, JsonValue> {
  const source = readObject(r, value, parent, key);
  if (source === null) return Object.create(null) as Record<string, JsonValue>;
  return checkJsonAt(r, source, childPath(parent, key), 0)
    ? (source as Record<string, JsonValue>)
    : (Object.create(null) as Record<string, JsonValue>);
}

/** readJsonList is readJson for a list (artifacts, templates); absent or null is empty. */
export function readJsonList(r: Reader, value: unknown, parent: string, key: string): JsonValue[] {
  const source = readArray(r, value, parent, key);
  if (source === null) return [];
  return checkJsonAt(r, source, childPath(parent, key), 0) ? (source as JsonValue[]) : [];
}

/** readObjectList is readJsonList for a list of objects (affinities, spreads, constraints). */
export function readObjectList(r: Reader, value: unknown, parent: string, key: string): JsonObject[] {
  const source = readArray(r, value, parent, key);
  if (source === null) return [];
  let ok = true;
  for (let i = 0; i < source.length; i++) {
    const v = source[i];
    if (!isObject(v)) {
      r.report(
        DiagnosticCode.WrongType,
        indexPath(childPath(parent, key), i),
        `expected an object, got ${describeValue(v)}`,
      );
      ok = false;
    } else if (!checkJsonAt(r, v, indexPath(childPath(parent, key), i), 1)) {
      ok = false;
    }
  }
  return ok ? (source as JsonObject[]) : [];
}

// checkJsonAt reports the first problem checkJson finds, at its full path.
function checkJsonAt(r: Reader, value: unknown, path: string, depth: number): boolean {
  const problem = checkJson(value, depth);
  if (problem === null) return true;
  let full = path;
  for (let i = problem.segments.length - 1; i >= 0; i--) {
    const s = problem.segments[i]!;
    full = typeof s === 'number' ? indexPath(full, s) : childPath(full, s);
  }
  r.report(problem.code, full, problem.message);
  return false;
}

// JsonProblem is what checkJson found wrong; segments lead from the value
// checked to the culprit, innermost first, so that paths are built only on
// failure.
interface JsonProblem {
  code: DiagnosticCodeValue;
  message: string;
  segments: (string | number)[];
}

// checkJson walks a value and returns the first thing in it that JSON cannot
// hold, or nesting beyond MAX_JSON_DEPTH; null when it is all JSON.
function checkJson(value: unknown, depth: number): JsonProblem | null {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return null;
    case 'number':
      if (Number.isFinite(value)) return null;
      return {
        code: DiagnosticCode.WrongType,
        message: `expected a JSON value, got ${describeValue(value)}`,
        segments: [],
      };
    case 'object':
      break;
    default:
      return {
        code: DiagnosticCode.WrongType,
        message: `expected a JSON value, got ${describeValue(value)}`,
        segments: [],
      };
  }
  if (value === null) return null;
  if (depth >= MAX_JSON_DEPTH) {
    return { code: DiagnosticCode.TooDeep, message: `nests more than ${MAX_JSON_DEPTH} levels deep`, segments: [] };
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const problem = checkJson(value[i], depth + 1);
      if (problem !== null) {
        problem.segments.push(i);
        return problem;
      }
    }
    return null;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) {
    return { code: DiagnosticCode.WrongType, message: 'expected a plain JSON object', segments: [] };
  }
  const object = value as JsonObject;
  for (const k in object) {
    if (!Object.prototype.hasOwnProperty.call(object, k)) continue;
    const problem = checkJson(object[k], depth + 1);
    if (problem !== null) {
      problem.segments.push(k);
      return problem;
    }
  }
  return null;
}
