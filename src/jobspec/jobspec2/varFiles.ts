// Var files (`nomad job run -var-file`), as jobspec2 reads them (Nomad
// v1.1.0, parse.go and types.variables.go): HCL's native syntax, parsed by
// the jobspec's own parser, or JSON when the text's first character other
// than a space is `{`. A var file holds arguments only, `name = value`; each
// value is evaluated as HCL evaluates without a context (no variables, no
// functions, but operators, templates and `for` expressions), and a JSON
// string is taken as it is written. Every problem is placed in its file.

import { type Node as JsonNode, type ParseError, getNodeValue, parseTree, printParseErrorCode } from 'jsonc-parser';
import { evaluate } from '../../hcl/eval/eval.ts';
import { type Value, fromJson } from '../../hcl/eval/value.ts';
import type { Body, Span } from '../../hcl/syntax/ast.ts';
import { parseConfig } from '../../hcl/syntax/parse.ts';
import { HclDiagnosticCode, Sink } from './sink.ts';
import { constantContext } from './variables.ts';
import type { Meter } from '../../hcl/budget.ts';

/** VarFileText is one var file: its name (as the command line gave it) and its text. */
export interface VarFileText {
  name: string;
  text: string;
}

/** VarFileAssignment is one argument of a var file: the variable it sets, its value's place in the file, and the value (computing it may throw an EvalProblem). */
export interface VarFileAssignment {
  name: string;
  sink: Sink;
  span: Span;
  value: () => Value;
}

/** ParsedVarFile is a parsed var file: its native syntax body, or its JSON object's properties. */
export type ParsedVarFile = { sink: Sink; body: Body } | { sink: Sink; properties: JsonNode[] };

/**
 * parseVarFiles parses every var file, in order. Null when one has a syntax
 * error: it is reported in that file, and jobspec2 then reads nothing else
 * (not even the jobspec's own syntax errors).
 */
export function parseVarFiles(files: readonly VarFileText[], parent: Sink): ParsedVarFile[] | null {
  const parsed: ParsedVarFile[] = [];
  for (const file of files) {
    const sink = new Sink(file.text, file.name, parent);
    const read = isJson(file.text) ? parseJsonVarFile(sink) : parseNativeVarFile(sink);
    if (read === null) return null;
    parsed.push(read);
  }
  return parsed;
}

// isJson decides as jobspec2 does: only spaces are skipped, so a JSON text
// that starts with a newline is read as native syntax.
function isJson(text: string): boolean {
  for (const c of text) if (c !== ' ') return c === '{';
  return false;
}

function parseNativeVarFile(sink: Sink): ParsedVarFile | null {
  const { body, problems } = parseConfig(sink.text);
  for (const p of problems) sink.error(HclDiagnosticCode.Syntax, p.summary, p.detail, p.span);
  return problems.length > 0 ? null : { sink, body };
}

// JSON_PROBLEMS words jsonc-parser's errors as HCL's JSON parser words the same mistakes.
const JSON_PROBLEMS: Record<string, [summary: string, detail: string]> = {
  ValueExpected: [
    'Missing JSON value',
    'A JSON value must start with a brace, a bracket, a number, a string, or a keyword.',
  ],
  PropertyNameExpected: ['Invalid JSON object', 'A JSON object property name must be a string.'],
  CommaExpected: ['Missing comma', 'A comma must separate each item in a JSON array or object.'],
  ColonExpected: ['Missing property value colon', 'JSON uses a colon as its name/value delimiter.'],
};

function parseJsonVarFile(sink: Sink): ParsedVarFile | null {
  const errors: ParseError[] = [];
  const root = parseTree(sink.text, errors, { disallowComments: true, allowTrailingComma: false });
  const first = errors[0];
  if (!first && root?.type === 'object') return { sink, properties: root.children ?? [] };
  const at = first?.offset ?? 0;
  let problem = (first && JSON_PROBLEMS[printParseErrorCode(first.error)]) ?? [
    'Invalid JSON',
    'A var file in JSON is one object of variable values.',
  ];
  let span = { start: at, end: at + (first?.length || 1) };
  const comma = /,\s*$/.exec(sink.text.slice(0, at));
  const closing = sink.text[at];
  if (comma && (closing === '}' || closing === ']')) {
    // HCL names a trailing comma, and places it there.
    problem =
      closing === '}'
        ? ['Trailing comma in object', 'JSON does not permit a trailing comma after the final property in an object.']
        : ['Trailing comma in array', 'JSON does not permit a trailing comma after the final value in an array.'];
    span = { start: comma.index, end: comma.index + 1 };
  } else if (root && at >= root.offset + root.length) {
    problem = ['Extraneous data after value', 'Extra characters appear after the JSON value.'];
  }
  sink.error(HclDiagnosticCode.Syntax, problem[0], problem[1], span);
  return null;
}

/**
 * varFileAssignments are the arguments the var files give, in order (a
 * later one wins); any block in a file is refused. A `variable` block ends
 * the reading of values, as it does in jobspec2: `complete` is then false,
 * and the values of later files and of `-var` are not taken either. Their
 * values are evaluated within `meter`'s budget.
 */
export function varFileAssignments(
  files: readonly ParsedVarFile[],
  meter: Meter,
): {
  assignments: VarFileAssignment[];
  complete: boolean;
} {
  const out: VarFileAssignment[] = [];
  for (const file of files) {
    const { sink } = file;
    if ('properties' in file) {
      out.push(...jsonAssignments(sink, file.properties));
      continue;
    }
    const declarations = file.body.blocks.filter((b) => b.type === 'variable' && b.labels.length === 1);
    for (const b of declarations) {
      const name = b.labels[0] as string;
      sink.error(
        HclDiagnosticCode.Variable,
        'Variable declaration in a .var file',
        `A .var file is used to assign values to variables that have already been declared in job files, not to declare new variables. To declare variable "${name}", place this block in one of your job files\n\nTo set a value for this variable in ${sink.file ?? ''}, use the definition syntax instead:\n    ${name} = <value>`,
        b.typeSpan,
      );
    }
    if (declarations.length > 0) return { assignments: out, complete: false };
    const block = file.body.blocks[0];
    if (block)
      sink.error(
        HclDiagnosticCode.Unsupported,
        `Unexpected "${block.type}" block`,
        'Blocks are not allowed here.',
        block.typeSpan,
      );
    for (const a of file.body.attributes)
      out.push({ name: a.name, sink, span: a.expr.span, value: () => evaluate(a.expr, constantContext(meter)) });
  }
  return { assignments: out, complete: true };
}

function jsonAssignments(sink: Sink, properties: readonly JsonNode[]): VarFileAssignment[] {
  const out: VarFileAssignment[] = [];
  const seen = new Map<string, JsonNode>();
  for (const property of properties) {
    const [key, value] = property.children ?? [];
    if (!key || !value) continue;
    const name = String(key.value);
    const before = seen.get(name);
    if (before) {
      sink.error(
        HclDiagnosticCode.Syntax,
        'Duplicate attribute definition',
        `The argument "${name}" was already set at ${sink.rangeText({ start: before.offset, end: before.offset + before.length })}.`,
        { start: key.offset, end: key.offset + key.length },
      );
      continue;
    }
    seen.set(name, property);
    const v = fromJson(getNodeValue(value));
    out.push({ name, sink, span: { start: value.offset, end: value.offset + value.length }, value: () => v });
  }
  return out;
}
