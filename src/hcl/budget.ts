// Budgets on reading one HCL jobspec, as the JSON reader has its own
// (../budget.ts): how deep its text nests, and how much its evaluation may
// produce and do. HCL computes (range, for expressions, template
// directives, setproduct, string functions), so a short text can ask for
// unbounded work; the evaluator counts it as it goes and stops at the first
// budget passed, with a diagnostic at the expression that passed it.

import { EvalProblem } from './eval/problem.ts';
import type { Span } from './syntax/ast.ts';

/**
 * HCL_BUDGET is what one jobspec read takes on: nesting levels in the text
 * (parentheses, brackets, braces, templates, directives, blocks, operator
 * chains, index steps), values produced by its evaluation (elements of
 * tuples, objects, for expressions and function results, blocks made by
 * dynamic blocks), the length of any one string, and evaluation steps (an
 * expression evaluated, one iteration, one value a function takes or
 * gives, one 16-character piece of a string it takes or gives, one
 * character a regular expression searches). The
 * benchmark's 500-line jobspec needs 9 levels, 74 values, 148 characters
 * and 582 steps; each limit is far above that, and together they keep a
 * read to about a second of work and a few hundred megabytes at worst.
 */
export const HCL_BUDGET: HclBudget = { depth: 128, values: 250_000, chars: 4 * 1024 * 1024, steps: 5_000_000 };

/** HclBudget is a limit on a jobspec's nesting, values, string length and steps; tests pass smaller ones. */
export interface HclBudget {
  depth: number;
  values: number;
  chars: number;
  steps: number;
}

/** BudgetProblem is an evaluation stopped by a budget; `repeat` marks it thrown again after the first (reported once). */
export class BudgetProblem extends EvalProblem {
  constructor(
    summary: string,
    detail: string,
    span: Span,
    readonly repeat = false,
  ) {
    super(summary, detail, span);
  }
}

/** CHARS_PER_STEP is how many characters of a string a function takes or gives count as one step. */
export const CHARS_PER_STEP = 16;

/** tooDeep is the sentence of a text nesting deeper than `depth` levels, at the level that passed it. */
export function tooDeep(depth: number): { summary: string; detail: string } {
  return {
    summary: 'Nesting too deep',
    detail: `This expression or block nests more than the ${grouped(depth)} levels the playground reads: level ${grouped(depth + 1)} starts here.`,
  };
}

/**
 * Meter counts one jobspec read's evaluation against a budget: steps and
 * values are summed over the whole read, strings are measured one by one.
 * Once a sum is over, every later count throws again, so that no caller
 * catching the first refusal (try, can) goes on working.
 */
export class Meter {
  private steps = 0;
  private values = 0;
  // measures caches each collection's measure: values are never changed once made.
  private readonly measures = new WeakMap<object, Measure>();

  constructor(readonly budget: HclBudget = HCL_BUDGET) {}

  /** step counts `n` steps of work done at `span`. */
  step(span: Span, n = 1): void {
    this.steps += n;
    if (this.steps > this.budget.steps)
      throw overTotal('Too much work', 'steps', this.steps, n, this.budget.steps, span);
  }

  /** produce counts `n` values made at `span`. */
  produce(span: Span, n: number): void {
    this.values += n;
    if (this.values > this.budget.values)
      throw overTotal('Too many values', 'values', this.values, n, this.budget.values, span);
  }

  /** chars checks that a string of `length` characters, about to be made at `span`, is within the budget. */
  chars(span: Span, length: number): void {
    if (length <= this.budget.chars) return;
    throw new BudgetProblem(
      'String too long',
      `This makes a string of ${grouped(length)} characters, ${grouped(length - this.budget.chars)} more than the ${grouped(this.budget.chars)} the playground holds.`,
      span,
    );
  }

  /**
   * kept counts a value kept at `span` (a function's result, a local's or
   * an argument's value) as the values of its whole tree (a value used
   * twice counts twice, as what walks it afterwards, conversion and JSON,
   * walks it twice), and checks its depth: the values a jobspec writes are
   * as deep as its text, but a function (jsondecode) or a chain of locals
   * each wrapping the last could nest them deeper than what walks them can
   * recurse.
   */
  kept(span: Span, v: unknown): void {
    const [, depth, count] = this.measure(v);
    this.produce(span, count);
    this.depth(span, depth);
  }

  /** depth checks that a value made at `span`, nesting `depth` levels deep, is within the budget. */
  depth(span: Span, depth: number): void {
    if (depth <= this.budget.depth) return;
    throw new BudgetProblem(
      'Nesting too deep',
      `This value nests ${grouped(depth)} levels deep, ${grouped(depth - this.budget.depth)} more than the ${grouped(this.budget.depth)} the playground reads.`,
      span,
    );
  }

