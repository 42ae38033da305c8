// Decoding a body into one api struct, as gohcl decodes into the structs
// Nomad tags for HCL: arguments converted to their field's Go type (with
// gocty's and cty's messages), blocks by their shape, anything else refused
// with HCL's "Unsupported argument/block type" and its "Did you mean …?".
// The result is the struct as Nomad's API JSON writes it, unset fields left
// out, keys in the struct's order.

import { parseGoDuration } from '../../engine/time.ts';
import { evaluateKept } from '../../hcl/eval/eval.ts';
import {
  ConversionError,
  type Type,
  type Value,
  type ValueMap,
  convert,
  sortedKeys,
  toJson,
  typeOfValue,
} from '../../hcl/eval/value.ts';
import type { Attribute, Body, Expr, Span } from '../../hcl/syntax/ast.ts';
import { nameSuggestion } from '../../hcl/suggest.ts';
import { type AttrKind, type BlockField, type Field, SCHEMAS, type StructSchema } from './schema.ts';
import { SCHEMAS_16 } from './schema16.ts';
import { HclDiagnosticCode, type Sink } from './sink.ts';
import { type BlockView, BodyView } from './view.ts';

/** Out is a decoded struct, as API JSON. */
export type Out = Record<string, unknown>;

/** CustomDecoder decodes a struct's body its own way (gohcl's registered body decoders). */
export type CustomDecoder = (view: BodyView, path: string) => Out | null;

const customs = new Map<string, CustomDecoder>();

/** registerDecoder makes `decoder` decode every body of the struct `name`. */
export function registerDecoder(name: string, decoder: CustomDecoder): void {
  customs.set(name, decoder);
}

/** notReadHint is the hint for a Nomad 1.x setting that this reconciler does not read. */
export function notReadHint(sink: Sink, name: string, span: Span): void {
  sink.hint(
    `"${name}" is not read by this reconciler (${sink.reconciler}); it is kept in the job as Nomad maps it.`,
    span,
  );
}

/** decodeBody decodes a body into the struct `name` at the API path `path` (a registered decoder first). */
export function decodeBody(view: BodyView, name: string, path: string): Out | null {
  const custom = customs.get(name);
  if (custom) return custom(view, path);
  return decodeStruct(view, view.sink.schemas[name] as StructSchema, path);
}

/** decodeBlock decodes a block into the struct `name`, its label into the struct's label field. */
export function decodeBlock(block: BlockView, name: string, path: string): Out | null {
  const out = decodeBody(block.body, name, path);
  const label = SCHEMAS[name]?.label;
  if (!out || !label) return out;
  return { [label.api]: block.labels[0], ...out };
}

/** inStructOrder puts an object's keys in its struct's order (the label first), as Nomad's JSON writes them. */
export function inStructOrder(o: Out, struct: string): Out {
  // 1.6's structs hold 0.12's fields in their order, then their own.
  const schema = SCHEMAS_16[struct] as StructSchema;
  const out: Out = {};
  if (schema.label && o[schema.label.api] !== undefined) out[schema.label.api] = o[schema.label.api];
  for (const f of schema.fields) if (o[f.api] !== undefined) out[f.api] = o[f.api];
  for (const k of Object.keys(o)) if (!(k in out)) out[k] = o[k];
  return out;
}

/** checkContent refuses, as HCL's Body.Content does, every argument and block type that `fields` does not name. */
export function checkContent(view: BodyView, attrs: readonly string[], blocks: readonly string[]): void {
  for (const a of view.attributes) {
    if (attrs.includes(a.name)) continue;
    const unset = attrs.filter((n) => !view.attributes.some((x) => x.name === n));
    let hint = nameSuggestion(a.name, unset);
    hint = hint
      ? ` Did you mean "${hint}"?`
      : blocks.includes(a.name)
        ? ` Did you mean to define a block of type "${a.name}"?`
        : '';
    view.sink.error(
      HclDiagnosticCode.Unsupported,
      'Unsupported argument',
      `An argument named "${a.name}" is not expected here.${hint}`,
      a.nameSpan,
    );
  }
  for (const b of view.blocks) {
    if (blocks.includes(b.type)) continue;
    let hint = nameSuggestion(b.type, blocks);
    hint = hint
      ? ` Did you mean "${hint}"?`
      : attrs.includes(b.type)
        ? ` Did you mean to define argument "${b.type}"? If so, use the equals sign to assign it a value.`
        : '';
    view.sink.error(
      HclDiagnosticCode.Unsupported,
      'Unsupported block type',
      `Blocks of type "${b.type}" are not expected here.${hint}`,
      b.typeSpan,
    );
  }
}

