// The template parser of HCL's native syntax (hclsyntax's
// parser_template.go): quoted templates and heredocs, their escapes,
// interpolations and `%{if}`/`%{for}` directives with strip markers,
// nested into a tree once the whole template is read. An interpolation's
// expression is read by the expression parser, which builds on this one.

import type { Expr, Span, TemplatePart } from './ast.ts';
import { Scanner } from './scanner.ts';

/** TemplateExpr is the node a template is read into. */
export type TemplateExpr = Expr & { kind: 'template' };

// A template token before directives are nested: literal text, an
// interpolation or a directive, with its strip markers.
type TemplateToken =
  | { kind: 'literal'; text: string }
  | { kind: 'interp'; expr: Expr; stripLeft: boolean; stripRight: boolean }
  | {
      kind: 'directive';
      word: 'if' | 'else' | 'endif' | 'for' | 'endfor';
      cond?: Expr;
      keyVar?: string | null;
      valueVar?: string;
      coll?: Expr;
      stripLeft: boolean;
      stripRight: boolean;
      span: Span;
    };

/**
 * TemplateParser reads templates; the expressions inside them (an
 * interpolation, a directive's condition or collection) are the expression
 * parser's, declared here and written there.
 */
export abstract class TemplateParser extends Scanner {
  /** expression reads one expression where the parser stands. */
  abstract expression(): Expr;

  /** forIntro reads the `for KEY, VALUE in COLLECTION` that opens a for expression or directive. */
  abstract forIntro(directive?: boolean): { keyVar: string | null; valueVar: string; coll: Expr };

  // template reads a quoted template from its opening quote.
  template(quote: string): TemplateExpr {
    const start = this.pos++;
    const tokens: TemplateToken[] = [];
    let literal = '';
    const t = this.text;
    for (;;) {
      const c = t[this.pos];
      // HCL reports where the string stops: the end of the file, or the
      // end of its line.
      if (c === undefined)
        this.failToEnd(
          'Unterminated template string',
          'No closing marker was found for the string.',
          this.pos,
          this.pos,
        );
      if (c === '\n') {
        this.fail(
          'Invalid multi-line string',
          'Quoted strings may not be split over multiple lines. To produce a multi-line string, either use the \\n escape to represent a newline character or use the "heredoc" multi-line template syntax.',
        );
      }
      if (c === quote) {
        this.pos++;
        break;
      }
      if (c === '\\') {
        literal += this.escape();
        continue;
      }
      const seq = this.templateSequence(tokens, literal);
      if (seq) {
        literal = '';
        continue;
      }
      literal += this.escapedIntro() ?? t[this.pos++];
    }
    if (literal !== '') tokens.push({ kind: 'literal', text: literal });
    return this.finishTemplate(tokens, { start, end: this.pos }, false);
  }

  // escapedIntro reads `$${` or `%%{`, which stand for `${` and `%{` themselves.
  escapedIntro(): string | null {
    if (this.startsWith('$${') || this.startsWith('%%{')) {
      const s = this.text.slice(this.pos + 1, this.pos + 3);
      this.pos += 3;
      return s;
    }
    return null;
  }

  escape(): string {
    const at = this.pos;
    const c = this.text[this.pos + 1];
    this.pos += 2;
    switch (c) {
      case 'n':
        return '\n';
      case 'r':
        return '\r';
      case 't':
        return '\t';
      case '"':
        return '"';
      case '\\':
        return '\\';
      case 'u':
      case 'U': {
        const n = c === 'u' ? 4 : 8;
        const hex = this.text.slice(this.pos, this.pos + n);
        if (!new RegExp(`^[0-9A-Fa-f]{${n}}$`).test(hex))
          this.fail(
            'Invalid escape sequence',
            `The \\${c} escape sequence must be followed by ${n} hexadecimal digits.`,
            at,
            this.pos,
          );
        this.pos += n;
        const code = parseInt(hex, 16);
        if (code > 0x10ffff)
          this.fail('Invalid escape sequence', 'The escape sequence is not a valid Unicode character.', at, this.pos);
        return String.fromCodePoint(code);
      }
      default:
        this.fail(
          'Invalid escape sequence',
          `The symbol "${c ?? ''}" is not a valid escape sequence selector.`,
          at,
          at + 2,
        );
    }
  }

