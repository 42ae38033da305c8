// A parser for HCL's native syntax, written from HashiCorp's specification
// (hcl v2, hclsyntax/spec.md): bodies of arguments and blocks, expressions
// with HCL's operator precedence, templates with interpolations, directives
// and strip markers, and heredocs. It reads characters directly (templates
// make the tokens depend on where they are), keeps every node's offsets, and
// reports syntax errors in HCL's words; after an error it skips to the next
// line and goes on, so that one typo does not hide the rest of the file.

import { HCL_BUDGET, tooDeep } from '../budget.ts';
import {
  BINARY_LEVELS,
  type Attribute,
  type BinaryOp,
  type Block,
  type Body,
  type Expr,
  type Span,
  type TemplatePart,
  type TraversalStep,
} from './ast.ts';

/** SyntaxProblem is one syntax error: HCL's summary and detail, and where. */
export interface SyntaxProblem {
  summary: string;
  detail: string;
  span: Span;
}

type TemplateExpr = Expr & { kind: 'template' };

// LEVEL is each binary operator's precedence level (0 binds loosest).
const LEVEL = new Map<BinaryOp, number>(
  BINARY_LEVELS.flatMap((ops, level) => ops.map((op) => [op, level] as [BinaryOp, number])),
);

class Stop extends Error {
  constructor(
    readonly problem: SyntaxProblem,
    /** toEnd: what failed ran to the end of the file (an unterminated heredoc or comment), so nothing is left to read. */
    readonly toEnd = false,
  ) {
    super(problem.summary);
  }
}

// TooDeep stops the whole read, where Stop stops one item: every item after would be as deep.
class TooDeep extends Error {
  constructor(readonly problem: SyntaxProblem) {
    super(problem.summary);
  }
}