/** checkLabels reports a block with another number of labels than `names`, as HCL does; false then. */
export function checkLabels(sink: Sink, b: BlockView, names: readonly string[]): boolean {
  if (b.generated && !b.generated.labelsGiven && names.length > 0) {
    // A dynamic block generating labelled blocks must say their labels.
    if (sink.once(`labels@${b.generated.openSpan.start}`)) {
      sink.error(
        HclDiagnosticCode.Structure,
        'Missing required argument',
        'The argument "labels" is required, but no definition was found.',
        b.generated.openSpan,
      );
    }
    return false;
  }
  if (b.labels.length > names.length) {
    const detail =
      names.length === 0
        ? `No labels are expected for ${b.type} blocks.`
        : `Only ${names.length} labels (${names.join(', ')}) are expected for ${b.type} blocks.`;
    sink.error(
      HclDiagnosticCode.Structure,
      `Extraneous label for ${b.type}`,
      detail,
      b.labelSpans[names.length] as Span,
    );
    return false;
  }
  if (b.labels.length < names.length) {
    sink.error(
      HclDiagnosticCode.Structure,
      `Missing ${names[b.labels.length]} for ${b.type}`,
      `All ${b.type} blocks must have ${names.length} labels (${names.join(', ')}).`,
      b.openSpan,
    );
    return false;
  }
  return true;
}

function labelNames(f: Field): string[] {
  if (!('block' in f) || !f.struct) return [];
  const label = SCHEMAS[f.struct]?.label;
  return label ? [label.name || 'label'] : [];
}

/** decodeStruct decodes a body by a struct's schema, strictly (gohcl's decodeBodyToStruct). */
export function decodeStruct(view: BodyView, schema: StructSchema, path: string): Out {
  const attrNames = schema.fields.filter((f) => 'attr' in f).map((f) => f.hcl);
  const blockNames = schema.fields.filter((f) => 'block' in f).map((f) => f.hcl);
  checkContent(view, [...attrNames].sort(), [...blockNames].sort());
  const out: Out = {};
  const attrs = new Map(view.attributes.map((a) => [a.name, a]));
  const blocksByType = new Map<string, BlockView[]>();
  for (const b of view.blocks) {
    const list = blocksByType.get(b.type);
    if (list) list.push(b);
    else blocksByType.set(b.type, [b]);
  }
  for (const f of schema.fields) {
    const fieldPath = `${path}.${f.api}`;
    if ('attr' in f) {
      const a = attrs.get(f.hcl);
      if (!a) continue;
      if (f.unread) notReadHint(view.sink, f.hcl, a.nameSpan);
      view.sink.place(fieldPath, a.nameSpan);
      const v = decodeAttribute(view, a, f.attr);
      if (v !== undefined) out[f.api] = v;
      continue;
    }
    const blocks = blocksByType.get(f.hcl);
    if (!blocks) continue;
    if (f.unread) notReadHint(view.sink, f.hcl, (blocks[0] as BlockView).typeSpan);
    const v = decodeBlocks(view, f, blocks, fieldPath);
    if (v !== undefined) out[f.api] = v;
  }
  return out;
}

