// Decoding an HCL body into API job fields: the body's values come from
// HashiCorp's parser (as hcl2json renders them), its order and places from
// the outline. Unknown arguments and blocks, wrong value types and repeated
// blocks become diagnostics at their place, in the words HCL itself uses.

import { parseGoDuration } from '../../engine/time.ts';
import type { Diagnostic, DiagnosticCodeValue } from '../diagnostics.ts';
import type { OutlineItem, SourceRange } from './outline.ts';

/** HclDiagnosticCode names the problems found while reading a jobspec. */
export const HclDiagnosticCode = {
  /** Syntax: HashiCorp's parser rejected the text. */
  Syntax: 'hcl-syntax',
  /** Unsupported: an argument or block that Nomad does not accept there. */
  Unsupported: 'hcl-unsupported',
  /** ValueType: a value of the wrong type for its argument. */
  ValueType: 'hcl-value-type',
  /** Structure: a missing or repeated block, a missing or extra label. */
  Structure: 'hcl-structure',
} as const;

/** JOBSPEC_PATH is the scenario path that diagnostics about the jobspec text carry. */
export const JOBSPEC_PATH = 'JobSpec';

/** Decoder collects what one jobspec read produces besides the job: diagnostics, and the place of each API path. */
export class Decoder {
  readonly diagnostics: Diagnostic[] = [];
  /** places maps an API path (`Job.TaskGroups[0].Count`) to where it is written. */
  readonly places = new Map<string, SourceRange>();

  /** error reports a problem at a place, as HCL words it: a summary, then a detail. */
  error(code: DiagnosticCodeValue, range: SourceRange, summary: string, detail: string): void {
    this.diagnostics.push({ code, path: JOBSPEC_PATH, message: detail ? `${summary}; ${detail}` : summary, ...range });
  }

  /** place records where the value at an API path is written. */
  place(path: string, range: SourceRange): void {
    if (!this.places.has(path)) this.places.set(path, range);
  }
}

/** ValueKind is how an argument's value converts, as Nomad's decoder converts it (weakly: "3" is a number). */
export type ValueKind = 'string' | 'int' | 'number' | 'bool' | 'duration' | 'strings' | 'stringMap' | 'any';

/** FieldSpec maps an HCL argument to its API field and the kind of its value. */
export type FieldSpec = readonly [api: string, kind: ValueKind];

/** Fields maps each argument a block takes to its API field. */
export type Fields = Readonly<Record<string, FieldSpec>>;

type JsonBody = Record<string, unknown>;

/** Body is one HCL body (a file or a block's) being decoded into one API object. */
export class Body {
  constructor(
    readonly decoder: Decoder,
    readonly items: OutlineItem[],
    readonly json: JsonBody,
    /** path is the API path of the object this body decodes into. */
    readonly path: string,
    /** range is the place of the block's header (type and labels). */
    readonly range: SourceRange,
    /** labels are the block's labels. */
    readonly labels: string[] = [],
    /** type is the block's type ("" for the file). */
    readonly type: string = '',
  ) {
    decoder.place(path, range);
  }

  /** label is the block's first label ("" when it has none). */
  get label(): string {
    return this.labels[0] ?? '';
  }

  /**
   * check reports every argument not in `attributes` and every block not in
   * `blocks`, with Nomad's HCL2 messages. Call it first: decoding then reads
   * only what is allowed.
   */
  check(attributes: readonly string[], blocks: readonly string[]): void {
    for (const item of this.items) {
      if (item.kind === 'attribute' && !attributes.includes(item.name)) {
        const hint = blocks.includes(item.name) ? ` Did you mean to define a block of type "${item.name}"?` : '';
        this.decoder.error(HclDiagnosticCode.Unsupported, item.range, 'Unsupported argument', `An argument named "${item.name}" is not expected here.${hint}`);
      } else if (item.kind === 'block' && !blocks.includes(item.name)) {
        const hint = attributes.includes(item.name) ? ` Did you mean to define argument "${item.name}"? If so, use the equals sign to assign it a value.` : '';
        this.decoder.error(HclDiagnosticCode.Unsupported, item.range, 'Unsupported block type', `Blocks of type "${item.name}" are not expected here.${hint}`);
      }
    }
  }

  /** attribute returns an argument's item, or undefined when it is not given. */
  attribute(name: string): OutlineItem | undefined {
    return this.items.find((i) => i.kind === 'attribute' && i.name === name);
  }

  /** value returns an argument's value as the parser gave it. */
  value(name: string): unknown {
    return this.json[name];
  }