// NUMBER matches a number literal where lastIndex points, however long (HCL's scanner reads every digit).
const NUMBER = /[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;

const ID_START = /[\p{ID_Start}_]/u;
const ID_CONTINUE = /[\p{ID_Continue}-]/u;

/** isIdentifier tells whether a string is a valid HCL identifier. */
export function isIdentifier(s: string): boolean {
  if (s === '' || !ID_START.test(s[0] as string)) return false;
  for (let i = 1; i < s.length; i++) if (!ID_CONTINUE.test(s[i] as string)) return false;
  return true;
}

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

class Parser {
  pos = 0;
  /** depth is how many levels deep the parser is reading (blocks, expressions, operators, steps). */
  depth = 0;
  /** newlines: whether a newline ends the expression being read (outside brackets) or is blank space (inside them). */
  newlines = true;
  readonly problems: SyntaxProblem[] = [];
  /** recovery: an error was recovered from by skipping text; as in HCL, an unclosed block is then not reported again at the end of the file. */
  recovery = false;

  constructor(
    readonly text: string,
    readonly maxDepth = HCL_BUDGET.depth,
  ) {}

  // descend goes one level deeper; past the budget, the whole read stops, at `at`.
  descend(at = this.pos): void {
    if (++this.depth > this.maxDepth)
      throw new TooDeep({ ...tooDeep(this.maxDepth), span: { start: at, end: at + 1 } });
  }

  fail(summary: string, detail: string, start = this.pos, end = start + 1): never {
    throw new Stop({ summary, detail, span: { start, end: Math.min(end, Math.max(this.text.length, start)) } });
  }

  // failToEnd stops at a construct that runs to the end of the file.
  failToEnd(summary: string, detail: string, start: number, end: number): never {
    throw new Stop({ summary, detail, span: { start, end } }, true);
  }

  peek(ahead = 0): string {
    return this.text[this.pos + ahead] ?? '';
  }

  startsWith(s: string): boolean {
    return this.text.startsWith(s, this.pos);
  }

  // ws skips blanks and comments, and newlines too where they do not count.
  ws(): void {
    this.skip(!this.newlines);
  }

  skip(newlines: boolean): void {
    const t = this.text;
    for (;;) {
      const c = t[this.pos];
      if (c === ' ' || c === '\t' || c === '\r' || (newlines && c === '\n')) this.pos++;
      else if (c === '#' || (c === '/' && t[this.pos + 1] === '/')) {
        while (this.pos < t.length && t[this.pos] !== '\n') this.pos++;
      } else if (c === '/' && t[this.pos + 1] === '*') {
        const end = t.indexOf('*/', this.pos + 2);
        if (end === -1)
          this.failToEnd(
            'Unterminated block comment',
            'There is no closing marker for this block comment.',
            this.pos,
            this.pos + 2,
          );
        this.pos = end + 2;
      } else return;
    }
  }

  identifier(): string {
    const start = this.pos;
    if (!ID_START.test(this.peek())) return '';
    this.pos++;
    const t = this.text;
    for (;;) {
      const c = t.charCodeAt(this.pos);
      // ASCII letters, digits, `_` and `-` without the Unicode test.
      if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 45) this.pos++;
      else if (c > 127 && ID_CONTINUE.test(t[this.pos] as string)) this.pos++;
      else break;
    }
    return t.slice(start, this.pos);
  }

  // keywordAhead tells whether the identifier `word` starts here (and not a longer name).
  keywordAhead(word: string): boolean {
    return this.startsWith(word) && !ID_CONTINUE.test(this.text[this.pos + word.length] ?? '');
  }

  // deeper reads something one level deeper (see descend), at `at`, and comes back up.
  deeper<T>(read: () => T, at = this.pos): T {
    this.descend(at);
    try {
      return read();
    } finally {
      this.depth--;
    }
  }

  // withNewlines reads something with newlines counting (or not) and restores the setting.
  withNewlines<T>(newlines: boolean, read: () => T): T {
    const saved = this.newlines;
    this.newlines = newlines;
    try {
      return read();
    } finally {
      this.newlines = saved;
    }
  }

  expect(c: string, summary: string, detail: string): void {
    this.ws();
    if (!this.startsWith(c)) this.fail(summary, detail);
    this.pos += c.length;
  }

  // ---- Bodies ----

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

  // ---- Expressions ----

  expression(): Expr {
    const cond = this.binary(0);
    this.ws();
    if (this.peek() !== '?') return cond;
    this.pos++;
    // Its results are one level deeper: a chain of conditionals nests.
    const [then, otherwise] = this.deeper(() => {
      const t = this.expression();
      this.expect(
        ':',
        'Missing false expression in conditional',
        'The conditional operator (...?...:...) requires a false expression, delimited by a colon.',
      );
      return [t, this.expression()] as const;
    });
    return {
      kind: 'conditional',
      cond,
      then,
      else: otherwise,
      span: { start: cond.span.start, end: otherwise.span.end },
    };
  }

  // binary reads operands joined by operators of `level` or tighter
  // (precedence climbing): each operator's right side binds one level
  // tighter, so operators of one level associate to the left.
  // Every expression is read through here, one level deeper than the one
  // around it; each operator of a chain adds a level too, as the tree it
  // builds nests one deeper per operator.
  binary(level: number): Expr {
    let levels = 1;
    this.descend();
    try {
      let left = this.unary();
      for (;;) {
        const save = this.pos;
        this.ws();
        const op = this.operator();
        const opLevel = op === null ? -1 : (LEVEL.get(op) as number);
        if (op === null || opLevel < level) {
          this.pos = save;
          return left;
        }
        this.pos += op.length;
        levels++;
        this.descend();
        const right = this.binary(opLevel + 1);
        left = { kind: 'binary', op, left, right, span: { start: left.span.start, end: right.span.end } };
      }
    } finally {
      this.depth -= levels;
    }
  }

  // operator reads the binary operator that starts here, if any (not `=`,
  // `=>`, a unary `!`, or a comment).
  operator(): BinaryOp | null {
    const c = this.peek();
    const d = this.peek(1);
    switch (c) {
      case '|':
        return d === '|' ? '||' : null;
      case '&':
        return d === '&' ? '&&' : null;
      case '=':
        return d === '=' ? '==' : null;
      case '!':
        return d === '=' ? '!=' : null;
      case '<':
      case '>':
        return d === '=' ? ((c + d) as BinaryOp) : c;
      case '/':
        return d === '/' || d === '*' ? null : '/';
      case '+':
      case '-':
      case '*':
      case '%':
        return c;
      default:
        return null;
    }
  }

  unary(): Expr {
    this.ws();
    const c = this.peek();
    if ((c === '-' || c === '!') && this.peek(1) !== '=') {
      const start = this.pos++;
      const operand = this.deeper(() => this.unary());
      return { kind: 'unary', op: c, operand, span: { start, end: operand.span.end } };
    }
    return this.postfix(this.term());
  }

  // Each step or splat nests the expression one level deeper.
  postfix(source: Expr): Expr {
    const outside = this.depth;
    try {
      return this.steps(source);
    } finally {
      this.depth = outside;
    }
  }

  // steps reads the steps and splats after `source`.
  steps(source: Expr): Expr {
    let expr = source;
    for (;;) {
      const save = this.pos;
      this.ws();
      const c = this.peek();
      if (this.startsWith('...')) {
        this.pos = save;
        return expr;
      }
      if (c === '.' && this.peek(1) === '*') {
        this.pos += 2;
        this.descend();
        expr = this.splat(expr, false);
      } else if (c === '[' && this.starAfterBracket()) {
        this.pos++;
        this.ws();
        this.pos++;
        this.expect(
          ']',
          'Missing close bracket on splat index',
          'The star for a full splat operator must be immediately followed by a closing bracket ("]").',
        );
        this.descend();
        expr = this.splat(expr, true);
      } else if (c === '.' || c === '[') {
        const step = this.step(expr);
        if (!step) {
          this.pos = save;
          return expr;
        }
        this.descend();
        expr = step;
      } else {
        this.pos = save;
        return expr;
      }
    }
  }

  // starAfterBracket tells whether the `[` here opens a full splat, `[*]`.
  starAfterBracket(): boolean {
    let i = this.pos + 1;
    while (this.text[i] === ' ' || this.text[i] === '\t' || this.text[i] === '\n' || this.text[i] === '\r') i++;
    return this.text[i] === '*';
  }

  // step reads one `.name`, `.0` or `[key]` after `source`; a static step
  // extends a variable reference, as HCL's traversals do.
  step(source: Expr): Expr | null {
    const start = this.pos;
    if (this.peek() === '.') {
      this.pos++;
      this.ws();
      if (/[0-9]/.test(this.peek())) {
        const digitsStart = this.pos;
        while (/[0-9]/.test(this.peek())) this.pos++;
        const digits = this.text.slice(digitsStart, this.pos);
        const span = { start, end: this.pos };
        if (source.kind === 'scope') return extend(source, { kind: 'index', key: Number(digits), span }, this.pos);
        return {
          kind: 'index',
          source,
          key: { kind: 'literal', value: Number(digits), span },
          span: { start: source.span.start, end: this.pos },
        };
      }
      const nameStart = this.pos;
      const name = this.identifier();
      if (name === '') this.fail('Invalid attribute name', 'An attribute name is required after a dot.', nameStart);
      const nameSpan = { start: nameStart, end: this.pos };
      if (source.kind === 'scope')
        return extend(source, { kind: 'attr', name, span: { start, end: this.pos } }, this.pos);
      return { kind: 'getattr', source, name, nameSpan, span: { start: source.span.start, end: this.pos } };
    }
    this.pos++;
    const key = this.withNewlines(false, () => this.expression());
    this.expect(']', 'Missing close bracket on index', 'The index operator must end with a closing bracket ("]").');
    const span = { start: source.span.start, end: this.pos };
    const literal =
      key.kind === 'literal' && (typeof key.value === 'number' || typeof key.value === 'string')
        ? key.value
        : key.kind === 'template' && key.parts.length === 1 && key.parts[0]?.kind === 'literal'
          ? key.parts[0].text
          : null;
    if (source.kind === 'scope' && literal !== null)
      return extend(source, { kind: 'index', key: literal, span: { start, end: this.pos } }, this.pos);
    return { kind: 'index', source, key, span };
  }

  // splat reads the steps after `.*` (attributes only) or `[*]` (attributes and indexes), applied to each element.
  splat(source: Expr, full: boolean): Expr {
    let each: Expr = { kind: 'anon', span: { start: this.pos, end: this.pos } };
    for (;;) {
      const save = this.pos;
      this.ws();
      const c = this.peek();
      const isStep = (c === '.' && ID_START.test(this.peek(1))) || (full && c === '[' && !this.starAfterBracket());
      if (!isStep) {
        this.pos = save;
        break;
      }
      const next = this.step(each);
      if (!next) break;
      each = next;
    }
    return { kind: 'splat', source, each, span: { start: source.span.start, end: this.pos } };
  }

  term(): Expr {
    this.ws();
    const start = this.pos;
    const c = this.peek();
    if (/[0-9]/.test(c)) return this.number();
    if (c === '"') return this.template('"');
    if (c === '<' && this.peek(1) === '<') return this.heredoc();
    if (c === '(') {
      this.pos++;
      const inner = this.withNewlines(false, () => {
        const e = this.expression();
        this.expect(')', 'Unbalanced parentheses', 'Expected a closing parenthesis to terminate the expression.');
        return e;
      });
      return { kind: 'paren', inner, span: { start, end: this.pos } };
    }
    if (c === '[') return this.withNewlines(false, () => this.tuple());
    if (c === '{') return this.object();
    if (ID_START.test(c)) {
      const name = this.identifier();
      const nameSpan = { start, end: this.pos };
      if (name === 'true' || name === 'false') return { kind: 'literal', value: name === 'true', span: nameSpan };
      if (name === 'null') return { kind: 'literal', value: null, span: nameSpan };
      const save = this.pos;
      this.skip(false);
      if (this.peek() === '(') {
        this.pos++;
        return this.withNewlines(false, () => this.call(name, nameSpan));
      }
      this.pos = save;
      return { kind: 'scope', root: name, rootSpan: nameSpan, steps: [], span: nameSpan };
    }
    this.fail(
      'Invalid expression',
      'Expected the start of an expression, but found an invalid expression token.',
      start,
    );
  }

  number(): Expr {
    const start = this.pos;
    NUMBER.lastIndex = start;
    const literal = NUMBER.exec(this.text)?.[0] ?? '';
    this.pos += literal.length;
    return { kind: 'literal', value: Number(literal), span: { start, end: this.pos } };
  }

  call(name: string, nameSpan: Span): Expr {
    const args: Expr[] = [];
    let expandFinal = false;
    for (;;) {
      this.ws();
      if (this.peek() === ')') break;
      args.push(this.expression());
      this.ws();
      if (this.startsWith('...')) {
        this.pos += 3;
        expandFinal = true;
        this.expect(
          ')',
          'Missing closing parenthesis',
          'An expanded function argument (with ...) must be immediately followed by closing parentheses.',
        );
        return { kind: 'call', name, nameSpan, args, expandFinal, span: { start: nameSpan.start, end: this.pos } };
      }
      if (this.peek() === ',') {
        this.pos++;
        continue;
      }
      if (this.peek() !== ')')
        this.fail(
          'Missing argument separator',
          'A comma is required to separate each function argument from the next.',
        );
    }
    this.pos++;
    return { kind: 'call', name, nameSpan, args, expandFinal, span: { start: nameSpan.start, end: this.pos } };
  }

  // forIntro reads `for k, v in coll :` (the colon only in a for expression, not a directive).
  forIntro(directive = false): { keyVar: string | null; valueVar: string; coll: Expr } {
    const summary = directive ? 'Invalid template for directive' : 'Invalid for expression';
    this.pos += 3;
    this.ws();
    const first = this.identifier();
    if (first === '') this.fail(summary, 'For expression requires variable name after "for".');
    let second: string | null = null;
    this.ws();
    if (this.peek() === ',') {
      this.pos++;
      this.ws();
      second = this.identifier();
      if (second === '') this.fail(summary, 'For expression requires value variable name after comma.');
      this.ws();
    }
    if (!this.keywordAhead('in'))
      this.fail(summary, 'For expression requires the "in" keyword after its name declarations.');
    this.pos += 2;
    const coll = this.expression();
    if (!directive) this.expect(':', summary, 'For expression requires a colon after the collection expression.');
    return second === null ? { keyVar: null, valueVar: first, coll } : { keyVar: first, valueVar: second, coll };
  }

  forCond(): Expr | null {
    this.ws();
    if (!this.keywordAhead('if')) return null;
    this.pos += 2;
    return this.expression();
  }

  // forAhead tells whether a `for` keyword begins a for expression here (after `[` or `{`).
  forAhead(): boolean {
    return this.keywordAhead('for') && /^for\s+[\p{ID_Start}_]/u.test(this.text.slice(this.pos, this.pos + 40));
  }

  tuple(): Expr {
    const start = this.pos++;
    this.ws();
    if (this.forAhead()) {
      const intro = this.forIntro();
      const valueExpr = this.expression();
      const cond = this.forCond();
      this.expect(']', 'Invalid for expression', 'Extra characters after the end of the "for" expression.');
      return { kind: 'for', ...intro, keyExpr: null, valueExpr, cond, group: false, span: { start, end: this.pos } };
    }
    const items: Expr[] = [];
    for (;;) {
      this.ws();
      if (this.peek() === ']') break;
      items.push(this.expression());
      this.ws();
      if (this.peek() === ',') {
        this.pos++;
        continue;
      }
      if (this.peek() !== ']')
        this.fail('Missing item separator', 'Expected a comma to mark the beginning of the next item.');
    }
    this.pos++;
    return { kind: 'tuple', items, span: { start, end: this.pos } };
  }

  object(): Expr {
    const start = this.pos++;
    this.skip(true);
    if (this.forAhead()) {
      return this.withNewlines(false, () => {
        const intro = this.forIntro();
        const keyExpr = this.expression();
        this.expect(
          '=>',
          'Invalid for expression',
          'An object-typed for expression must have a key expression and a value expression, separated by "=>".',
        );
        const valueExpr = this.expression();
        this.ws();
        let group = false;
        if (this.startsWith('...')) {
          this.pos += 3;
          group = true;
        }
        const cond = this.forCond();
        this.expect('}', 'Invalid for expression', 'Extra characters after the end of the "for" expression.');
        return { kind: 'for', ...intro, keyExpr, valueExpr, cond, group, span: { start, end: this.pos } };
      });
    }
    const items: { key: Expr; bareKey: string | null; value: Expr }[] = [];
    return this.withNewlines(true, () => {
      for (;;) {
        this.skip(true);
        if (this.peek() === '}') break;
        if (this.pos >= this.text.length)
          this.fail(
            'Unterminated object constructor expression',
            'There is no corresponding closing brace before the end of the file.',
            start,
          );
        const keyStart = this.pos;
        const key = this.withNewlines(false, () => this.binary(0));
        const keyText = this.text.slice(keyStart, key.span.end);
        const bareKey =
          (key.kind === 'scope' && key.steps.length === 0) || (key.kind === 'literal' && isIdentifier(keyText))
            ? keyText
            : null;
        this.skip(false);
        if (this.peek() !== '=' && this.peek() !== ':') {
          this.fail(
            'Missing key/value separator',
            'Expected an equals sign ("=") to mark the beginning of the attribute value.',
          );
        }
        this.pos++;
        const value = this.expression();
        items.push({ key, bareKey, value });
        this.skip(false);
        const c = this.peek();
        if (c === ',' || c === '\n') {
          this.pos++;
          continue;
        }
        if (c !== '}')
          this.fail(
            'Missing attribute separator',
            'Expected a newline or comma to mark the beginning of the next attribute.',
          );
      }
      this.pos++;
      return { kind: 'object' as const, items, span: { start, end: this.pos } };
    });
  }

  // ---- Templates ----

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

// extend adds a static step to a reference the parser has just made (no one else holds it yet).
function extend(scope: Expr & { kind: 'scope' }, step: TraversalStep, end: number): Expr {
  scope.steps.push(step);
  scope.span = { start: scope.span.start, end };
  return scope;
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