// decodeBlocks decodes the blocks of one field, by its shape.
function decodeBlocks(view: BodyView, f: BlockField, all: BlockView[], path: string): unknown {
  const sink = view.sink;
  const names = labelNames(f);
  const blocks = all.filter((b) => checkLabels(sink, b, names));
  if (blocks.length === 0) return undefined;
  const first = blocks[0] as BlockView;
  if (f.block !== 'list' && !(f.block === 'labelMap') && blocks.length > 1) {
    sink.error(
      HclDiagnosticCode.Structure,
      `Duplicate ${f.hcl} block`,
      `Only one ${f.hcl} block is allowed. Another was defined at ${sink.rangeText(first.defSpan)}.`,
      (blocks[1] as BlockView).defSpan,
    );
    return undefined;
  }
  switch (f.block) {
    case 'one':
      sink.place(path, first.defSpan);
      return decodeBlock(first, f.struct as string, path) ?? undefined;
    case 'list':
      return blocks.map((b, i) => {
        sink.place(`${path}[${i}]`, b.defSpan);
        return decodeBlock(b, f.struct as string, `${path}[${i}]`) ?? {};
      });
    case 'labelMap': {
      const out: Out = {};
      for (const b of blocks) {
        const key = b.labels[0] as string;
        const keyPath = `${path}[${JSON.stringify(key)}]`;
        sink.place(keyPath, b.defSpan);
        out[key] = decodeBlock(b, f.struct as string, keyPath) ?? {};
      }
      return sortObject(out);
    }
    case 'stringMap':
      sink.place(path, first.defSpan);
      return justAttributes(first.body, 'string', path);
    case 'listMap':
      sink.place(path, first.defSpan);
      return justAttributes(first.body, { list: 'string' }, path);
    case 'anyMap':
      sink.place(path, first.defSpan);
      return freeForm(first.body);
  }
  return undefined;
}

function sortObject(o: Out): Out {
  const out: Out = {};
  for (const k of Object.keys(o).sort()) out[k] = o[k];
  return out;
}

// unsuitable reports a value that does not fit its field, as gohcl words it.
function unsuitable(view: BodyView, detail: string, expr: Expr): undefined {
  view.sink.error(
    HclDiagnosticCode.ValueType,
    'Unsuitable value type',
    `Unsuitable value: ${detail}`,
    subjectSpan(view.sink.text, expr),
  );
  return undefined;
}

/** subjectSpan is where HCL marks a value that does not fit: a quoted string's text without its quotes, or the whole expression. */
export function subjectSpan(text: string, expr: Expr): Span {
  if (expr.kind === 'template' && text[expr.span.start] === '"' && expr.span.end - expr.span.start > 2)
    return { start: expr.span.start + 1, end: expr.span.end - 1 };
  return expr.span;
}

/** goDurationError words why a string is not a Go duration, as time.ParseDuration does. */
export function goDurationError(s: string): string {
  const q = JSON.stringify(s);
  let rest = s.replace(/^[-+]/, '');
  if (rest === '0') return '';
  if (rest === '') return `time: invalid duration ${q}`;
  while (rest !== '') {
    const num = /^(\d+(\.\d*)?|\.\d+)/.exec(rest);
    if (!num) return `time: invalid duration ${q}`;
    rest = rest.slice(num[0].length);
    const unit = /^[^0-9.]*/.exec(rest)?.[0] ?? '';
    if (unit === '') return `time: missing unit in duration ${q}`;
    if (!['ns', 'us', 'µs', 'μs', 'ms', 's', 'm', 'h'].includes(unit))
      return `time: unknown unit ${JSON.stringify(unit)} in duration ${q}`;
    rest = rest.slice(unit.length);
  }
  return `time: invalid duration ${q}`;
}

const INT_RANGES: Record<string, [bigint, bigint]> = {
  int: [-(2n ** 63n), 2n ** 63n - 1n],
  int64: [-(2n ** 63n), 2n ** 63n - 1n],
  int8: [-128n, 127n],
  uint8: [0n, 255n],
  uint64: [0n, 2n ** 64n - 1n],
};

/** decodeAttribute evaluates an argument and converts it to its field's type; undefined (reported) when it cannot, or when it is null. */
export function decodeAttribute(view: BodyView, a: Attribute, kind: AttrKind): unknown {
  const v = view.sink.catching(() => evaluateKept(a.expr, view.ctx));
  if (v === undefined || v === null) return undefined;
  return convertTo(view, v, kind, a.expr);
}

