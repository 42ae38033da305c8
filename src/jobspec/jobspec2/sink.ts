// What one jobspec read collects besides the job: its errors, its hints
// (settings this reconciler does not read), and the place of each API path.

import { SCHEMAS, type StructSchema } from './schema.ts';
import { SCHEMAS_16 } from './schema16.ts';
import type { SourceRange } from '../../hcl/range.ts';
import { BudgetProblem } from '../../hcl/budget.ts';
import { EvalProblem } from '../../hcl/eval/problem.ts';
import type { Span } from '../../hcl/syntax/ast.ts';
import { LineIndex } from '../../hcl/syntax/lines.ts';

/** HclDiagnosticCode names the problems found while reading a jobspec. */
export const HclDiagnosticCode = {
  /** Syntax: the text is not HCL's native syntax. */
  Syntax: 'hcl-syntax',
  /** Unsupported: an argument or block that Nomad does not accept there. */
  Unsupported: 'hcl-unsupported',
  /** ValueType: a value of the wrong type for its argument. */
  ValueType: 'hcl-value-type',
  /** Structure: a missing or repeated block, a missing or extra label. */
  Structure: 'hcl-structure',
  /** Evaluation: an expression that cannot be evaluated (an unknown attribute, a failed function call). */
  Evaluation: 'hcl-evaluation',
  /** Variable: a variable that is unset, undeclared, or whose value is refused. */
  Variable: 'hcl-variable',
  /** NotRead: (a hint) a Nomad 1.x setting that this reconciler does not read. */
  NotRead: 'hcl-not-read',
} as const;

/** HclDiagnosticCodeValue is one of HclDiagnosticCode's codes: the only codes a jobspec read reports. */
export type HclDiagnosticCodeValue = (typeof HclDiagnosticCode)[keyof typeof HclDiagnosticCode];

/**
 * JobSpecDiagnostic is one problem (or hint) of a jobspec read: HCL's
 * summary and detail as one message, its code, and its place in the text
 * (1-based lines and columns, in UTF-16 code units), in a var file when
 * `file` says so. It has the shape of the scenario reader's Diagnostic, whose
 * codes include these, so that the scenario takes it as one of its own.
 */
export interface JobSpecDiagnostic {
  code: HclDiagnosticCodeValue;
  path: string;
  message: string;
  line?: number;
  column?: number;
  endLine?: number;
  endColumn?: number;
  file?: string;
}

/** JOBSPEC_PATH is the scenario path that diagnostics about the jobspec text carry. */
export const JOBSPEC_PATH = 'JobSpec';

/** Sink collects one read's diagnostics, hints and places. */
export class Sink {
  readonly diagnostics: JobSpecDiagnostic[];
  readonly hints: JobSpecDiagnostic[];
  /** places maps an API path (`Job.TaskGroups[0].Count`) to where it is written (as offsets: rangeOf turns one into lines and columns). */
  readonly places = new Map<string, Span>();
  readonly lines: LineIndex;
  /** schemas are the api structs the jobspec decodes into: v1.1.0's, or v1.6.5's for a scenario that asks for Nomad 1.6 (forNomad16). */
  schemas: Readonly<Record<string, StructSchema>>;
  /** reconciler names the reconciler that does or does not read a setting, for hints. */
  reconciler = "Nomad 0.12's";

  /**
   * A sink reads places in `text`; `file` names it when it is not the
   * jobspec (a var file), and `parent` is the jobspec's sink, which collects
   * every diagnostic of the read. `name` is how a message that points into
   * the text names it, as HCL writes a place (`job.hcl:3,3-13`): the file's
   * name, or the jobspec's where the command line gives it (none on the page).
   */
  constructor(
    readonly text: string,
    readonly file?: string,
    parent?: Sink,
    readonly name = file,
  ) {
    this.lines = new LineIndex(text);
    this.diagnostics = parent?.diagnostics ?? [];
    this.hints = parent?.hints ?? [];
    this.schemas = parent?.schemas ?? SCHEMAS;
    if (parent) this.reconciler = parent.reconciler;
  }

  /** forNomad16 makes this read decode as Nomad v1.6.5's api package does, for its reconciler. */
  forNomad16(): void {
    this.schemas = SCHEMAS_16;
    this.reconciler = "Nomad 1.6's";
  }

  /** error reports a problem at a place, as HCL words it: a summary, then a detail; the same problem at the same place once. */
  error(code: HclDiagnosticCodeValue, summary: string, detail: string, span: Span): void {
    // A dynamic block repeats its content's problems once per block it makes: each is reported once.
    if (!this.once(`error@${span.start}:${span.end}:${summary}:${detail}`)) return;
    this.diagnostics.push({
      code,
      path: JOBSPEC_PATH,
      message: detail ? `${summary}; ${detail}` : summary,
      ...(this.file === undefined ? {} : { file: this.file }),
      ...this.lines.range(span),
    });
  }

  /** problem reports an evaluation error; a budget's refusal once (every evaluation after it is refused again). */
  problem(e: EvalProblem): void {
    if (e instanceof BudgetProblem && e.repeat) return;
    this.error(HclDiagnosticCode.Evaluation, e.summary, e.detail, e.span);
  }

  /** catching runs `f`, reporting an evaluation error it throws; undefined then. */
  catching<T>(f: () => T): T | undefined {
    try {
      return f();
    } catch (e) {
      if (e instanceof EvalProblem) {
        this.problem(e);
        return undefined;
      }
      throw e;
    }
  }

  /** hint points out a setting at a place, once (a dynamic block may generate it many times). */
  hint(message: string, span: Span): void {
    if (!this.once(`hint@${span.start}:${message}`)) return;
    this.hints.push({ code: HclDiagnosticCode.NotRead, path: JOBSPEC_PATH, message, ...this.lines.range(span) });
  }

  /** place records where the value at an API path is written (the first place given wins). */
  place(path: string, span: Span): void {
    if (!this.places.has(path)) this.places.set(path, span);
  }

  /** rangeOf is a span's place in lines and columns. */
  rangeOf(span: Span): SourceRange {
    return this.lines.range(span);
  }

  /** rangeText writes a place as HCL's messages do: `name:line,column-endColumn`, without the name when the text has none. */
  rangeText(span: Span): string {
    const r = this.lines.range(span);
    const at =
      r.endLine === r.line
        ? `${r.line},${r.column}-${r.endColumn}`
        : `${r.line},${r.column}-${r.endLine},${r.endColumn}`;
    return this.name === undefined ? at : `${this.name}:${at}`;
  }

  private readonly reported = new Set<string>();

  /** once tells whether `key` is seen for the first time (to report a problem once). */
  once(key: string): boolean {
    if (this.reported.has(key)) return false;
    this.reported.add(key);
    return true;
  }

  /** hasErrors tells whether any error was reported. */
  get hasErrors(): boolean {
    return this.diagnostics.length > 0;
  }
}
