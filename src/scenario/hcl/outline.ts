// The outline of an HCL body: its arguments and blocks in source order, with
// the place of each name. HashiCorp's parser (through hcl2json) gives the
// values but no positions and sorts block labels; the outline supplies the
// order and the places, so that an unknown argument is marked where it is
// written. It runs only on text that HashiCorp's parser has accepted, so it
// scans structure (names, labels, braces) and skips expressions whole, without
// judging them.

/** SourceRange is a place in the text, 1-based lines and columns in UTF-16 code units, as Monaco counts. */
export interface SourceRange {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** OutlineItem is one argument (`count = 3`) or block (`group "web" { … }`) of a body. */
export interface OutlineItem {
  kind: 'attribute' | 'block';
  name: string;
  /** labels are a block's labels (`"web"`), unquoted. */
  labels: string[];
  /** range is the place of the name (and, for a block, its labels). */
  range: SourceRange;
  /** items is a block's body; empty for an argument. */
  items: OutlineItem[];
}

// Scanner walks the text once, keeping the line and column of its offset.
class Scanner {
  pos = 0;
  line = 1;
  lineStart = 0;

  constructor(readonly text: string) {}

  get done(): boolean {
    return this.pos >= this.text.length;
  }

  peek(ahead = 0): string {
    return this.text[this.pos + ahead] ?? '';
  }

  next(): string {
    const c = this.text[this.pos++] ?? '';
    if (c === '\n') {
      this.line++;
      this.lineStart = this.pos;
    }
    return c;
  }

  here(): { line: number; column: number } {
    return { line: this.line, column: this.pos - this.lineStart + 1 };
  }

  // skipSpace skips blanks and comments; newlines too when `newlines` is set.
  skipSpace(newlines: boolean): void {
    for (;;) {
      const c = this.peek();
      if (c === ' ' || c === '\t' || c === '\r' || (newlines && c === '\n')) this.next();
      else if (c === '#' || (c === '/' && this.peek(1) === '/')) this.skipLineComment();
      else if (c === '/' && this.peek(1) === '*') this.skipBlockComment();
      else return;
    }
  }

  skipLineComment(): void {
    while (!this.done && this.peek() !== '\n') this.next();
  }

  skipBlockComment(): void {
    this.next();
    this.next();
    while (!this.done && !(this.peek() === '*' && this.peek(1) === '/')) this.next();
    this.next();
    this.next();
  }

  identifier(): string {
    const start = this.pos;
    while (!this.done && /[A-Za-z0-9_-]/.test(this.peek())) this.next();
    return this.text.slice(start, this.pos);
  }

  // quoted reads a quoted string (a block label or a string in an
  // expression), template interpolations included, and returns its text
  // without the quotes and without unescaping beyond `\"` and `\\`.
  quoted(): string {
    this.next();
    let out = '';
    while (!this.done) {
      const c = this.peek();
      if (c === '"') {
        this.next();
        return out;
      }
      if (c === '\\') {
        this.next();
        out += this.next();
        continue;
      }
      if ((c === '$' || c === '%') && this.peek(1) === '{') {
        const start = this.pos;
        this.next();
        this.next();
        this.skipNested('}');
        out += this.text.slice(start, this.pos);
        continue;
      }
      if (c === '\n') return out; // unterminated: the parser has said so already
      out += this.next();
    }
    return out;
  }

  // heredoc skips `<<EOT … EOT` (or `<<-EOT`) from the `<<`.
  heredoc(): void {
    this.next();
    this.next();
    if (this.peek() === '-') this.next();
    const marker = this.identifier();
    while (!this.done && this.peek() !== '\n') this.next();
    while (!this.done) {
      this.next(); // the newline ending the previous line
      const start = this.pos;
      while (!this.done && this.peek() !== '\n') this.next();
      if (this.text.slice(start, this.pos).trim() === marker) return;
    }
  }

  // skipNested skips an expression up to and including `close`, across
  // newlines, through nested brackets, strings, heredocs and comments.
  skipNested(close: string): void {
    while (!this.done) {
      const c = this.peek();
      if (c === close) {
        this.next();
        return;
      }
      if (!this.skipExpressionPart()) this.next();
    }
  }

  // skipExpressionPart skips one bracketed, quoted, heredoc or comment part
  // of an expression, when one starts here.
  skipExpressionPart(): boolean {
    const c = this.peek();
    if (c === '"') this.quoted();
    else if (c === '(') this.skipBracketed(')');
    else if (c === '[') this.skipBracketed(']');
    else if (c === '{') this.skipBracketed('}');
    else if (c === '<' && this.peek(1) === '<' && /[-A-Za-z_]/.test(this.peek(2))) this.heredoc();
    else if (c === '#' || (c === '/' && this.peek(1) === '/')) this.skipLineComment();
    else if (c === '/' && this.peek(1) === '*') this.skipBlockComment();
    else return false;
    return true;
  }

  skipBracketed(close: string): void {
    this.next();
    this.skipNested(close);
  }

  // skipExpression skips an argument's value: up to the end of its line, or
  // a `}` that closes the enclosing one-line block.
  skipExpression(): void {
    while (!this.done) {
      const c = this.peek();
      if (c === '\n' || c === '}') return;
      if (!this.skipExpressionPart()) this.next();
    }
  }
}

/** outlineHcl returns the outline of an HCL file's body. */
export function outlineHcl(text: string): OutlineItem[] {
  const s = new Scanner(text);
  return body(s, false);
}

// body reads items until the end of the text or, inside a block, its `}`.
function body(s: Scanner, inBlock: boolean): OutlineItem[] {
  const items: OutlineItem[] = [];
  for (;;) {
    s.skipSpace(true);
    if (s.done) return items;
    const c = s.peek();
    if (c === '}') {
      s.next();
      if (inBlock) return items;
      continue; // a stray brace at the top: the parser has reported it
    }
    if (!/[A-Za-z_]/.test(c)) {
      // Not the start of an item: skip the line (the parser has reported it).
      s.skipExpression();
      if (s.peek() === '}' && !inBlock) s.next();
      continue;
    }
    const start = s.here();
    const name = s.identifier();
    s.skipSpace(false);
    if (s.peek() === '=' && s.peek(1) !== '=') {
      s.next();
      s.skipSpace(false);
      s.skipExpression();
      items.push({ kind: 'attribute', name, labels: [], range: { line: start.line, column: start.column, endLine: start.line, endColumn: start.column + name.length }, items: [] });
      continue;
    }
    const labels: string[] = [];
    let end = { line: start.line, column: start.column + name.length };
    for (;;) {
      s.skipSpace(false);
      const d = s.peek();
      if (d === '"') {
        labels.push(s.quoted());
        end = s.here();
      } else if (/[A-Za-z_]/.test(d)) {
        labels.push(s.identifier());
        end = s.here();
      } else break;
    }
    if (s.peek() !== '{') {
      s.skipExpression();
      continue;
    }
    s.next();
    const inner = body(s, true);
    items.push({ kind: 'block', name, labels, range: { line: start.line, column: start.column, endLine: end.line, endColumn: end.column }, items: inner });
  }
}