  /**
   * blocks returns the blocks of one type, in source order, each with its
   * body. `labels` is how many labels each must have; a block with another
   * number is reported and skipped.
   */
  blocks(type: string, labels: number, childPath: (index: number, labels: string[]) => string): Body[] {
    const out: Body[] = [];
    const seen = new Map<string, number>();
    for (const item of this.items) {
      if (item.kind !== 'block' || item.name !== type) continue;
      if (item.labels.length !== labels) {
        if (item.labels.length < labels) {
          this.decoder.error(HclDiagnosticCode.Structure, item.range, `Missing name for ${type}`, `All ${type} blocks must have ${labels} labels (name).`);
        } else {
          this.decoder.error(HclDiagnosticCode.Structure, item.range, `Extraneous label for ${type}`, labels === 0 ? `No labels are expected for ${type} blocks.` : `Only ${labels} labels (name) are expected for ${type} blocks.`);
        }
        continue;
      }
      const key = JSON.stringify(item.labels);
      const nth = seen.get(key) ?? 0;
      seen.set(key, nth + 1);
      const json = blockJson(this.json, type, item.labels, nth);
      out.push(new Body(this.decoder, item.items, json, childPath(out.length, item.labels), item.range, item.labels, type));
    }
    return out;
  }

  /** single returns the one block of a type that may appear once, reporting any more; undefined when there is none. */
  single(type: string, path: string): Body | undefined {
    const found = this.blocks(type, 0, () => path);
    const first = found[0]?.range;
    for (const extra of found.slice(1)) {
      if (!first) break;
      this.decoder.error(HclDiagnosticCode.Structure, extra.range, `Duplicate ${type} block`, `Only one ${type} block is allowed. Another was defined on line ${first.line}.`);
    }
    return found[0];
  }

  /** fields decodes the arguments listed in `fields` into `out`, converting each value. */
  fields(fields: Fields, out: Record<string, unknown>): void {
    for (const item of this.items) {
      if (item.kind !== 'attribute') continue;
      const spec = fields[item.name];
      if (!spec) continue;
      const [api, kind] = spec;
      const converted = convert(this.decoder, item, this.json[item.name], kind);
      if (converted === undefined) continue;
      out[api] = converted;
      this.decoder.place(this.path + '.' + api, item.range);
    }
  }

  /** freeForm returns the body's values as they are, for `config`, `meta` and `env` blocks; its nested blocks are lists of objects. */
  freeForm(): JsonBody {
    return this.json;
  }
}

// blockJson finds a block's body in hcl2json's rendering, where blocks
// nest by type and then by each label, and those of the same type and
// labels form a list in source order.
function blockJson(json: JsonBody, type: string, labels: string[], nth: number): JsonBody {
  let node: unknown = json[type];
  for (const label of labels) node = isRecord(node) ? node[label] : undefined;
  const list: unknown[] = Array.isArray(node) ? node : [node];
  const body = list[nth];
  return isRecord(body) ? body : {};
}

function isRecord(v: unknown): v is JsonBody {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const KIND_WORDS: Record<ValueKind, string> = {
  string: 'a string is required',
  int: 'a whole number is required',
  number: 'a number is required',
  bool: 'a bool is required',
  duration: 'a duration such as "30s" is required',
  strings: 'a list of strings is required',
  stringMap: 'a map of strings is required',
  any: '',
};

// convert turns one value into its API form, or reports it and returns undefined.
function convert(decoder: Decoder, item: OutlineItem, value: unknown, kind: ValueKind): unknown {
  const result = convertValue(value, kind);
  if (result === undefined) {
    decoder.error(HclDiagnosticCode.ValueType, item.range, 'Incorrect attribute value type', `Inappropriate value for attribute "${item.name}": ${KIND_WORDS[kind]}.`);
  }
  return result;
}

/** convertValue converts a parsed value to one kind, weakly as Nomad's decoder does; undefined when it cannot. */
export function convertValue(value: unknown, kind: ValueKind): unknown {
  switch (kind) {
    case 'any':
      return value;
    case 'string':
      if (typeof value === 'string') return value;
      if (typeof value === 'number') return String(value);
      if (typeof value === 'boolean') return value ? '1' : '0';
      return undefined;
    case 'int':
    case 'number': {
      let n: number | undefined;
      if (typeof value === 'number') n = value;
      else if (typeof value === 'boolean') n = value ? 1 : 0;
      else if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) n = Number(value);
      if (n === undefined) return undefined;
      return kind === 'int' ? Math.trunc(n) : n;
    }
    case 'bool':
      if (typeof value === 'boolean') return value;
      if (typeof value === 'number') return value !== 0;
      if (typeof value === 'string') {
        if (['1', 't', 'T', 'true', 'TRUE', 'True'].includes(value)) return true;
        if (['0', 'f', 'F', 'false', 'FALSE', 'False', ''].includes(value)) return false;
      }
      return undefined;
    case 'duration':
      // Nomad's API form is nanoseconds; a number is nanoseconds already.
      if (typeof value === 'number' && Number.isInteger(value)) return value;
      if (typeof value === 'string') return parseGoDuration(value) ?? undefined;
      return undefined;
    case 'strings': {
      const list = Array.isArray(value) ? value : [value];
      const out: string[] = [];
      for (const v of list) {
        const s = convertValue(v, 'string');
        if (s === undefined) return undefined;
        out.push(s as string);
      }
      return out;
    }
    case 'stringMap': {
      if (!isRecord(value)) return undefined;
      const out: Record<string, string> = {};
      for (const [k, v] of Object.entries(value)) {
        const s = convertValue(v, 'string');
        if (s === undefined) return undefined;
        out[k] = s as string;
      }
      return out;
    }
  }
}
