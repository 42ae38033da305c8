// Evaluating HCL expressions, as hclsyntax's expression nodes evaluate
// themselves: operators, conditionals, `for` expressions, splats, indexes
// and attributes, templates and function calls. A problem stops the
// expression with HCL's summary and detail at the place of the part at fault.

import { BudgetProblem, type Meter } from '../budget.ts';
import type { Expr, Span, TemplatePart, TraversalStep } from '../syntax/ast.ts';
import { nameSuggestion } from '../suggest.ts';
import { EvalProblem, FunctionArgError } from './problem.ts';
import { typeExpr } from './types.ts';
import {
  ConversionError,
  type Type,
  type Value,
  type ValueMap,
  convert,
  equal,
  isMap,
  sortedKeys,
  typeOfValue,
} from './value.ts';

/** Param is one parameter of a function: its name (for messages), its type, and whether it takes null. */
export interface Param {
  name: string;
  type: Type;
  allowNull?: boolean;
}

/** Func is a function callable from expressions, as cty's function.Spec describes one. */
export interface Func {
  params: Param[];
  varParam?: Param;
  /** impl computes the result; one whose result may be much larger than its arguments checks it with `budget` before making it. */
  impl(args: Args, budget: CallBudget): Value;
}

/** CallBudget is the part of the read's budget a function checks before it makes a large result: a string's length, a number of values, characters of work. */
export interface CallBudget {
  chars(length: number): void;
  values(count: number): void;
  /** steps counts `n` steps of work the function is about to do. */
  steps(n: number): void;
  /** nesting checks a value's depth (a scalar is at level 0). */
  nesting(depth: number): void;
}

// UNLIMITED is the budget of a call outside any read's meter (a constant context has no functions; tests).
const UNLIMITED: CallBudget = {
  chars: () => undefined,
  values: () => undefined,
  steps: () => undefined,
  nesting: () => undefined,
};

/** Args are a call's converted arguments: as many as the function's parameters, at least (the evaluator checks the count). */
export type Args = [Value, Value, Value, Value, ...Value[]];

/** Scope holds the functions, the text (for references kept literal) and what an undefined variable becomes. */
export interface Scope {
  functions: ReadonlyMap<string, Func>;
  /** constant: no variables and no functions at all (HCL's nil context: a variable's default, a -var value). */
  constant?: boolean;
  /** undefinedVariable gives the value of a reference to a variable that is not defined, or undefined to report it. */
  undefinedVariable?: (expr: Expr & { kind: 'scope' }) => Value | undefined;
  /** meter counts the read's work against its budget (absent only where nothing can multiply work: no functions, or a test). */
  meter?: Meter;
}

/** Context is the variables visible to an expression: its own and its parents'. */
export class Context {
  constructor(
    readonly scope: Scope,
    readonly vars: ReadonlyMap<string, Value>,
    readonly parent: Context | null = null,
    /** anon is the element a splat is applied to. */
    readonly anon: Value = null,
  ) {}

  /** child is a context with more variables (a for expression's, a dynamic block's iterator). */
  child(vars: ReadonlyMap<string, Value>): Context {
    return new Context(this.scope, vars, this, this.anon);
  }

  lookup(name: string): Value | undefined {
    if (this.vars.has(name)) return this.vars.get(name);
    return this.parent?.lookup(name);
  }
}

/**
 * evaluateKept evaluates an expression whose value is kept (an argument of
 * the job, a local), counting its whole tree against the budget: what
 * comes after walks all of it.
 */
export function evaluateKept(e: Expr, ctx: Context): Value {
  const v = evaluate(e, ctx);
  ctx.scope.meter?.kept(e.span, v);
  return v;
}

