// JSON text: parsing it, and positions in it. The happy path is JSON.parse
// alone; jsonc-parser, which knows where everything is but is much slower,
// runs only when there is something to point at: a syntax error, or
// diagnostics that need a line and column.

import {
  type Node as JsonNode,
  type ParseError,
  findNodeAtLocation,
  parseTree,
  printParseErrorCode,
} from 'jsonc-parser';
import { type Diagnostic, DiagnosticCode } from './diagnostics.ts';
import { splitPath } from './path.ts';

/** ParsedText is JSON text read into a value, or the syntax errors that stopped it. */
export type ParsedText = { ok: true; value: unknown } | { ok: false; diagnostics: Diagnostic[] };

const BYTE_ORDER_MARK = '\uFEFF';
const MAX_SYNTAX_ERRORS = 5;

/**
 * TEXT_BUDGET is what the reader takes on before anything else looks at a
 * text: its length in characters, how deep its arrays and objects nest, and
 * how many values it holds. Each is far above any scenario a person writes
 * (the deepest field the reader knows is under 80 levels down, a
 * 20,000-allocation cluster holds well under a million values), and each
 * keeps what comes after (the reader, jsonc-parser's recursion, the
 * browser's structured clone and JSON.stringify) well inside its own
 * limits, so no text can hang or crash the page.
 */
export const TEXT_BUDGET: TextBudget = { chars: 16 * 1024 * 1024, depth: 128, values: 2_000_000 };

/**
 * FILE_TEXT_BUDGET is the budget of a scenario file read on the command
 * line, where no page can freeze: as long a text as a JavaScript string can
 * hold and a hundred million values, nested no deeper than the page's
 * budget allows (the nesting limit guards the reader's recursion).
 */
export const FILE_TEXT_BUDGET: TextBudget = { chars: 2 ** 29 - 24, depth: TEXT_BUDGET.depth, values: 100_000_000 };

/** TextBudget is a limit on a text's length, nesting and number of values; tests pass smaller ones. */
export interface TextBudget {
  chars: number;
  depth: number;
  values: number;
}

/** TextMeasure is how long a JSON text is, how deep it nests and how many values it holds (strings, numbers, literals, arrays, objects), in a budget's terms. */
export type TextMeasure = TextBudget;

/**
 * measureJson measures a text in one pass over its characters, without
 * parsing it. Strings are skipped with indexOf, which the engine runs
 * natively, so the loop itself only sees punctuation, numbers and literals.
 * Brackets count depth. Values are counted from the separators: in JSON
 * every value but the first is either the first element of a non-empty
 * array or object or follows a comma, so the count is one (the document)
 * plus the commas plus the containers that hold anything.
 * Text that is not JSON is measured all the same; the parser judges it.
 */
export function measureJson(text: string): TextMeasure {
  let depth = 0;
  let deepest = 0;
  let commas = 0;
  let filled = 0;
  let blank = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    switch (c) {
      case 34: // "
        i = closingQuote(text, i);
        blank = false;
        break;
      case 123: // {
      case 91: // [
        if (++depth > deepest) deepest = depth;
        if (!closesNext(text, i + 1)) filled++;
        blank = false;
        break;
      case 125: // }
      case 93: // ]
        depth--;
        break;
      case 44: // ,
        commas++;
        break;
      case 32:
      case 9:
      case 10:
      case 13:
        break;
      default:
        blank = false;
    }
  }
  return { chars: text.length, depth: deepest, values: blank ? 0 : 1 + commas + filled };
}

// closingQuote is the offset of the quote that ends the string opened at
// `open`, or the text's length when the string never ends. A quote ends the
// string unless an odd number of backslashes stands right before it.
function closingQuote(text: string, open: number): number {
  let quote = text.indexOf('"', open + 1);
  while (quote > 0) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 92) backslashes++;
    if (backslashes % 2 === 0) return quote;
    quote = text.indexOf('"', quote + 1);
  }
  return text.length;
}

// closesNext tells whether the first non-blank character from `from` closes a container: the one just opened is empty.
function closesNext(text: string, from: number): boolean {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13) return c === 125 || c === 93;
  }
  return false;
}

/**
 * overBudget names the budget a text passes and by how much, as a
 * sentence without a subject ("nests 10,000 levels deep; …"), or null
 * when the text is within every budget. The length is checked first, so a
 * text far too long is never scanned.
 */
export function overBudget(text: string, budget: TextBudget = TEXT_BUDGET): string | null {
  const n = (v: number) => v.toLocaleString('en-US');
  if (text.length > budget.chars) {
    return `is ${n(text.length)} characters long, ${n(text.length - budget.chars)} more than the ${n(budget.chars)} the playground reads`;
  }
  const m = measureJson(text);
  if (m.depth > budget.depth) {
    return `nests ${n(m.depth)} levels deep, ${n(m.depth - budget.depth)} more than the ${n(budget.depth)} the playground reads`;
  }
  if (m.values > budget.values) {
    return `holds ${n(m.values)} values, ${n(m.values - budget.values)} more than the ${n(budget.values)} the playground reads`;
  }
  return null;
}

/** budgetDiagnostic is overBudget as the reader's diagnostic for a whole text, or null. */
export function budgetDiagnostic(text: string, budget: TextBudget = TEXT_BUDGET): Diagnostic | null {
  const over = overBudget(text, budget);
  return over === null
    ? null
    : {
        code: DiagnosticCode.OverBudget,
        path: '',
        message: `the text ${over}`,
        line: 1,
        column: 1,
        endLine: 1,
        endColumn: 2,
      };
}

/**
 * parseJsonText parses a scenario's text within a budget (the page's by
 * default); a syntax error becomes a diagnostic with its line and column.
 */
