// Places in a jobspec's text.

/** SourceRange is a place in the text, 1-based lines and columns in UTF-16 code units, as Monaco counts. */
export interface SourceRange {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}
