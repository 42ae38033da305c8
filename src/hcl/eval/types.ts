// Type constraints written as expressions (`list(string)`,
// `object({ name = string })`), read as HCL's typeexpr package reads them:
// by their shape, never evaluated.

import type { Expr } from '../syntax/ast.ts';
import { EvalProblem } from './problem.ts';
import type { Type } from './value.ts';

const PRIMITIVES: Record<string, Type> = { string: 'string', number: 'number', bool: 'bool', any: 'any' };

/** typeExpr reads a type constraint; throws EvalProblem with HCL's words when it is not one. */
export function typeExpr(e: Expr): Type {
  if (e.kind === 'scope' && e.steps.length === 0) {
    const t = PRIMITIVES[e.root];
    if (t) return t;
    if (['list', 'set', 'map', 'object', 'tuple'].includes(e.root)) {
      throw new EvalProblem(
        'Invalid type specification',
        `The ${e.root} type constructor requires one argument specifying the element type${e.root === 'object' ? 's' : ''}.`,
        e.span,
      );
    }
    throw new EvalProblem(
      'Invalid type specification',
      `The keyword "${e.root}" is not a valid type specification.`,
      e.span,
    );
  }
  if (e.kind !== 'call')
    throw new EvalProblem(
      'Invalid type specification',
      'A type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like list(string).',
      e.span,
    );
  const arg = e.args[0];
  if (e.args.length !== 1 || !arg) {
    throw new EvalProblem(
      'Invalid type specification',
      `The ${e.name} type constructor requires one argument specifying the element type.`,
      e.span,
    );
  }
  switch (e.name) {
    case 'list':
      return { list: typeExpr(arg) };
    case 'set':
      return { set: typeExpr(arg) };
    case 'map':
      return { map: typeExpr(arg) };
    case 'object': {
      if (arg.kind !== 'object')
        throw new EvalProblem(
          'Invalid type specification',
          'Object type constructor requires a map whose keys are attribute names and whose values are the corresponding attribute types.',
          arg.span,
        );
      const attrs = new Map<string, Type>();
      for (const item of arg.items) {
        if (item.bareKey === null)
          throw new EvalProblem(
            'Invalid type specification',
            'Object constructor map keys must be attribute names.',
            item.key.span,
          );
        attrs.set(item.bareKey, typeExpr(item.value));
      }
      return { object: attrs };
    }
    case 'tuple':
      if (arg.kind !== 'tuple')
        throw new EvalProblem(
          'Invalid type specification',
          'The tuple type constructor requires a list of element types.',
          arg.span,
        );
      return { tuple: arg.items.map(typeExpr) };
    default:
      throw new EvalProblem(
        'Invalid type specification',
        `Keyword "${e.name}" is not a valid type constructor.`,
        e.nameSpan,
      );
  }
}
