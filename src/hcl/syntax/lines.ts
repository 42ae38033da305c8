// Offsets into a text turned into 1-based lines and columns in UTF-16 code
// units, as Monaco counts them.

import type { SourceRange } from '../range.ts';
import type { Span } from './ast.ts';

/** LineIndex finds the line and column of an offset in one text. */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(text: string) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  /** position is the line and column of an offset. */
  position(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (this.starts[lo] as number) + 1 };
  }

  /** range is a span's place; an empty span covers one column, so that an editor can mark it. */
  range(span: Span): SourceRange {
    const a = this.position(span.start);
    const b = this.position(Math.max(span.end, span.start + 1));
    return { line: a.line, column: a.column, endLine: b.line, endColumn: b.column };
  }
}
