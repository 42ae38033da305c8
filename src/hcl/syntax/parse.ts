// A parser for HCL's native syntax, written from HashiCorp's specification
// (hcl v2, hclsyntax/spec.md), split as hclsyntax splits its own: the
// scanner (scanner.ts), templates (parserTemplate.ts), expressions
// (parserExpression.ts), and here the entry points and bodies of arguments
// and blocks (parser.go's other half). Every node keeps its offsets and
// syntax errors are reported in HCL's words; after an error the parser skips
// to the next line and goes on, so that one typo does not hide the rest.

import type { Attribute, Block, Body, Expr, Span } from './ast.ts';
import { ExpressionParser } from './parserExpression.ts';
import { ID_START, Stop, type SyntaxProblem, TooDeep } from './scanner.ts';

/** parseConfig parses a whole file into its body and the syntax errors found. */
export function parseConfig(text: string, maxDepth?: number): { body: Body; problems: SyntaxProblem[] } {
  const p = new Parser(text, maxDepth);
  try {
    const body = p.body(false, 0);
    return { body, problems: p.problems };
  } catch (e) {
    if (!(e instanceof TooDeep)) throw e;
    const empty = { start: 0, end: 0 };
    return {
      body: { attributes: [], blocks: [], items: [], span: empty, missingSpan: empty },
      problems: [...p.problems, e.problem],
    };
  }
}

/** parseExpression parses a text that is one expression (a -var value), or returns its syntax error. */
export function parseExpression(text: string): { expr: Expr | null; problems: SyntaxProblem[] } {
  const p = new Parser(text);
  try {
    p.newlines = false;
    const expr = p.expression();
    p.ws();
    if (p.pos < text.length)
      p.fail(
        'Extra characters after expression',
        'An expression was successfully parsed, but extra characters were found after it.',
        p.pos,
        p.pos + 1,
      );
    return { expr, problems: [] };
  } catch (e) {
    if (e instanceof Stop || e instanceof TooDeep) return { expr: null, problems: [e.problem] };
    throw e;
  }
}

// Parser reads bodies: arguments and blocks, one-line blocks, and the
// recovery that skips to the next line after a syntax error.
class Parser extends ExpressionParser {
  body(inBlock: boolean, openAt: number): Body {
    const start = this.pos;
    const attributes: Attribute[] = [];
    const blocks: Block[] = [];
    const items: (Attribute | Block)[] = [];
    const seen = new Map<string, Attribute>();
    for (;;) {
      let itemStart = this.pos;
      try {
        this.skip(true);
        itemStart = this.pos;
        if (this.pos >= this.text.length) {
          // HCL finds the missing brace where the file ends, once: the
          // blocks around this one are then closed by its recovery.
          if (inBlock && !this.recovery) {
            this.problems.push({
              summary: 'Argument or block definition required',
              detail: 'An argument or block definition is required here.',
              span: { start: this.pos, end: this.pos },
            });
            this.recovery = true;
          }
          return {
            attributes,
            blocks,
            items,
            span: { start, end: this.pos },
            missingSpan: inBlock ? { start: openAt, end: openAt + 1 } : { start: 0, end: 0 },
          };
        }
        if (this.peek() === '}' && inBlock) {
          const close = this.pos++;
          return {
            attributes,
            blocks,
            items,
            span: { start, end: close },
            missingSpan: { start: openAt, end: openAt + 1 },
          };
        }
        // Once recovering, HCL passes over what cannot start an item without
        // a word: it is the debris of the error already reported.
        if (this.recovery && !ID_START.test(this.peek())) {
          this.resync(itemStart);
          if (this.pos <= itemStart) this.pos = itemStart + 1;
          continue;
        }
        const item = this.item();
        items.push(item);
        if ('expr' in item) {
          const before = seen.get(item.name);
          if (before) {
            this.problems.push({
              summary: 'Attribute redefined',
              detail: `The argument "${item.name}" was already set at ${this.where(before.nameSpan.start)}. Each argument may be set only once.`,
              span: item.nameSpan,
            });
          } else {
            seen.set(item.name, item);
            attributes.push(item);
          }
        } else blocks.push(item);
      } catch (e) {
        if (!(e instanceof Stop)) throw e;
        this.problems.push(e.problem);
        this.recovery = true;
        this.resync(itemStart);
        if (e.toEnd) this.pos = this.text.length;
        if (this.pos <= itemStart) this.pos = itemStart + 1;
      }
    }
  }

  where(offset: number): string {
    let line = 1;
    let lineStart = 0;
    for (let i = 0; i < offset; i++) {
      if (this.text[i] !== '\n') continue;
      line++;
      lineStart = i + 1;
    }
    return `${line},${offset - lineStart + 1}`;
  }

  // resync skips to the end of the line that holds the error, across
  // brackets and strings opened on it.
  resync(from: number): void {
    let depth = 0;
    let i = from;
    const t = this.text;
    while (i < t.length) {
      const c = t[i];
      if (c === '"') {
        i++;
        while (i < t.length && t[i] !== '"' && t[i] !== '\n') i += t[i] === '\\' ? 2 : 1;
      } else if (c === '(' || c === '[' || c === '{') depth++;
      else if (c === ')' || c === ']' || c === '}') {
        if (depth === 0) break;
        depth--;
      } else if (c === '\n' && depth <= 0) break;
      i++;
    }
    this.pos = i;
  }