export function parseJsonText(text: string, budget: TextBudget = TEXT_BUDGET): ParsedText {
  const over = budgetDiagnostic(text, budget);
  if (over !== null) return { ok: false, diagnostics: [over] };
  // Editors on Windows save a byte order mark; JSON.parse refuses it.
  const body = text.startsWith(BYTE_ORDER_MARK) ? text.slice(1) : text;
  try {
    return { ok: true, value: JSON.parse(body) as unknown };
  } catch (e) {
    return { ok: false, diagnostics: syntaxDiagnostics(text, e) };
  }
}

// syntaxDiagnostics explains why JSON.parse failed, with positions from
// jsonc-parser (set to accept nothing JSON does not), falling back to the
// position in JSON.parse's own message.
function syntaxDiagnostics(text: string, error: unknown): Diagnostic[] {
  const lines = new LineIndex(text);
  const errors: ParseError[] = [];
  try {
    parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  } catch {
    // Nesting deep enough to exhaust the stack: JSON.parse's message will do.
  }
  const found = errors.filter((e) => !(e.offset === 0 && text.startsWith(BYTE_ORDER_MARK)));
  if (found.length > 0) {
    return found.slice(0, MAX_SYNTAX_ERRORS).map((e) => {
      const d: Diagnostic = {
        code: DiagnosticCode.JsonSyntax,
        path: '',
        message: `invalid JSON: ${syntaxMessage(printParseErrorCode(e.error), text, e.offset)}`,
      };
      lines.setRange(d, e.offset, Math.max(e.length, 1));
      return d;
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  const d: Diagnostic = { code: DiagnosticCode.JsonSyntax, path: '', message: `invalid JSON: ${message}` };
  const position = /position (\d+)/.exec(message);
  lines.setRange(d, position ? Number(position[1]) : 0, 1);
  return [d];
}

// syntaxMessage turns jsonc-parser's error names into sentences.
function syntaxMessage(code: string, text: string, offset: number): string {
  const near =
    offset < text.length ? ` near ${JSON.stringify(text.slice(offset, offset + 12))}` : ' at the end of the text';
  switch (code) {
    case 'InvalidSymbol':
      return `unexpected character${near}`;
    case 'InvalidNumberFormat':
      return `malformed number${near}`;
    case 'PropertyNameExpected':
      return `expected a property name in double quotes${near}`;
    case 'ValueExpected':
      return `expected a value${near}`;
    case 'ColonExpected':
      return `expected ':'${near}`;
    case 'CommaExpected':
      return `expected ','${near}`;
    case 'CloseBraceExpected':
      return `expected '}'${near}`;
    case 'CloseBracketExpected':
      return `expected ']'${near}`;
    case 'EndOfFileExpected':
      return `unexpected text after the JSON value${near}`;
    case 'InvalidCommentToken':
    case 'UnexpectedEndOfComment':
      return `comments are not allowed in JSON${near}`;
    case 'UnexpectedEndOfString':
      return `unterminated string${near}`;
    case 'UnexpectedEndOfNumber':
      return `malformed number${near}`;
    case 'InvalidUnicode':
      return `malformed \\u escape${near}`;
    case 'InvalidEscapeCharacter':
      return `invalid escape in a string${near}`;
    case 'InvalidCharacter':
      return `control character in a string${near}`;
    default:
      return `${code}${near}`;
  }
}

/**
 * locateDiagnostics gives each diagnostic the line and column range of the
 * value its path names: the value itself when it is in the text, or, for a
 * field that is missing, the start of the closest enclosing value that is.
 * It parses the text once, so call it only when there are diagnostics.
 */
export function locateDiagnostics(text: string, diagnostics: Diagnostic[]): void {
  let root: JsonNode | undefined;
  try {
    root = parseTree(text, [], { disallowComments: true });
  } catch {
    return; // nesting too deep for jsonc-parser's recursion: leave the paths alone
  }
  if (root === undefined) return;
  const lines = new LineIndex(text);
  for (const d of diagnostics) {
    // The cap notice is about the whole read, not a place in the text.
    if (d.line !== undefined || d.code === DiagnosticCode.TooManyErrors) continue;
    const segments = splitPath(d.path);
    let node = segments.length === 0 ? undefined : findNodeAtLocation(root, segments);
    if (node !== undefined) {
      lines.setRange(d, node.offset, node.length);
      continue;
    }
    while (node === undefined && segments.length > 0) {
      segments.pop();
      node = findNodeAtLocation(root, segments);
    }
    if (node === undefined) node = root;
    // Point at the key that holds the enclosing value when there is one, else its first character.
    const key = node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
    if (key !== undefined) lines.setRange(d, key.offset, key.length);
    else lines.setRange(d, node.offset, 1);
  }
}

/** LineIndex converts offsets in a text to 1-based lines and columns (in UTF-16 code units, as editors count). */
export class LineIndex {
  private readonly starts: number[];

  constructor(text: string) {
    // Editors hide a byte order mark, so columns on the first line start after it.
    this.starts = [text.startsWith(BYTE_ORDER_MARK) ? 1 : 0];
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) this.starts.push(i + 1);
      else if (c === 13) {
        if (text.charCodeAt(i + 1) === 10) i++;
        this.starts.push(i + 1);
      }
    }
  }

  /** position is the 1-based line and column of an offset. */
  position(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.starts[lo]! + 1 };
  }

  /** setRange sets a diagnostic's line, column, endLine and endColumn to cover `length` characters from `offset`. */
  setRange(d: Diagnostic, offset: number, length: number): void {
    const start = this.position(offset);
    const end = this.position(offset + length);
    d.line = start.line;
    d.column = start.column;
    d.endLine = end.line;
    d.endColumn = end.column;
  }
}
