// Helpers for the HCL tests: one expression evaluated with the jobspec
// function library.

import { Context, evaluate } from '../../src/hcl/eval/eval.ts';
import { JOBSPEC_FUNCTIONS } from '../../src/jobspec/jobspec2/functions.ts';
import { fromJson, toJson } from '../../src/hcl/eval/value.ts';
import { parseExpression } from '../../src/hcl/syntax/parse.ts';

/** value evaluates one expression, with optional variables given as JSON. */
export function value(src: string, vars: Record<string, unknown> = {}): unknown {
  const parsed = parseExpression(src);
  if (!parsed.expr) throw new Error(parsed.problems.map((p) => `${p.summary}; ${p.detail}`).join('\n'));
  const ctx = new Context(
    { functions: JOBSPEC_FUNCTIONS },
    new Map(Object.entries(vars).map(([k, v]) => [k, fromJson(v)])),
  );
  return toJson(evaluate(parsed.expr, ctx));
}

/** failure evaluates one expression that must fail, and returns HCL's summary and detail. */
export function failure(src: string): string {
  try {
    value(src);
  } catch (e) {
    if (e instanceof Error) return e.message;
  }
  throw new Error(`expected ${src} to fail`);
}
