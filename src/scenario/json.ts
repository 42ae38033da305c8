// JSON text: parsing it, and positions in it. The happy path is JSON.parse
// alone; jsonc-parser, which knows where everything is but is much slower,
// runs only when there is something to point at: a syntax error, or
// diagnostics that need a line and column.

import { type ParseError, parseTree, printParseErrorCode } from 'jsonc-parser';
import { LineIndex } from '../hcl/syntax/lines.ts';
import { type Diagnostic, DiagnosticCode } from './diagnostics.ts';
import { splitPath } from './path.ts';
import { placePaths } from './pathPlaces.ts';
import { type TextBudget, TEXT_BUDGET, parseWithinBudget } from './budget.ts';

/** ParsedText is JSON text read into a value, or the syntax errors that stopped it. */
export type ParsedText = { ok: true; value: unknown } | { ok: false; diagnostics: Diagnostic[] };

const BYTE_ORDER_MARK = '\uFEFF';
const MAX_SYNTAX_ERRORS = 5;

// budgetDiagnostic is the reader's diagnostic for a text over its budget (overBudget's sentence), placed at its start.
function budgetDiagnostic(over: string): Diagnostic {
  return {
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
  // Editors on Windows save a byte order mark; JSON.parse refuses it.
  const body = text.startsWith(BYTE_ORDER_MARK) ? text.slice(1) : text;
  const parsed = parseWithinBudget(text, budget, body);
  switch (parsed.kind) {
    case 'value':
      return { ok: true, value: parsed.value };
    case 'over':
      return { ok: false, diagnostics: [budgetDiagnostic(parsed.over)] };
    case 'syntax':
      return { ok: false, diagnostics: syntaxDiagnostics(text, parsed.error) };
  }
}

// syntaxDiagnostics explains why JSON.parse failed, with positions from
// jsonc-parser (set to accept nothing JSON does not), falling back to the
// position in JSON.parse's own message.
function syntaxDiagnostics(text: string, error: unknown): Diagnostic[] {
  const lines = LineIndex.of(text);
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
      Object.assign(d, lines.range({ start: e.offset, end: e.offset + e.length }));
      return d;
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  const d: Diagnostic = { code: DiagnosticCode.JsonSyntax, path: '', message: `invalid JSON: ${message}` };
  const position = /position (\d+)/.exec(message);
  const at = position ? Number(position[1]) : 0;
  Object.assign(d, lines.range({ start: at, end: at + 1 }));
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
 * field that is missing, the key of the closest enclosing value that is
 * (or its first character when no key holds it). All are found in one pass
 * over the text (placePaths), which stops once the last is placed, so that
 * a read with warnings costs about what a read without does.
 */
export function locateDiagnostics(text: string, diagnostics: Diagnostic[]): void {
  // The cap notice is about the whole read, not a place in the text.
  const unplaced = diagnostics.filter((d) => d.line === undefined && d.code !== DiagnosticCode.TooManyErrors);
  if (unplaced.length === 0) return;
  const places = placePaths(
    text,
    unplaced.map((d) => splitPath(d.path)),
  );
  const lines = new LineIndex(places.lineStarts);
  unplaced.forEach((d, i) => {
    const range = places.ranges[i];
    if (range) Object.assign(d, lines.range({ start: range.offset, end: range.offset + range.length }));
  });
}