/** convertTo converts a value to a field's Go type, reporting it at `expr` when it cannot. */
export function convertTo(view: BodyView, v: Value, kind: AttrKind, expr: Expr): unknown {
  if (kind === 'duration') return duration(view, v, expr);
  const type: Type =
    kind === 'string'
      ? 'string'
      : kind === 'bool'
        ? 'bool'
        : kind === 'strings'
          ? { list: 'string' }
          : kind === 'stringMap'
            ? { map: 'string' }
            : 'number';
  let c: Value;
  try {
    c = convert(v, type);
  } catch (e) {
    if (e instanceof ConversionError) return unsuitable(view, e.message, expr);
    throw e;
  }
  if (kind === 'stringMap') return toJson(c);
  if (kind === 'strings') {
    if ((c as Value[]).some((x) => x === null)) return unsuitable(view, 'null value is not allowed', expr);
    return c;
  }
  if (typeof c !== 'number') return c;
  const [min, max] = INT_RANGES[kind] as [bigint, bigint];
  if (!Number.isInteger(c) || BigInt(c) < min || BigInt(c) > max)
    return unsuitable(view, `value must be a whole number, between ${min} and ${max}`, expr);
  return c;
}

// duration reads a duration as jobspec2's decodeDuration does: a Go
// duration string, or a number of nanoseconds.
function duration(view: BodyView, v: Value, expr: Expr): unknown {
  if (typeof v === 'string') {
    const ns = parseGoDuration(v);
    if (ns === null) {
      view.sink.error(
        HclDiagnosticCode.ValueType,
        'Unsuitable value type',
        `Unsuitable duration value: ${goDurationError(v)}`,
        subjectSpan(view.sink.text, expr),
      );
      return undefined;
    }
    return ns;
  }
  if (typeof v !== 'number') return unsuitable(view, `expected a string but found ${typeOfValue(v)}`, expr);
  if (!Number.isInteger(v))
    return unsuitable(view, 'value must be a whole number, between -9223372036854775808 and 9223372036854775807', expr);
  return v;
}

/**
 * justAttributes decodes a block whose body is a map (`meta`, `env`,
 * `options`): each argument converted to `type`. Nested blocks are read as
 * arguments holding lists of objects, as Nomad's block-as-attribute body
 * does, and so are refused as strings.
 */
export function justAttributes(view: BodyView, type: Type, path: string): Out {
  const out: Out = {};
  const values = bodyValues(view);
  for (const k of sortedKeys(values.map)) {
    const v = values.map.get(k) as Value;
    const span = values.spans.get(k) as Span;
    view.sink.place(`${path}[${JSON.stringify(k)}]`, span);
    try {
      out[k] = toJson(convert(v, type));
    } catch (e) {
      if (!(e instanceof ConversionError)) throw e;
      view.sink.error(HclDiagnosticCode.ValueType, 'Unsuitable value type', `Unsuitable value: ${e.message}`, span);
    }
  }
  return out;
}

/** freeForm decodes a block of free-form values (a task's `config`) as jobspec2 does: objects written as arguments and nested blocks both become lists of objects. */
export function freeForm(view: BodyView): Out {
  return toJson(bodyValues(view).map) as Out;
}

// bodyValues evaluates a body as Nomad's block-as-attribute body presents
// it: each argument (an object constructor wrapped in a list), and each
// block type as a list of objects, a label nesting each in a map.
function bodyValues(view: BodyView): { map: ValueMap; spans: Map<string, Span> } {
  const map: ValueMap = new Map();
  const spans = new Map<string, Span>();
  for (const a of view.attributes) {
    const v = view.sink.catching(() => evaluateKept(a.expr, view.ctx));
    spans.set(a.name, a.expr.span);
    if (v === undefined) continue;
    map.set(a.name, a.expr.kind === 'object' ? [v] : v);
  }
  const byType = new Map<string, Body[]>();
  const labelsOf = new Map<Body, string[]>();
  for (const b of view.body.blocks) {
    if (view.hiddenBlocks.has(b.type)) continue;
    if (!byType.has(b.type)) {
      byType.set(b.type, []);
      spans.set(b.type, b.typeSpan);
    }
    byType.get(b.type)?.push(b.body);
    labelsOf.set(b.body, b.labels);
  }
  for (const [type, bodies] of byType) {
    map.set(
      type,
      bodies.map((body) => {
        let v: Value = bodyValues(new BodyView(body, view.ctx, view.sink, false)).map;
        const labels = labelsOf.get(body) ?? [];
        for (let i = labels.length - 1; i >= 0; i--) v = new Map([[labels[i] as string, [v]]]);
        return v;
      }),
    );
  }
  return { map, spans };
}