/** evaluate computes an expression's value in a context; throws EvalProblem. */
export function evaluate(e: Expr, ctx: Context): Value {
  ctx.scope.meter?.step(e.span);
  switch (e.kind) {
    case 'literal':
      if (typeof e.value === 'number' && !Number.isFinite(e.value)) throw tooLargeNumber(e.span);
      return e.value;
    case 'template':
      return template(e, ctx);
    case 'paren':
      return evaluate(e.inner, ctx);
    case 'anon':
      return ctx.anon;
    case 'scope': {
      let v = ctx.lookup(e.root);
      if (v === undefined && ctx.scope.constant)
        throw new EvalProblem('Variables not allowed', 'Variables may not be used here.', e.span);
      if (v === undefined) {
        v = ctx.scope.undefinedVariable?.(e);
        if (v === undefined)
          throw new EvalProblem('Unknown variable', `There is no variable named "${e.root}".`, e.rootSpan);
        return v;
      }
      for (const step of e.steps) v = traverse(v, step);
      return v;
    }
    case 'getattr':
      return getAttr(evaluate(e.source, ctx), e.name, e.nameSpan);
    case 'index':
      return index(evaluate(e.source, ctx), evaluate(e.key, ctx), e.key.span);
    case 'splat': {
      const source = evaluate(e.source, ctx);
      if (source === null) return [];
      const list = Array.isArray(source) ? source : [source];
      ctx.scope.meter?.produce(e.span, list.length);
      return list.map((el) => evaluate(e.each, new Context(ctx.scope, new Map(), ctx, el)));
    }
    case 'call':
      return call(e, ctx);
    case 'tuple':
      ctx.scope.meter?.produce(e.span, e.items.length);
      return e.items.map((i) => evaluate(i, ctx));
    case 'object': {
      ctx.scope.meter?.produce(e.span, e.items.length);
      const out: ValueMap = new Map();
      for (const item of e.items) {
        let key: string;
        if (item.bareKey !== null) key = item.bareKey;
        else {
          const k = evaluate(item.key, ctx);
          if (k === null) throw new EvalProblem('Null value as key', "Can't use a null value as a key.", item.key.span);
          key = asString(k, item.key.span, 'Incorrect key type', "Can't use this value as a key");
        }
        out.set(key, evaluate(item.value, ctx));
      }
      return out;
    }
    case 'for':
      return forExpr(e, ctx);
    case 'unary': {
      const v = evaluate(e.operand, ctx);
      if (e.op === '-') return -operand(v, 'number', e.operand.span, 'Unsuitable value for unary operand');
      return !operand(v, 'bool', e.operand.span, 'Unsuitable value for unary operand');
    }
    case 'binary':
      return binary(e, ctx);
    case 'conditional': {
      const c = evaluate(e.cond, ctx);
      if (c === null)
        throw new EvalProblem(
          'Null condition',
          'The condition value is null. Conditions must either be true or false.',
          e.cond.span,
        );
      let cond: boolean;
      try {
        cond = convert(c, 'bool') as boolean;
      } catch (err) {
        if (err instanceof ConversionError)
          throw new EvalProblem(
            'Incorrect condition type',
            'The condition expression must be of type bool.',
            e.cond.span,
          );
        throw err;
      }
      const chosen = evaluate(cond ? e.then : e.else, ctx);
      return unifyConditional(chosen, cond ? e.else : e.then, ctx);
    }
  }
}

// unifyConditional gives a conditional's result the type both its results
// share, as HCL unifies them: a number or bool beside a string becomes a
// string. The other result's type is judged from its literal form only.
function unifyConditional(chosen: Value, other: Expr, ctx: Context): Value {
  if (typeof chosen === 'string' || chosen === null || typeof chosen === 'object') return chosen;
  let otherValue: Value;
  try {
    otherValue = evaluate(other, ctx);
  } catch (err) {
    if (err instanceof BudgetProblem) throw err;
    return chosen;
  }
  return typeof otherValue === 'string' ? convert(chosen, 'string') : chosen;
}

/** traverse applies one static step of a reference. */
export function traverse(v: Value, step: TraversalStep): Value {
  return step.kind === 'attr' ? getAttr(v, step.name, step.span) : index(v, step.key, step.span);
}

