// Input variables and locals, as jobspec2 reads them (types.variables.go,
// types.config.go): `variable "name" { type, default, description,
// validation }` blocks and the `variables { … }` shorthand, values given
// from outside as `-var` and var files give them, then `locals`, evaluated
// in whatever order lets each find the others it uses.

import type { Meter } from '../../hcl/budget.ts';
import { Context, type Scope, evaluate, evaluateKept } from '../../hcl/eval/eval.ts';
import { EvalProblem } from '../../hcl/eval/problem.ts';
import { typeExpr } from '../../hcl/eval/types.ts';
import { impliedType } from '../../hcl/eval/unify.ts';
import {
  ConversionError,
  type Type,
  type Value,
  type ValueMap,
  convert,
  fromJson,
  toJson,
} from '../../hcl/eval/value.ts';
import type { Attribute, Block, Body, Expr, Span } from '../../hcl/syntax/ast.ts';
import { isIdentifier, parseExpression } from '../../hcl/syntax/parse.ts';
import { references } from '../../hcl/syntax/walk.ts';
import { checkContent, checkLabels } from './decode.ts';
import { HclDiagnosticCode, type Sink } from './sink.ts';
import { BodyView, viewOfBlock } from './view.ts';
import type { VarFileAssignment } from './varFiles.ts';

/** VariableInfo describes one declared variable, for the Variables editor. */
export interface VariableInfo {
  name: string;
  /** type is the type constraint as written (`list(string)`), or "" when none is given. */
  type: string;
  description: string;
  /** default is the default value as JSON; absent when there is none. */
  default?: unknown;
  /** line is where the variable is declared. */
  line: number;
}

interface Validation {
  condition: Expr;
  message: string;
  span: Span;
}

interface Variable {
  name: string;
  type: Type | null;
  span: Span;
  validations: Validation[];
  /** value is the last value assigned (the default, then one given from outside), where it came from, and where it is written (a validation failure is placed there). */
  value?: { v: Value; from: 'default' | 'cmd' | 'varfile'; at?: { sink: Sink; span: Span }; unknown?: true };
}

/**
 * constantContext is HCL's nil evaluation context: no variables, no
 * functions. Without functions nothing can multiply work but `for`
 * expressions over written lists, which nest: `meter` holds them to the
 * read's budget (var files and -var values come from outside too).
 */
export function constantContext(meter: Meter | undefined): Context {
  return new Context({ functions: new Map(), constant: true, ...(meter ? { meter } : {}) }, new Map());
}

/** Variables are a jobspec's declared variables, as read from its file body. */
export class Variables {
  private readonly vars = new Map<string, Variable>();
  readonly info: VariableInfo[] = [];

  constructor(
    private readonly sink: Sink,
    private readonly scope: Scope,
  ) {}

  /** declare reads the `variable` blocks and `variables` blocks of the file, in order. */
  declare(blocks: Block[]): void {
    for (const b of blocks) {
      if (b.type === 'variable') this.declareBlock(b);
      else if (b.type === 'variables') {
        for (const inner of b.body.blocks)
          this.sink.error(
            HclDiagnosticCode.Unsupported,
            `Unexpected "${inner.type}" block`,
            'Blocks are not allowed here.',
            inner.typeSpan,
          );
        for (const a of b.body.attributes) this.declareAttribute(a);
      }
    }
  }

  private duplicate(name: string, span: Span): boolean {
    if (!this.vars.has(name)) return false;
    this.sink.error(
      HclDiagnosticCode.Variable,
      'Duplicate variable',
      `Duplicate ${name} variable definition found.`,
      span,
    );
    return true;
  }

  private declareAttribute(a: Attribute): void {
    if (this.duplicate(a.name, a.nameSpan)) return;
    const v = this.sink.catching(() => evaluate(a.expr, constantContext(this.scope.meter)));
    if (v === undefined) return;
    this.vars.set(a.name, {
      name: a.name,
      type: impliedType(v),
      span: a.span,
      validations: [],
      value: { v, from: 'default', at: { sink: this.sink, span: a.expr.span } },
    });
    this.info.push({
      name: a.name,
      type: '',
      description: '',
      default: toJson(v),
      line: this.sink.lines.position(a.nameSpan.start).line,
    });
  }

