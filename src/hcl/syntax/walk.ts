// The variable references of an expression (hcl.Expression.Variables):
// every reference to a variable from outside it, leaving out the names its
// own `for` expressions and directives bind.

import type { Expr, TemplatePart } from './ast.ts';

/** references lists the references in an expression to variables it does not bind itself. */
export function references(e: Expr, bound: ReadonlySet<string> = new Set()): (Expr & { kind: 'scope' })[] {
  const out: (Expr & { kind: 'scope' })[] = [];
  walk(e, bound, out);
  return out;
}

function walk(e: Expr, bound: ReadonlySet<string>, out: (Expr & { kind: 'scope' })[]): void {
  const all = (es: Expr[], b = bound) => es.forEach((x) => walk(x, b, out));
  switch (e.kind) {
    case 'scope':
      if (!bound.has(e.root)) out.push(e);
      return;
    case 'template':
      parts(e.parts, bound, out);
      return;
    case 'getattr':
      return walk(e.source, bound, out);
    case 'index':
      return all([e.source, e.key]);
    case 'splat':
      return all([e.source, e.each]);
    case 'call':
    case 'tuple':
      return all(e.kind === 'call' ? e.args : e.items);
    case 'object':
      for (const i of e.items) all(i.bareKey === null ? [i.key, i.value] : [i.value]);
      return;
    case 'for': {
      walk(e.coll, bound, out);
      const inner = new Set([...bound, e.valueVar, ...(e.keyVar ? [e.keyVar] : [])]);
      all([e.valueExpr, ...(e.keyExpr ? [e.keyExpr] : []), ...(e.cond ? [e.cond] : [])], inner);
      return;
    }
    case 'unary':
      return walk(e.operand, bound, out);
    case 'binary':
      return all([e.left, e.right]);
    case 'conditional':
      return all([e.cond, e.then, e.else]);
    case 'paren':
      return walk(e.inner, bound, out);
    case 'literal':
    case 'anon':
      return;
  }
}

function parts(ps: TemplatePart[], bound: ReadonlySet<string>, out: (Expr & { kind: 'scope' })[]): void {
  for (const p of ps) {
    if (p.kind === 'interp') walk(p.expr, bound, out);
    else if (p.kind === 'if') {
      walk(p.cond, bound, out);
      parts(p.then, bound, out);
      parts(p.else, bound, out);
    } else if (p.kind === 'for') {
      walk(p.coll, bound, out);
      parts(p.body, new Set([...bound, p.valueVar, ...(p.keyVar ? [p.keyVar] : [])]), out);
    }
  }
}
