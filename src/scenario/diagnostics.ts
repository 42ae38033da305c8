// Diagnostics: what the scenario reader says about a document it cannot
// accept. Bad input never throws; every problem becomes one of these, with
// the JSON path it concerns and, for text input, where in the text it is.

import type { HclDiagnosticCode } from '../jobspec/index.ts';

/**
 * Diagnostic is one problem with a scenario document. `path` names the value
 * (`Allocations[3].ClientStatus`; "" for the document itself or a JSON
 * syntax error) and `message` says what was expected there, without
 * repeating the path. Lines and columns are 1-based and count UTF-16 code
 * units, as editors do; they are present only when the input was text.
 */
export interface Diagnostic {
  code: DiagnosticCodeValue;
  path: string;
  message: string;
  line?: number;
  column?: number;
  endLine?: number;
  endColumn?: number;
  /** file names the file the problem is in when it is not the document itself: a var file given to the command line (`--var-file`). */
  file?: string;
  /** severity is "warning" for a problem that does not stop the read (a field Nomad's API does not have); absent for an error. */
  severity?: 'warning';
}

/** DiagnosticCode names every kind of problem the reader reports, so that callers can tell them apart without parsing messages. */
export const DiagnosticCode = {
  /** JsonSyntax: the text is not JSON. */
  JsonSyntax: 'json-syntax',
  /** WrongType: a value has the wrong JSON type (a number where a string belongs, …). */
  WrongType: 'wrong-type',
  /** Required: a field that has no default is absent or null. */
  Required: 'required',
  /** NotInEnum: a string is not one of the values the field allows. */
  NotInEnum: 'not-in-enum',
  /** OutOfRange: a number is negative, fractional, too large, or a count beyond what the engine models. */
  OutOfRange: 'out-of-range',
  /** BadDuration: a string is not a Go duration. */
  BadDuration: 'bad-duration',
  /** BadInstant: a string is not an RFC 3339 time. */
  BadInstant: 'bad-instant',
  /** Duplicate: an ID, name or version that must be unique is repeated. */
  Duplicate: 'duplicate',
  /** UnknownReference: a reference (an allocation's JobVersion) matches nothing. */
  UnknownReference: 'unknown-reference',
  /** Mismatch: two fields that must agree do not (a job version's ID). */
  Mismatch: 'mismatch',
  /** Unsupported: valid Nomad input that the playground does not model (system jobs, HCL jobspecs). */
  Unsupported: 'unsupported',
  /** TooDeep: arbitrary JSON (task config, templates, …) nests deeper than the reader follows. */
  TooDeep: 'too-deep',
  /** UnknownField: a warning: a job's object has a field that Nomad's API does not have (Go's decoder drops it). */
  UnknownField: 'unknown-field',
  /** UnknownNode: a warning: allocations are on nodes that Nodes does not list (Nomad takes them for garbage-collected: lost). */
  UnknownNode: 'unknown-node',
  /** OverBudget: the document is larger, deeper or holds more values than the playground reads (see scenario/json.ts). */
  OverBudget: 'over-budget',
  /** TooManyErrors: the reader stopped collecting after MAX_DIAGNOSTICS problems. */
  TooManyErrors: 'too-many-errors',
} as const;

/**
 * DiagnosticCodeValue is every code a diagnostic can carry: the scenario
 * reader's (DiagnosticCode) and the HCL jobspec reader's (HclDiagnosticCode).
 * A view or a tool tells problems apart by these, never by their messages.
 */
export type DiagnosticCodeValue =
  (typeof DiagnosticCode)[keyof typeof DiagnosticCode] | (typeof HclDiagnosticCode)[keyof typeof HclDiagnosticCode];

/**
 * diagnosticText is the one way a diagnostic is written as text:
 * `PATH: message`, or the message alone for the document itself. With
 * `position`, a diagnostic without a path is placed by its `line:column`
 * (a JSON syntax error), as the command line prints it.
 */
export function diagnosticText(d: Pick<Diagnostic, 'path' | 'message' | 'line' | 'column'>, position = false): string {
  let where = d.path;
  if (!where && position && d.line !== undefined)
    where = d.column !== undefined ? `${d.line}:${d.column}` : `${d.line}`;
  return where ? `${where}: ${d.message}` : d.message;
}

/** MAX_DIAGNOSTICS is how many problems the reader collects before it stops; a document with more is mostly noise after that. */
export const MAX_DIAGNOSTICS = 100;