  private declareBlock(b: Block): void {
    const view = viewOfBlock(b, constantContext(this.scope.meter), this.sink, false);
    if (!checkLabels(this.sink, view, ['name'])) return;
    const name = b.labels[0] as string;
    if (this.duplicate(name, view.defSpan)) return;
    checkContent(view.body, ['default', 'description', 'type'], ['validation']);
    if (!isIdentifier(name)) {
      this.sink.error(
        HclDiagnosticCode.Variable,
        'Invalid variable name',
        'A name must start with a letter or underscore and may contain only letters, digits, underscores, and dashes.',
        b.labelSpans[0] as Span,
      );
    }
    const variable: Variable = { name, type: null, span: view.defSpan, validations: [] };
    const info: VariableInfo = {
      name,
      type: '',
      description: '',
      line: this.sink.lines.position(b.typeSpan.start).line,
    };
    const attr = (n: string) => b.body.attributes.find((a) => a.name === n);
    const description = attr('description');
    if (description) info.description = this.constantString(description.expr) ?? '';
    const type = attr('type');
    if (type) {
      const t = this.sink.catching(() => typeExpr(type.expr));
      if (t === undefined) return;
      variable.type = t;
      info.type = this.sink.text.slice(type.expr.span.start, type.expr.span.end);
    }
    const def = attr('default');
    if (def) {
      let v = this.sink.catching(() => evaluate(def.expr, constantContext(this.scope.meter)));
      if (v === undefined) return;
      if (variable.type) {
        v =
          converted(v, variable.type, (why) =>
            this.sink.error(
              HclDiagnosticCode.Variable,
              'Invalid default value for variable',
              `This default value is not compatible with the variable's type constraint: ${why}.`,
              def.expr.span,
            ),
          ) ?? null;
      }
      variable.value = { v, from: 'default', at: { sink: this.sink, span: def.expr.span } };
      variable.type ??= impliedType(v);
      info.default = toJson(v);
    }
    for (const vb of b.body.blocks) {
      if (vb.type === 'validation') this.validation(name, vb, variable);
    }
    this.vars.set(name, variable);
    this.info.push(info);
  }

  // constantString evaluates an expression that must be a constant string (a description, an error message).
  private constantString(e: Expr): string | undefined {
    const v = this.sink.catching(() => evaluate(e, constantContext(this.scope.meter)));
    if (v === undefined) return undefined;
    try {
      return convert(v, 'string') as string;
    } catch (err) {
      if (!(err instanceof ConversionError)) throw err;
      this.sink.error(HclDiagnosticCode.ValueType, 'Unsuitable value type', `Unsuitable value: ${err.message}`, e.span);
      return undefined;
    }
  }