function getAttr(v: Value, name: string, span: Span): Value {
  if (v === null)
    throw new EvalProblem(
      'Attempt to get attribute from null value',
      'This value is null, so it does not have any attributes.',
      span,
    );
  if (isMap(v)) {
    if (!v.has(name))
      throw new EvalProblem('Unsupported attribute', `This object does not have an attribute named "${name}".`, span);
    return v.get(name) as Value;
  }
  if (Array.isArray(v)) {
    throw new EvalProblem(
      'Unsupported attribute',
      `Can't access attributes on a list of objects. Did you mean to access attribute "${name}" for a specific element of the list, or across all elements of the list?`,
      span,
    );
  }
  throw new EvalProblem(
    'Unsupported attribute',
    `Can't access attributes on a primitive-typed value (${typeOfValue(v)}).`,
    span,
  );
}

function index(v: Value, key: Value, span: Span): Value {
  if (v === null)
    throw new EvalProblem('Attempt to index null value', 'This value is null, so it does not have any indices.', span);
  if (key === null) throw new EvalProblem('Invalid index', "Can't use a null value as an indexing key.", span);
  if (Array.isArray(v)) {
    let n: number;
    try {
      n = convert(key, 'number') as number;
    } catch {
      throw new EvalProblem(
        'Invalid index',
        'The given key does not identify an element in this collection value: a number is required.',
        span,
      );
    }
    if (!Number.isInteger(n) || n < 0 || n >= v.length)
      throw new EvalProblem(
        'Invalid index',
        'The given key does not identify an element in this collection value.',
        span,
      );
    return v[n] as Value;
  }
  if (isMap(v)) {
    if (typeof key !== 'string' && typeof key !== 'number' && typeof key !== 'boolean')
      throw new EvalProblem(
        'Invalid index',
        'The given key does not identify an element in this collection value: string required.',
        span,
      );
    const k = convert(key, 'string') as string;
    if (!v.has(k))
      throw new EvalProblem(
        'Invalid index',
        'The given key does not identify an element in this collection value.',
        span,
      );
    return v.get(k) as Value;
  }
  throw new EvalProblem('Invalid index', 'This value does not have any indices.', span);
}

// asString converts a value to a string for a template or a key, or reports it.
function asString(v: Value, span: Span, summary: string, lead: string): string {
  try {
    return convert(v, 'string') as string;
  } catch (err) {
    if (err instanceof ConversionError) throw new EvalProblem(summary, `${lead}: ${err.message}.`, span);
    throw err;
  }
}

// operand converts an operator's operand to the type the operator takes.
function operand(v: Value, type: 'number', span: Span, lead: string): number;
function operand(v: Value, type: 'bool', span: Span, lead: string): boolean;
function operand(v: Value, type: 'number' | 'bool', span: Span, lead: string): number | boolean {
  if (v === null) throw new EvalProblem('Invalid operand', `${lead}: a ${type} is required.`, span);
  try {
    return convert(v, type) as number | boolean;
  } catch (err) {
    if (err instanceof ConversionError)
      throw new EvalProblem(
        'Invalid operand',
        `${lead}: ${err.message.startsWith('a ') ? err.message : `a ${type} is required`}.`,
        span,
      );
    throw err;
  }
}

function binary(e: Expr & { kind: 'binary' }, ctx: Context): Value {
  const l = evaluate(e.left, ctx);
  const r = evaluate(e.right, ctx);
  switch (e.op) {
    case '==':
    case '!=':
      // Comparing walks both values.
      if (ctx.scope.meter) ctx.scope.meter.step(e.span, ctx.scope.meter.weigh(l) + ctx.scope.meter.weigh(r));
      return e.op === '==' ? equal(l, r) : !equal(l, r);
    case '&&':
    case '||': {
      const a = operand(l, 'bool', e.left.span, 'Unsuitable value for left operand');
      const b = operand(r, 'bool', e.right.span, 'Unsuitable value for right operand');
      return e.op === '&&' ? a && b : a || b;
    }
    default:
      // The arithmetic and comparison operators take numbers: below.
      break;
  }
  const a = operand(l, 'number', e.left.span, 'Unsuitable value for left operand');
  const b = operand(r, 'number', e.right.span, 'Unsuitable value for right operand');
  switch (e.op) {
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    case '+':
      return withinRange(a + b, a, b, e.span);
    case '-':
      return withinRange(a - b, a, b, e.span);
    case '*':
      return withinRange(a * b, a, b, e.span);
    case '/':
      if (b === 0 && (a === 0 || !Number.isFinite(a)))
        throw new EvalProblem('Error during operation', "can't divide zero by zero or infinity by infinity", e.span);
      // cty divides by zero into an infinity, as JavaScript does.
      return b === 0 ? a / b : withinRange(a / b, a, b, e.span);
    case '%':
      if (b === 0) throw new EvalProblem('Error during operation', "can't use modulo by zero", e.span);
      return a % b;
  }
}