  /**
   * weigh is a value's size in steps: one per value in it, counted as a
   * tree (a value used twice counts twice, as it would be written out), and
   * one per 16 characters of each string. Each collection is weighed once.
   */
  weigh(v: unknown): number {
    return this.measure(v)[0];
  }

  // measure is a value's weight, depth (a scalar is at level 0) and count of values, each collection's measured once.
  private measure(v: unknown): Measure {
    if (typeof v === 'string') return [1 + Math.floor(v.length / CHARS_PER_STEP), 0, 1];
    if (typeof v !== 'object' || v === null) return [1, 0, 1];
    const known = this.measures.get(v);
    if (known !== undefined) return known;
    // Children first, with a stack of its own, so that no depth overflows it.
    const stack: [object, boolean][] = [[v, false]];
    while (stack.length > 0) {
      const [c, ready] = stack.pop()!;
      if (this.measures.has(c)) continue;
      const children = Array.isArray(c) ? (c as unknown[]) : [...(c as Map<string, unknown>).values()];
      if (!ready) {
        stack.push([c, true]);
        for (const child of children)
          if (typeof child === 'object' && child !== null && !this.measures.has(child)) stack.push([child, false]);
        continue;
      }
      let weight = 1;
      let depth = 0;
      let count = 1;
      for (const child of children) {
        const [w, d, n] = this.measure(child);
        weight += w;
        count += n;
        if (d > depth) depth = d;
      }
      this.measures.set(c, [weight, depth + 1, count]);
    }
    return this.measures.get(v)!;
  }
}

// overTotal is the refusal of a running total past its limit after `added` more, a repeat when it was past already.
function overTotal(summary: string, unit: string, total: number, added: number, limit: number, span: Span) {
  return new BudgetProblem(
    summary,
    `Evaluating this takes the jobspec to ${grouped(total)} ${unit}, ${grouped(total - limit)} more than the ${grouped(limit)} the playground evaluates.`,
    span,
    total - added > limit,
  );
}

// Measure is a value's weight (in steps), depth and count of values, each as a tree.
type Measure = [weight: number, depth: number, count: number];

/** grouped writes a count with thousands separators, as every budget sentence does. */
export const grouped = (v: number) => v.toLocaleString('en-US');

/**
 * depthOf is how deep a parsed JSON value nests, as measureJson counts it
 * (an array or object is one level deeper than its parent, a scalar is at
 * level 0). It recurses, which is faster than keeping a stack, down to
 * RECURSION_LEVELS; a value nested deeper than that is walked again with a
 * stack of its own, so no depth overflows it.
 */
export function depthOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  const depth = depthBelow(value, 1);
  return depth > RECURSION_LEVELS ? depthByStack(value) : depth;
}

// RECURSION_LEVELS is how deep depthBelow goes: far below any call stack's
// limit, and above the depth of anything the budgets let through.
const RECURSION_LEVELS = 256;

// depthBelow is the depth of the container at `level`; it stops, with a
// depth past RECURSION_LEVELS, as soon as it finds one.
function depthBelow(container: object, level: number): number {
  if (level > RECURSION_LEVELS) return level;
  let deepest = level;
  if (Array.isArray(container)) {
    for (let i = 0; i < container.length; i++) {
      const child: unknown = container[i];
      if (typeof child === 'object' && child !== null) {
        const depth = depthBelow(child, level + 1);
        if (depth > deepest) deepest = depth;
        if (depth > RECURSION_LEVELS) break;
      }
    }
  } else {
    for (const key in container) {
      const child = ownValue(container, key);
      if (typeof child === 'object' && child !== null) {
        const depth = depthBelow(child, level + 1);
        if (depth > deepest) deepest = depth;
        if (depth > RECURSION_LEVELS) break;
      }
    }
  }
  return deepest;
}

// ownValue is what an object's own field holds. JSON.parse makes
// "__proto__" an own property, which reading it by name would not give (it
// gives the prototype).
function ownValue(container: object, key: string): unknown {
  return key === '__proto__'
    ? Object.getOwnPropertyDescriptor(container, key)?.value
    : (container as Record<string, unknown>)[key];
}

// depthByStack is depthOf for any depth, with a stack of containers.
function depthByStack(value: object): number {
  const containers: object[] = [value];
  const levels: number[] = [1];
  let deepest = 0;
  while (containers.length > 0) {
    const container = containers.pop()!;
    const level = levels.pop()!;
    if (level > deepest) deepest = level;
    // for-in visits an array's indexes too, but an index loop is faster.
    if (Array.isArray(container)) {
      for (let i = 0; i < container.length; i++) {
        const child: unknown = container[i];
        if (typeof child === 'object' && child !== null) {
          containers.push(child);
          levels.push(level + 1);
        }
      }
    } else {
      for (const key in container) {
        const child = ownValue(container, key);
        if (typeof child === 'object' && child !== null) {
          containers.push(child);
          levels.push(level + 1);
        }
      }
    }
  }
  return deepest;
}