  private validation(name: string, b: Block, variable: Variable): void {
    const view = new BodyView(b.body, constantContext(this.scope.meter), this.sink, false);
    checkContent(view, ['condition', 'error_message'], []);
    const cond = view.attribute('condition');
    const msg = view.attribute('error_message');
    for (const [n, a] of [
      ['condition', cond],
      ['error_message', msg],
    ] as const) {
      if (!a)
        this.sink.error(
          HclDiagnosticCode.Structure,
          'Missing required argument',
          `The argument "${n}" is required, but no definition was found.`,
          b.body.missingSpan,
        );
    }
    let good = 0;
    if (cond) {
      for (const ref of references(cond.expr)) {
        const step = ref.steps[0];
        if (ref.root === 'var' && step?.kind === 'attr' && step.name === name) {
          good++;
          continue;
        }
        this.sink.error(
          HclDiagnosticCode.Variable,
          'Invalid reference in variable validation',
          `The condition for variable "${name}" can only refer to the variable itself, using var.${name}.`,
          ref.span,
        );
      }
      if (good < 1)
        this.sink.error(
          HclDiagnosticCode.Variable,
          'Invalid variable validation condition',
          `The condition for variable "${name}" must refer to var.${name} in order to test incoming values.`,
          cond.expr.span,
        );
    }
    let message = '';
    if (msg) {
      const m = this.constantString(msg.expr);
      if (m !== undefined) {
        message = m;
        if (m === '')
          this.sink.error(
            HclDiagnosticCode.Variable,
            'Invalid validation error message',
            'An empty string is not a valid nor useful error message.',
            msg.expr.span,
          );
        else if (!looksLikeSentences(m)) {
          this.sink.error(
            HclDiagnosticCode.Variable,
            'Invalid validation error message',
            'Validation error message must be at least one full sentence starting with an uppercase letter ( if the alphabet permits it ) and ending with a period or question mark.',
            msg.expr.span,
          );
        }
      }
    }
    if (cond)
      variable.validations.push({
        condition: cond.expr,
        message,
        span: { start: b.typeSpan.start, end: b.typeSpan.end },
      });
  }

  /**
   * assignFiles takes the values of var files' arguments, in order. A value
   * for a variable the jobspec does not declare is passed over: jobspec2
   * only warns about it (and prints the warning only beside an error).
   */
  assignFiles(assignments: readonly VarFileAssignment[]): void {
    for (const a of assignments) {
      const variable = this.vars.get(a.name);
      if (!variable) continue;
      // A value that fails (or cannot take the type) is unknown to jobspec2,
      // as it is here: its validation rules cannot judge it, and the read
      // stops on its error.
      let v = a.sink.catching(a.value);
      if (v !== undefined && variable.type !== null) {
        v = converted(v, variable.type, (why) =>
          a.sink.error(
            HclDiagnosticCode.Variable,
            'Invalid value for variable',
            `The value for ${a.name} is not compatible with the variable's type constraint: ${why}.`,
            a.span,
          ),
        );
      }
      variable.value =
        v === undefined
          ? { v: null, from: 'varfile', unknown: true }
          : { v, from: 'varfile', at: { sink: a.sink, span: a.span } };
    }
  }

  /**
   * assign takes the values given from outside (the scenario's
   * JobSpecVariables, the command line's --var and --var-file): a string as
   * a `-var` value is taken (a literal for string and number variables, an
   * HCL expression otherwise), anything else as a var file's value.
   */
  assign(values: Record<string, unknown>): void {
    for (const [name, raw] of Object.entries(values)) {
      const variable = this.vars.get(name);
      const start = { start: 0, end: 0 };
      if (!variable) {
        this.sink.error(
          HclDiagnosticCode.Variable,
          'Undefined -var variable',
          `A "${name}" variable was passed in the command line but was not found in known variables. To declare variable "${name}", place this block in your job file`,
          start,
        );
        continue;
      }
      let v: Value;
      const fromCmd = typeof raw === 'string';
      if (
        typeof raw === 'string' &&
        variable.type !== null &&
        variable.type !== 'string' &&
        variable.type !== 'number'
      ) {
        const parsed = parseExpression(raw);
        if (!parsed.expr) {
          const p = parsed.problems[0];
          this.sink.error(
            HclDiagnosticCode.Variable,
            p?.summary ?? 'Invalid expression',
            `${p?.detail ?? ''} (in the value for var.${name})`,
            variable.span,
          );
          continue;
        }
        const expr = parsed.expr;
        try {
          v = evaluate(expr, constantContext(this.scope.meter));
        } catch (e) {
          if (!(e instanceof EvalProblem)) throw e;
          this.sink.error(
            HclDiagnosticCode.Variable,
            e.summary,
            `${e.detail} (in the value for var.${name})`,
            variable.span,
          );
          continue;
        }
      } else v = fromJson(raw);
      if (variable.type !== null) {
        try {
          v = convert(v, variable.type);
        } catch (e) {
          if (!(e instanceof ConversionError)) throw e;
          if (fromCmd) {
            this.sink.error(
              HclDiagnosticCode.Variable,
              'Invalid argument value for -var variable',
              `The received arg value for ${name} is not compatible with the variable's type constraint: ${e.message}.`,
              variable.span,
            );
          } else {
            this.sink.error(
              HclDiagnosticCode.Variable,
              'Invalid value for variable',
              `The value for ${name} is not compatible with the variable's type constraint: ${e.message}.`,
              variable.span,
            );
          }
          // The variable counts as set (to a value the read never gets to use).
          variable.value = { v: null, from: fromCmd ? 'cmd' : 'varfile', unknown: true };
          continue;
        }
      }
      variable.value = { v, from: fromCmd ? 'cmd' : 'varfile' };
    }
  }