// withinRange is an operator's result, unless it overflowed a double where cty's big numbers would not.
function withinRange(result: number, a: number, b: number, span: Span): number {
  if (!Number.isFinite(result) && Number.isFinite(a) && Number.isFinite(b)) throw tooLargeNumber(span);
  return result;
}

// tooLargeNumber refuses a number past a double's range, which cty would keep exactly (it computes with big numbers) and the playground cannot.
function tooLargeNumber(span: Span): EvalProblem {
  return new EvalProblem(
    'Number too large',
    `This number is beyond ±${Number.MAX_VALUE}, the largest the playground computes with; Nomad would keep it exactly, the playground cannot.`,
    span,
  );
}

// iterate lists a collection's keys and values in HCL's order: by index, or by sorted key.
function iterate(coll: Value, span: Span, what: string): [Value, Value][] {
  if (coll === null)
    throw new EvalProblem(
      'Iteration over null value',
      `A null value cannot be used as the collection in a ${what}.`,
      span,
    );
  if (Array.isArray(coll)) return coll.map((v, i) => [i, v]);
  if (isMap(coll)) return sortedKeys(coll).map((k) => [k, coll.get(k) as Value]);
  throw new EvalProblem(
    'Iteration over non-iterable value',
    `A value of type ${typeOfValue(coll)} cannot be used as the collection in a ${what}.`,
    span,
  );
}

function forExpr(e: Expr & { kind: 'for' }, ctx: Context): Value {
  const coll = evaluate(e.coll, ctx);
  const items = iterate(coll, e.coll.span, "'for' expression");
  const tuple: Value[] = [];
  const object: ValueMap = new Map();
  for (const [k, v] of items) {
    ctx.scope.meter?.step(e.span);
    const vars = new Map<string, Value>([[e.valueVar, v]]);
    if (e.keyVar !== null) vars.set(e.keyVar, k);
    const inner = ctx.child(vars);
    if (e.cond) {
      const c = evaluate(e.cond, inner);
      if (c === null)
        throw new EvalProblem('Condition is null', "The value of the 'if' clause must not be null.", e.cond.span);
      let keep: boolean;
      try {
        keep = convert(c, 'bool') as boolean;
      } catch (err) {
        if (err instanceof ConversionError)
          throw new EvalProblem(
            "Invalid 'for' condition",
            `The 'if' clause value is invalid: ${err.message}.`,
            e.cond.span,
          );
        throw err;
      }
      if (!keep) continue;
    }
    ctx.scope.meter?.produce(e.span, 1);
    if (!e.keyExpr) {
      tuple.push(evaluate(e.valueExpr, inner));
      continue;
    }
    const kv = evaluate(e.keyExpr, inner);
    if (kv === null)
      throw new EvalProblem(
        'Invalid object key',
        "Key expression in 'for' expression must not produce a null value.",
        e.keyExpr.span,
      );
    const key = asString(kv, e.keyExpr.span, 'Invalid object key', 'The key expression produced an invalid result');
    const value = evaluate(e.valueExpr, inner);
    if (e.group) {
      const list = (object.get(key) as Value[] | undefined) ?? [];
      list.push(value);
      object.set(key, list);
    } else {
      if (object.has(key)) {
        throw new EvalProblem(
          'Duplicate object key',
          `Two different items produced the key "${key}" in this 'for' expression. If duplicates are expected, use the ellipsis (...) after the value expression to enable grouping by key.`,
          e.keyExpr.span,
        );
      }
      object.set(key, value);
    }
  }
  return e.keyExpr ? object : tuple;
}

