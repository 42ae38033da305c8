import { describe, expect, it } from 'vitest';
import { findConfusable, showConfusable } from '../../src/ui/confusable.ts';
import { confusableMarkers } from '../../src/ui/editor/markers.ts';

describe('confusable text', () => {
  it('draws zero-width and bidi-control characters as visible codes', () => {
    expect(showConfusable('we\u200Bb')).toBe('we⟨U+200B⟩b');
    // An override that would make the name read "abcexe.png".
    expect(showConfusable('abc\u202Egnp.exe')).toBe('abc⟨U+202E⟩gnp.exe');
    expect(showConfusable('web')).toBe('web');
    expect(showConfusable('ünïcode-名前')).toBe('ünïcode-名前');
  });

  it('flags each such character in the editor as a warning at its place, but not a leading byte order mark', () => {
    const text = '\uFEFF{\n  "Name": "we\u200Bb",\n  "ID": "abc\u202Egnp.exe"\n}';
    const lines = text.split('\n');
    const positionAt = (offset: number) => {
      let line = 0;
      let start = 0;
      while (start + lines[line]!.length < offset) start += lines[line++]!.length + 1;
      return { lineNumber: line + 1, column: offset - start + 1 };
    };
    const markers = confusableMarkers(text, positionAt);
    expect(markers.map((m) => [m.startLineNumber, m.startColumn, m.severity])).toEqual([
      [2, 14, 4],
      [3, 13, 4],
    ]);
    expect(markers[0]!.message).toContain('U+200B ZERO WIDTH SPACE');
    expect(markers[1]!.message).toContain('U+202E RIGHT-TO-LEFT OVERRIDE');
    expect(findConfusable('plain text')).toEqual([]);
  });

  it('flags at most a hundred in one text', () => {
    expect(findConfusable('\u200B'.repeat(10_000))).toHaveLength(100);
  });
});