  // templateSequence reads a `${…}` or `%{…}` here, pushing the literal before it; false when none starts here.
  templateSequence(tokens: TemplateToken[], literal: string): boolean {
    const isInterp = this.startsWith('${');
    const isDirective = this.startsWith('%{');
    if (!isInterp && !isDirective) return false;
    if (literal !== '') tokens.push({ kind: 'literal', text: literal });
    const start = this.pos;
    this.pos += 2;
    let stripLeft = false;
    if (this.peek() === '~') {
      stripLeft = true;
      this.pos++;
    }
    this.withNewlines(false, () => {
      if (isInterp) {
        const expr = this.expression();
        const stripRight = this.closeSequence(
          'Extra characters after interpolation expression',
          'Expected a closing brace to end the interpolation expression, but found extra characters.',
        );
        tokens.push({ kind: 'interp', expr, stripLeft, stripRight });
        return;
      }
      this.ws();
      const wordStart = this.pos;
      const word = this.identifier();
      const token: TemplateToken = {
        kind: 'directive',
        word: 'if',
        stripLeft,
        stripRight: false,
        span: { start, end: start },
      };
      if (word === 'if') token.cond = this.expression();
      else if (word === 'for') {
        this.pos = wordStart;
        const intro = this.forIntro(true);
        Object.assign(token, { word: 'for' }, intro);
      } else if (word === 'else' || word === 'endif' || word === 'endfor') token.word = word;
      else
        this.fail(
          'Invalid template directive',
          'A template directive keyword ("if", "for", etc) is expected at the beginning of a %{ sequence.',
          wordStart,
          this.pos,
        );
      token.stripRight = this.closeSequence(
        'Extra characters in template directive',
        'Expected a closing brace to end the sequence, but found extra characters.',
      );
      token.span = { start, end: this.pos };
      tokens.push(token);
    });
    return true;
  }

  // closeSequence reads the optional strip marker and closing brace of a sequence.
  closeSequence(summary: string, detail: string): boolean {
    this.ws();
    let strip = false;
    if (this.peek() === '~') {
      strip = true;
      this.pos++;
    }
    if (this.peek() !== '}') this.fail(summary, detail);
    this.pos++;
    return strip;
  }

  heredoc(): Expr {
    const start = this.pos;
    this.pos += 2;
    const flush = this.peek() === '-';
    if (flush) this.pos++;
    const marker = this.identifier();
    if (marker === '' || (this.peek() !== '\n' && !(this.peek() === '\r' && this.peek(1) === '\n'))) {
      this.fail(
        'Invalid heredoc introduction',
        'A heredoc introduction must be "<<" or "<<-" followed by an identifier and then a newline.',
        start,
        this.pos,
      );
    }
    this.pos += this.peek() === '\r' ? 2 : 1;
    const tokens: TemplateToken[] = [];
    const t = this.text;
    let literal = '';
    for (;;) {
      // At the start of a line: is it the closing marker?
      const lineEnd = t.indexOf('\n', this.pos);
      const line = t.slice(this.pos, lineEnd === -1 ? t.length : lineEnd).replace(/\r$/, '');
      if (line.trim() === marker && line.trimStart() === line.trim()) {
        if (literal !== '') tokens.push({ kind: 'literal', text: literal });
        this.pos += line.length;
        break;
      }
      if (this.pos >= t.length)
        this.failToEnd(
          'Unterminated template string',
          'No closing marker was found for the string.',
          this.pos,
          this.pos,
        );
      for (;;) {
        const c = t[this.pos];
        if (c === undefined) break;
        if (c === '\n') {
          literal += '\n';
          this.pos++;
          tokens.push({ kind: 'literal', text: literal });
          literal = '';
          break;
        }
        if (this.templateSequence(tokens, literal)) {
          literal = '';
          continue;
        }
        literal += this.escapedIntro() ?? t[this.pos++];
      }
    }
    return this.finishTemplate(tokens, { start, end: this.pos }, flush);
  }