  // itemName reads the name an argument or a block starts with.
  itemName(): { name: string; nameSpan: Span } {
    const start = this.pos;
    const name = this.identifier();
    if (name === '')
      this.fail('Argument or block definition required', 'An argument or block definition is required here.');
    const nameSpan = { start, end: this.pos };
    this.skip(false);
    return { name, nameSpan };
  }

  item(): Attribute | Block {
    const start = this.pos;
    const { name, nameSpan } = this.itemName();
    if (this.peek() === '=' && this.peek(1) !== '=') {
      this.pos++;
      const expr = this.withNewlines(true, () => this.expression());
      this.skip(false);
      this.endOfItem('Missing newline after argument', 'An argument definition must end with a newline.');
      return { name, nameSpan, expr, span: { start, end: expr.span.end } };
    }
    const labels: string[] = [];
    const labelSpans: Span[] = [];
    for (;;) {
      this.skip(false);
      const at = this.pos;
      if (this.peek() === '"') {
        labels.push(this.stringLiteral());
        labelSpans.push({ start: at, end: this.pos });
      } else if (ID_START.test(this.peek())) {
        labels.push(this.identifier());
        labelSpans.push({ start: at, end: this.pos });
      } else break;
    }
    if (this.peek() !== '{') {
      if (labels.length === 0 && this.peek() === '=')
        this.fail('Invalid argument name', 'Argument names must not be followed by another equals sign.');
      this.fail(
        'Invalid block definition',
        'Either a quoted string block label or an opening brace ("{") is expected here.',
      );
    }
    const open = this.pos++;
    this.skip(false);
    const c = this.peek();
    const body = this.deeper(() =>
      c === '\n' || c === '' || c === '}' ? this.body(true, open) : this.singleAttributeBody(),
    );
    this.skip(false);
    this.endOfItem('Missing newline after block definition', 'A block definition must end with a newline.');
    return {
      type: name,
      typeSpan: nameSpan,
      labels,
      labelSpans,
      body,
      openSpan: { start: open, end: open + 1 },
      span: { start, end: this.pos },
    };
  }

  // singleAttributeBody reads the body of a block written on one line,
  // `update { stagger = "10s" }`: one argument, then the closing brace on
  // the same line. HCL refuses a nested block there, a second argument, and
  // a brace left for a later line.
  singleAttributeBody(): Body {
    const start = this.pos;
    const { name, nameSpan } = this.itemName();
    const next = this.peek();
    if (next === '"' || next === '{' || ID_START.test(next)) {
      // The place runs from the name to the end of the token after it.
      if (next === '"' || next === '{') this.pos++;
      else this.identifier();
      this.fail(
        'Argument definition required',
        `A single-line block definition can contain only a single argument. If you meant to define argument "${name}", use an equals sign to assign it a value. To define a nested block, place it on a line of its own within its parent block.`,
        start,
        this.pos,
      );
    }
    if (next !== '=' || this.peek(1) === '=')
      this.fail(
        'Argument or block definition required',
        'An argument or block definition is required here. To set an argument, use the equals sign "=" to introduce the argument value.',
        start,
        nameSpan.end,
      );
    this.pos++;
    const expr = this.withNewlines(true, () => this.expression());
    this.skip(false);
    const after = this.peek();
    if (after === ',')
      this.fail(
        'Invalid single-argument block definition',
        'Single-line block syntax can include only one argument definition. To define multiple arguments, use the multi-line block syntax with one argument definition per line.',
      );
    if (after === '\n')
      this.fail(
        'Invalid single-argument block definition',
        "An argument definition on the same line as its containing block creates a single-line block definition, which must also be closed on the same line. Place the block's closing brace immediately after the argument definition.",
      );
    if (after !== '}')
      this.fail(
        'Invalid single-argument block definition',
        'A single-line block definition must end with a closing brace immediately after its single argument definition.',
        this.pos,
        Math.max(this.pos, Math.min(this.pos + 1, this.text.length)),
      );
    this.pos++;
    const attribute: Attribute = { name, nameSpan, expr, span: { start, end: expr.span.end } };
    return {
      attributes: [attribute],
      blocks: [],
      items: [attribute],
      span: { start, end: expr.span.end },
      missingSpan: { start, end: start + 1 },
    };
  }

  // endOfItem checks that an argument or block ends its line: a closing
  // brace after it on the same line is refused too, as HCL refuses it (only
  // a single-line block, read by singleAttributeBody, closes on its line).
  endOfItem(summary: string, detail: string): void {
    const c = this.peek();
    if (c === '\n' || c === '') return;
    this.fail(summary, detail);
  }

  // stringLiteral reads a quoted string without interpolations (a block label).
  stringLiteral(): string {
    const start = this.pos;
    const t = this.template('"');
    if (t.parts.length === 0) return '';
    const only = t.parts[0];
    if (t.parts.length > 1 || only?.kind !== 'literal')
      this.fail('Invalid block label', 'Template sequences are not allowed in block labels.', start, this.pos);
    return only.text;
  }
}
