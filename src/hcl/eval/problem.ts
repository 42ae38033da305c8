// The errors an evaluation can end with.

import type { Span } from '../syntax/ast.ts';

/** EvalProblem is an evaluation error: HCL's summary and detail, and where. */
export class EvalProblem extends Error {
  constructor(
    readonly summary: string,
    readonly detail: string,
    readonly span: Span,
  ) {
    super(`${summary}; ${detail}`);
  }
}

/** FunctionArgError is a function's complaint about one of its arguments (by position). */
export class FunctionArgError extends Error {
  constructor(
    readonly index: number,
    message: string,
  ) {
    super(message);
  }
}