function template(e: Expr & { kind: 'template' }, ctx: Context): Value {
  if (e.unwrap) {
    const only = e.parts[0] as TemplatePart & { kind: 'interp' };
    return evaluate(only.expr, ctx);
  }
  return templateParts(e.parts, ctx, e.span);
}

function templateParts(parts: TemplatePart[], ctx: Context, span: Span): string {
  let out = '';
  const add = (s: string) => {
    ctx.scope.meter?.chars(span, out.length + s.length);
    out += s;
  };
  for (const p of parts) {
    if (p.kind === 'literal') add(p.text);
    else if (p.kind === 'interp') {
      const v = evaluate(p.expr, ctx);
      if (v === null)
        throw new EvalProblem(
          'Invalid template interpolation value',
          'The expression result is null. Cannot include a null value in a string template.',
          p.expr.span,
        );
      add(
        asString(
          v,
          p.expr.span,
          'Invalid template interpolation value',
          'Cannot include the given value in a string template',
        ),
      );
    } else if (p.kind === 'if') {
      const c = evaluate(p.cond, ctx);
      if (c === null)
        throw new EvalProblem(
          'Invalid template if directive',
          'The condition value is null. Conditions must either be true or false.',
          p.cond.span,
        );
      let cond: boolean;
      try {
        cond = convert(c, 'bool') as boolean;
      } catch {
        throw new EvalProblem(
          'Invalid template if directive',
          'The condition expression must be of type bool.',
          p.cond.span,
        );
      }
      add(templateParts(cond ? p.then : p.else, ctx, span));
    } else {
      for (const [k, v] of iterate(evaluate(p.coll, ctx), p.coll.span, 'template for directive')) {
        ctx.scope.meter?.step(p.span);
        const vars = new Map<string, Value>([[p.valueVar, v]]);
        if (p.keyVar !== null) vars.set(p.keyVar, k);
        add(templateParts(p.body, ctx.child(vars), span));
      }
    }
  }
  return out;
}

function call(e: Expr & { kind: 'call' }, ctx: Context): Value {
  if (ctx.scope.constant)
    throw new EvalProblem('Function calls not allowed', 'Functions may not be called here.', e.span);
  const f = ctx.scope.functions.get(e.name);
  if (!f) {
    const suggestion = nameSuggestion(e.name, [...ctx.scope.functions.keys()]);
    throw new EvalProblem(
      'Call to unknown function',
      `There is no function named "${e.name}".${suggestion ? ` Did you mean "${suggestion}"?` : ''}`,
      e.nameSpan,
    );
  }
  // try, can and convert take their arguments unevaluated.
  if (e.name === 'try' || e.name === 'can') return tryOrCan(e, ctx);
  if (e.name === 'convert') return convertCall(e, ctx);
  let args = e.args.map((a) => evaluate(a, ctx));
  let spans = e.args.map((a) => a.span);
  if (e.expandFinal) {
    const last = args[args.length - 1] ?? null;
    const lastSpan = spans[spans.length - 1] as Span;
    if (!Array.isArray(last))
      throw new EvalProblem(
        'Invalid expanding argument value',
        'The expanding argument (indicated by ...) must be of a tuple, list, or set type.',
        lastSpan,
      );
    args = [...args.slice(0, -1), ...last];
    spans = [...spans.slice(0, -1), ...last.map(() => lastSpan)];
  }
  const min = f.params.length;
  if (args.length < min) {
    const missing = f.params[args.length] as Param;
    throw new EvalProblem(
      'Not enough function arguments',
      `Function "${e.name}" expects ${min} argument(s). Missing value for "${missing.name}".`,
      { start: e.span.end - 1, end: e.span.end },
    );
  }
  if (!f.varParam && args.length > min) {
    throw new EvalProblem(
      'Too many function arguments',
      `Function "${e.name}" expects only ${min} argument(s).`,
      spans[min] as Span,
    );
  }
  const converted = args.map((a, i) => {
    const p = (i < min ? f.params[i] : f.varParam) as Param;
    const span = spans[i] as Span;
    if (a === null) {
      if (p.allowNull) return a;
      throw new EvalProblem(
        'Invalid function argument',
        `Invalid value for "${p.name}" parameter: argument must not be null.`,
        span,
      );
    }
    try {
      return convert(a, p.type);
    } catch (err) {
      if (err instanceof ConversionError)
        throw new EvalProblem(
          'Invalid function argument',
          `Invalid value for "${p.name}" parameter: ${err.message}.`,
          span,
        );
      throw err;
    }
  });
  const meter = ctx.scope.meter;
  if (!meter) return impl(e, f, converted as Args, UNLIMITED, spans);
  // A call costs what it takes and what it gives.
  meter.step(
    e.span,
    converted.reduce((sum: number, a) => sum + meter.weigh(a), 1),
  );
  const result = impl(
    e,
    f,
    converted as Args,
    {
      chars: (n) => meter.chars(e.span, n),
      values: (n) => meter.produce(e.span, n),
      steps: (n) => meter.step(e.span, n),
      nesting: (depth) => meter.depth(e.span, depth),
    },
    spans,
  );
  const weight = meter.weigh(result);
  meter.step(e.span, weight);
  if (typeof result === 'string') meter.chars(e.span, result.length);
  else if (typeof result === 'object' && result !== null) meter.kept(e.span, result);
  return result;
}

