// Offsets into a text turned into 1-based lines and columns in UTF-16 code
// units, as editors (Monaco) count them: a line ends at \n, \r\n or a lone
// \r, and a byte order mark at the start is hidden, so that the first line's
// columns start after it. One index for every text the playground places
// problems in: jobspecs, var files, scenario JSON.

import type { SourceRange } from '../range.ts';
import type { Span } from './ast.ts';

const BYTE_ORDER_MARK = 0xfeff;

/** lineStarts lists the offsets where a text's lines start: after \n, \r\n or a lone \r (after a byte order mark for the first). */
export function lineStarts(text: string): number[] {
  const starts = [text.charCodeAt(0) === BYTE_ORDER_MARK ? 1 : 0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) starts.push(i + 1);
    else if (c === 13) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    }
  }
  return starts;
}

/** LineIndex finds the line and column of an offset, from the offsets where the lines start (lineStarts, or a scanner's own count of them). */
export class LineIndex {
  constructor(private readonly starts: readonly number[]) {}

  /** of indexes the lines of `text`. */
  static of(text: string): LineIndex {
    return new LineIndex(lineStarts(text));
  }

  /** position is the line and column of an offset (column 1 for the byte order mark itself). */
  position(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: Math.max(1, offset - this.starts[lo]! + 1) };
  }

  /** range is a span's place; an empty span (or one over the hidden byte order mark) covers one column, so that an editor can mark it. */
  range(span: Span): SourceRange {
    const a = this.position(span.start);
    const b = this.position(Math.max(span.end, span.start + 1));
    const endColumn = b.line === a.line ? Math.max(b.column, a.column + 1) : b.column;
    return { line: a.line, column: a.column, endLine: b.line, endColumn };
  }
}