  /** unset are the names of the variables without a value (jobspec2 gives them an unknown value). */
  unset(): Set<string> {
    return new Set([...this.vars.values()].filter((v) => !v.value).map((v) => v.name));
  }

  /** values are the variables' values (`var`), each checked by its validation rules; an unset one is reported. */
  values(): ValueMap {
    const out: ValueMap = new Map();
    for (const variable of this.vars.values()) {
      if (!variable.value) {
        this.sink.error(
          HclDiagnosticCode.Variable,
          `Unset variable "${variable.name}"`,
          'A used variable must be set or have a default value; see https://www.nomadproject.io/docs/job-specification/hcl2/variables for details.',
          variable.span,
        );
        continue;
      }
      out.set(variable.name, variable.value.v);
      if (!variable.value.unknown) this.validate(variable, variable.value);
    }
    return out;
  }

  private validate(variable: Variable, value: NonNullable<Variable['value']>): void {
    for (const rule of variable.validations) {
      const ctx = new Context(this.scope, new Map([['var', new Map([[variable.name, value.v]])]]));
      const result = this.sink.catching(() => evaluate(rule.condition, ctx));
      if (result === undefined) continue;
      if (result === null) {
        this.sink.error(
          HclDiagnosticCode.Variable,
          'Invalid variable validation result',
          'Validation condition expression must return either true or false, not null.',
          rule.condition.span,
        );
        continue;
      }
      let ok: boolean;
      try {
        ok = convert(result, 'bool') as boolean;
      } catch (e) {
        if (!(e instanceof ConversionError)) throw e;
        this.sink.error(
          HclDiagnosticCode.Variable,
          'Invalid variable validation result',
          `Invalid validation condition result value: ${e.message}.`,
          rule.condition.span,
        );
        continue;
      }
      if (!ok) {
        const at = value.at ?? { sink: this.sink, span: variable.span };
        at.sink.error(
          HclDiagnosticCode.Variable,
          `Invalid value for ${value.from} variable`,
          `${rule.message}\n\nThis was checked by the validation rule at ${this.sink.rangeText(rule.span)}.`,
          at.span,
        );
      }
    }
  }
}

// converted gives a value a variable's type, or passes cty's reason it
// cannot to `refuse` and gives undefined.
function converted(v: Value, type: Type, refuse: (why: string) => void): Value | undefined {
  try {
    return convert(v, type);
  } catch (e) {
    if (!(e instanceof ConversionError)) throw e;
    refuse(e.message);
    return undefined;
  }
}

/** looksLikeSentences tells whether an error message starts with a capital (where the alphabet has them) and ends with . ? or !. */
export function looksLikeSentences(s: string): boolean {
  const chars = [...s];
  const first = chars[0];
  const last = chars[chars.length - 1];
  if (first === undefined || last === undefined) return false;
  if (/\p{L}/u.test(first) && !/\p{Lu}/u.test(first)) return false;
  return last === '.' || last === '?' || last === '!';
}

