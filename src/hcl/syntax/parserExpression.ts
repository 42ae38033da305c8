// The expression parser of HCL's native syntax (the expression half of
// hclsyntax's parser.go, with parser_traversal.go): conditionals, operators
// by HCL's precedence, unary operators, traversals and splats, literals,
// function calls, tuples, objects and `for` expressions. Templates are
// read by the template parser it builds on.

import { BINARY_LEVELS, type BinaryOp, type Expr, type Span, type TraversalStep } from './ast.ts';
import { TemplateParser } from './parserTemplate.ts';
import { ID_START, isIdentifier } from './scanner.ts';

// LEVEL is each binary operator's precedence level (0 binds loosest).
const LEVEL = new Map<BinaryOp, number>(
  BINARY_LEVELS.flatMap((ops, level) => ops.map((op) => [op, level] as [BinaryOp, number])),
);

// NUMBER matches a number literal where lastIndex points, however long (HCL's scanner reads every digit).
const NUMBER = /[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;

/** ExpressionParser reads expressions; the parser of bodies builds on it. */
export class ExpressionParser extends TemplateParser {
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
}

// extend adds a static step to a reference the parser has just made (no one else holds it yet).
function extend(scope: Expr & { kind: 'scope' }, step: TraversalStep, end: number): Expr {
  scope.steps.push(step);
  scope.span = { start: scope.span.start, end };
  return scope;
}
