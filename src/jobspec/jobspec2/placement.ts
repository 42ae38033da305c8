// `constraint` and `affinity` blocks, as jobspec2 decodes them
// (hcl_conversions.go): a fixed set of arguments, each a shortcut that sets
// the operator and the right-hand value.

import { evaluate } from '../../hcl/eval/eval.ts';
import { ConversionError, type Type, type Value, convert } from '../../hcl/eval/value.ts';
import { type Out, checkContent, registerDecoder } from './decode.ts';
import { HclDiagnosticCode } from './sink.ts';
import type { BodyView } from './view.ts';

// readSpec reads a body's arguments by an hcldec object spec: only those
// named, each converted to its type (hcldec's "Inappropriate value" words).
function readSpec(view: BodyView, spec: Record<string, Type>): Map<string, Value> | null {
  const before = view.sink.diagnostics.length;
  checkContent(view, Object.keys(spec), []);
  const out = new Map<string, Value>();
  for (const a of view.attributes) {
    const type = spec[a.name];
    if (!type) continue;
    const v = view.sink.catching(() => evaluate(a.expr, view.ctx));
    if (v === undefined) continue;
    try {
      out.set(a.name, convert(v, type));
    } catch (e) {
      if (!(e instanceof ConversionError)) throw e;
      view.sink.error(
        HclDiagnosticCode.ValueType,
        'Incorrect attribute value type',
        `Inappropriate value for attribute "${a.name}": ${e.message}.`,
        a.expr.span,
      );
    }
  }
  return view.sink.diagnostics.length > before ? null : out;
}

const str = (m: Map<string, Value>, k: string): string => {
  const v = m.get(k);
  return typeof v === 'string' ? v : '';
};

const CONSTRAINT_SPEC: Record<string, Type> = {
  attribute: 'string',
  value: 'string',
  operator: 'string',
  distinct_property: 'string',
  distinct_hosts: 'bool',
  regexp: 'string',
  version: 'string',
  semver: 'string',
  set_contains: 'string',
  set_contains_all: 'string',
  set_contains_any: 'string',
  attribute_is_set: 'string',
  attribute_is_not_set: 'string',
};

const AFFINITY_SPEC: Record<string, Type> = {
  attribute: 'string',
  value: 'string',
  operator: 'string',
  weight: 'number',
  version: 'string',
  semver: 'string',
  regexp: 'string',
  set_contains: 'string',
  set_contains_all: 'string',
  set_contains_any: 'string',
};

/** decodeConstraint decodes a constraint block; the shortcut arguments win over `operator`, in jobspec2's order. */
export function decodeConstraint(view: BodyView): Out | null {
  const m = readSpec(view, CONSTRAINT_SPEC);
  if (!m) return null;
  let lTarget = str(m, 'attribute');
  let rTarget = str(m, 'value');
  let operand = str(m, 'operator');
  for (const op of ['version', 'semver', 'regexp', 'set_contains']) {
    if (str(m, op) !== '') [operand, rTarget] = [op, str(m, op)];
  }
  if (m.get('distinct_hosts') === true) operand = 'distinct_hosts';
  if (str(m, 'distinct_property') !== '') [operand, lTarget] = ['distinct_property', str(m, 'distinct_property')];
  return { LTarget: lTarget, RTarget: rTarget, Operand: operand || '=' };
}

/** decodeAffinity decodes an affinity block; `weight` is kept as Nomad's int8 keeps it. */
export function decodeAffinity(view: BodyView): Out | null {
  const m = readSpec(view, AFFINITY_SPEC);
  if (!m) return null;
  let rTarget = str(m, 'value');
  let operand = str(m, 'operator');
  for (const op of ['version', 'semver', 'regexp', 'set_contains_any', 'set_contains_all', 'set_contains']) {
    if (str(m, op) !== '') [operand, rTarget] = [op, str(m, op)];
  }
  const out: Out = { LTarget: str(m, 'attribute'), RTarget: rTarget, Operand: operand || '=' };
  const w = m.get('weight');
  if (typeof w === 'number') out.Weight = (((Math.trunc(w) % 256) + 384) % 256) - 128;
  return out;
}

registerDecoder('Constraint', decodeConstraint);
registerDecoder('Affinity', decodeAffinity);