/**
 * evaluateLocals evaluates the `locals` blocks' arguments into `locals`,
 * each once, after the locals it refers to. jobspec2 instead tries them in
 * the order of a Go map (random within a block), moving one that fails to
 * the back and giving up after about a hundred failures in a row: it may
 * refuse a long valid chain by chance and evaluates a local again on every
 * try. Here any valid order succeeds, and a local that fails (or that waits
 * on a cycle) ends the read with its error, as jobspec2's last try reports
 * one. A local that uses an unset variable (or such a local) would be
 * unknown in jobspec2, which reports nothing about it: it is left out,
 * unreported (the unset variable is reported already). Each value counts
 * against the budget whole (evaluateKept): a chain of locals, each using
 * the last twice or wrapping it, grows or nests far beyond its text.
 */
export function evaluateLocals(
  bodies: Body[],
  sink: Sink,
  context: (locals: ValueMap) => Context,
  unsetVars: ReadonlySet<string> = new Set(),
): ValueMap | null {
  const locals: ValueMap = new Map();
  const pending: Attribute[] = [];
  for (const body of bodies) {
    for (const b of body.blocks) {
      sink.error(
        HclDiagnosticCode.Unsupported,
        `Unexpected "${b.type}" block`,
        'Blocks are not allowed here.',
        b.typeSpan,
      );
    }
    for (const a of body.attributes) {
      if (pending.some((p) => p.name === a.name)) {
        sink.error(
          HclDiagnosticCode.Variable,
          'Duplicate value in locals',
          `Duplicate ${a.name} definition found.`,
          a.nameSpan,
        );
        return null;
      }
      pending.push(a);
    }
  }
  if (unsetVars.size > 0) {
    const unknown = new Set<string>();
    const uses = (a: Attribute) =>
      references(a.expr).some((r) => {
        const step = r.steps[0];
        const name = step?.kind === 'attr' ? step.name : '';
        return (r.root === 'var' && unsetVars.has(name)) || (r.root === 'local' && unknown.has(name));
      });
    for (let grew = true; grew;) {
      grew = false;
      for (const a of pending) {
        if (unknown.has(a.name) || !uses(a)) continue;
        unknown.add(a.name);
        grew = true;
      }
    }
    pending.splice(0, pending.length, ...pending.filter((a) => !unknown.has(a.name)));
  }
  const order = dependencyOrder(pending);
  for (const local of order) {
    try {
      locals.set(local.name, evaluateKept(local.expr, context(locals)));
    } catch (e) {
      if (!(e instanceof EvalProblem)) throw e;
      sink.problem(e);
      return null;
    }
  }
  return locals;
}

// localNames are the locals an expression refers to, by name.
function localNames(e: Expr): string[] {
  return references(e)
    .filter((r) => r.root === 'local' && r.steps[0]?.kind === 'attr')
    .map((r) => (r.steps[0] as { name: string }).name);
}

// dependencyOrder orders locals so that each comes after the locals it
// refers to (Kahn's algorithm, ready ones in text order). Locals caught in
// a cycle come last, in text order: the first of them fails.
function dependencyOrder(locals: Attribute[]): Attribute[] {
  const byName = new Map(locals.map((a) => [a.name, a]));
  const waitingOn = new Map<Attribute, number>();
  const dependents = new Map<string, Attribute[]>();
  for (const a of locals) {
    const needs = new Set(localNames(a.expr).filter((n) => byName.has(n) && n !== a.name));
    waitingOn.set(a, needs.size);
    for (const n of needs) {
      const list = dependents.get(n);
      if (list) list.push(a);
      else dependents.set(n, [a]);
    }
  }
  const order = locals.filter((a) => waitingOn.get(a) === 0);
  for (let i = 0; i < order.length; i++) {
    for (const d of dependents.get((order[i] as Attribute).name) ?? []) {
      const left = (waitingOn.get(d) as number) - 1;
      waitingOn.set(d, left);
      if (left === 0) order.push(d);
    }
  }
  const placed = new Set(order);
  return [...order, ...locals.filter((a) => !placed.has(a))];
}
