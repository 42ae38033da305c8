// The scanner of HCL's native syntax (hclsyntax's scanner): it reads
// characters where the parser stands, not a stream of tokens made ahead,
// because templates make a token depend on where it is. It skips blanks and
// comments, reads identifiers, keeps the nesting depth within the budget,
// and stops an item with a syntax error in HCL's words.

import { HCL_BUDGET, tooDeep } from '../budget.ts';
import type { Span } from './ast.ts';

/** SyntaxProblem is one syntax error: HCL's summary and detail, and where. */
export interface SyntaxProblem {
  summary: string;
  detail: string;
  span: Span;
}

/** Stop is a syntax error that ends the item being read: the parser reports it and resumes on the next line. */
export class Stop extends Error {
  constructor(
    readonly problem: SyntaxProblem,
    /** toEnd: what failed ran to the end of the file (an unterminated heredoc or comment), so nothing is left to read. */
    readonly toEnd = false,
  ) {
    super(problem.summary);
  }
}

/** TooDeep stops the whole read, where Stop stops one item: every item after would be as deep. */
export class TooDeep extends Error {
  constructor(readonly problem: SyntaxProblem) {
    super(problem.summary);
  }
}

/** ID_START matches a character that may start an identifier (Unicode's ID_Start, and `_`). */
export const ID_START = /[\p{ID_Start}_]/u;
// ID_CONTINUE matches a character that may go on with one (ID_Continue, and `-`).
const ID_CONTINUE = /[\p{ID_Continue}-]/u;

/** isIdentifier tells whether a string is a valid HCL identifier. */
export function isIdentifier(s: string): boolean {
  if (s === '' || !ID_START.test(s[0] as string)) return false;
  for (let i = 1; i < s.length; i++) if (!ID_CONTINUE.test(s[i] as string)) return false;
  return true;
}

/**
 * Scanner is the parser's reading head: the text, the position in it, how
 * deep the read is, whether newlines end an expression where it stands, and
 * the problems found. The parsers of templates, expressions and bodies
 * build on it, each in its own file.
 */
export class Scanner {
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
}