  // finishTemplate applies strip markers (and a flush heredoc's indentation), then nests directives.
  finishTemplate(tokens: TemplateToken[], span: Span, flush: boolean): TemplateExpr {
    for (let i = 0; i < tokens.length; i++) {
      const tok = tokens[i] as TemplateToken;
      if (tok.kind === 'literal') continue;
      const before = tokens[i - 1];
      const after = tokens[i + 1];
      if (tok.stripLeft && before?.kind === 'literal') before.text = before.text.replace(/\s+$/u, '');
      if (tok.stripRight && after?.kind === 'literal') after.text = after.text.replace(/^\s+/u, '');
    }
    if (flush) flushIndent(tokens);
    const unwrap = tokens.length === 1 && tokens[0]?.kind === 'interp';
    const state = { i: 0 };
    const parts = this.nest(tokens, state, null);
    return { kind: 'template', parts, unwrap, span };
  }

  // nest turns the flat tokens into parts, reading an if or for directive's body up to its end.
  nest(tokens: TemplateToken[], state: { i: number }, open: 'if' | 'for' | null): TemplatePart[] {
    const parts: TemplatePart[] = [];
    while (state.i < tokens.length) {
      const tok = tokens[state.i] as TemplateToken;
      if (tok.kind === 'literal') {
        state.i++;
        if (tok.text !== '') parts.push({ kind: 'literal', text: tok.text });
        continue;
      }
      if (tok.kind === 'interp') {
        state.i++;
        parts.push({ kind: 'interp', expr: tok.expr });
        continue;
      }
      if (tok.word === 'else' || tok.word === 'endif' || tok.word === 'endfor') {
        if ((open === 'if' && tok.word !== 'endfor') || (open === 'for' && tok.word === 'endfor')) return parts;
        this.fail(
          `Unexpected ${tok.word} directive`,
          `The ${tok.word} directive does not match any opening directive here.`,
          tok.span.start,
          tok.span.end,
        );
      }
      state.i++;
      if (tok.word === 'if') {
        const then = this.deeper(() => this.nest(tokens, state, 'if'), tok.span.start);
        let otherwise: TemplatePart[] = [];
        let end = tokens[state.i];
        if (end?.kind === 'directive' && end.word === 'else') {
          state.i++;
          otherwise = this.deeper(() => this.nest(tokens, state, 'if'), tok.span.start);
          end = tokens[state.i];
          if (end?.kind === 'directive' && end.word === 'else')
            this.fail(
              'Unexpected else directive',
              'Already in the else clause for this if directive.',
              end.span.start,
              end.span.end,
            );
        }
        if (end?.kind !== 'directive' || end.word !== 'endif')
          this.fail(
            'Unterminated template if directive',
            'No matching %{ endif } was found for this %{ if }.',
            tok.span.start,
            tok.span.end,
          );
        state.i++;
        parts.push({ kind: 'if', cond: tok.cond as Expr, then, else: otherwise, span: tok.span });
      } else {
        const body = this.deeper(() => this.nest(tokens, state, 'for'), tok.span.start);
        const end = tokens[state.i];
        if (end?.kind !== 'directive' || end.word !== 'endfor')
          this.fail(
            'Unterminated template for directive',
            'No matching %{ endfor } was found for this %{ for }.',
            tok.span.start,
            tok.span.end,
          );
        state.i++;
        parts.push({
          kind: 'for',
          keyVar: tok.keyVar ?? null,
          valueVar: tok.valueVar as string,
          coll: tok.coll as Expr,
          body,
          span: tok.span,
        });
      }
    }
    return parts;
  }
}

// flushIndent removes, from each line of a `<<-` heredoc, the smallest
// indentation among its lines (blank lines do not count).
function flushIndent(tokens: TemplateToken[]): void {
  let min = Infinity;
  let lineStart = true;
  const adjust: { kind: 'literal'; text: string }[] = [];
  for (const tok of tokens) {
    if (lineStart) {
      lineStart = false;
      if (tok.kind === 'literal') {
        const trimmed = tok.text.replace(/^\s+/u, '');
        if (trimmed === '' && tok.text.endsWith('\n')) {
          // a blank line
        } else {
          min = Math.min(min, [...tok.text.slice(0, tok.text.length - trimmed.length)].length);
          adjust.push(tok);
        }
      } else min = 0;
    }
    if (tok.kind === 'literal' && tok.text.endsWith('\n')) lineStart = true;
  }
  if (!Number.isFinite(min) || min === 0) return;
  for (const tok of adjust) tok.text = [...tok.text].slice(min).join('');
}