// impl runs a function's implementation, turning its complaints into HCL's diagnostics at the argument or call at fault.
function impl(e: Expr & { kind: 'call' }, f: Func, args: Args, budget: CallBudget, spans: Span[]): Value {
  const min = f.params.length;
  try {
    return f.impl(args, budget);
  } catch (err) {
    if (err instanceof EvalProblem) throw err;
    if (err instanceof FunctionArgError) {
      const p = err.index < min ? f.params[err.index] : f.varParam;
      throw new EvalProblem(
        'Invalid function argument',
        `Invalid value for "${p?.name ?? 'argument'}" parameter: ${err.message}.`,
        spans[err.index] ?? e.span,
      );
    }
    if (err instanceof Error)
      throw new EvalProblem('Error in function call', `Call to function "${e.name}" failed: ${err.message}.`, e.span);
    throw err;
  }
}

// tryOrCan evaluates each argument in turn, catching errors: try returns the
// first that succeeds, can whether its one argument does.
function tryOrCan(e: Expr & { kind: 'call' }, ctx: Context): Value {
  if (e.name === 'can') {
    if (e.args.length !== 1)
      throw new EvalProblem(
        e.args.length === 0 ? 'Not enough function arguments' : 'Too many function arguments',
        `Function "can" expects only 1 argument(s).`,
        e.span,
      );
    try {
      evaluate(e.args[0] as Expr, ctx);
      return true;
    } catch (err) {
      if (err instanceof EvalProblem && !(err instanceof BudgetProblem)) return false;
      throw err;
    }
  }
  if (e.args.length === 0)
    throw new EvalProblem('Invalid function arguments', 'At least one argument is required.', e.span);
  for (const a of e.args) {
    try {
      return evaluate(a, ctx);
    } catch (err) {
      if (!(err instanceof EvalProblem) || err instanceof BudgetProblem) throw err;
    }
  }
  throw new EvalProblem('Error in function call', 'Call to function "try" failed: no expression succeeded.', e.span);
}

function convertCall(e: Expr & { kind: 'call' }, ctx: Context): Value {
  if (e.args.length !== 2)
    throw new EvalProblem('Not enough function arguments', 'Function "convert" expects 2 argument(s).', e.span);
  const value = evaluate(e.args[0] as Expr, ctx);
  const type = typeExpr(e.args[1] as Expr);
  try {
    return convert(value, type);
  } catch (err) {
    if (err instanceof ConversionError)
      throw new EvalProblem(
        'Invalid function argument',
        `Invalid value for "value" parameter: ${err.message}.`,
        (e.args[0] as Expr).span,
      );
    throw err;
  }
}
