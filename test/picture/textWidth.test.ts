// Text measured without a DOM: Helvetica's widths, cut and wrapped to fit.

import { describe, expect, it } from 'vitest';
import { fitText, textWidth, wrapText } from '../../src/picture/textWidth.ts';

describe('textWidth', () => {
  it('measures with Helvetica’s advance widths, bold wider, symbols and wide letters guessed long', () => {
    // "Hello" in Helvetica: 722 + 556 + 222 + 222 + 556 thousandths of an em.
    expect(textWidth('Hello', 10)).toBeCloseTo(22.78);
    expect(textWidth('Hello', 10, true)).toBeGreaterThan(textWidth('Hello', 10));
    expect(textWidth('·', 10)).toBeCloseTo(2.78);
    expect(textWidth('✕', 10)).toBe(8);
    expect(textWidth('漢', 10)).toBe(10);
  });

  it('cuts text to a width with an ellipsis, and leaves text that fits', () => {
    expect(fitText('web', 100, 11)).toBe('web');
    const cut = fitText('a-very-long-task-group-name', 60, 11);
    expect(cut.endsWith('…')).toBe(true);
    expect(textWidth(cut, 11)).toBeLessThanOrEqual(60);
  });

  it('wraps at spaces into at most the lines asked for, the last cut when the text goes on', () => {
    const lines = wrapText('Deployment is running but requires manual promotion', 150, 13, 2);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('Deployment is running');
    expect(lines[1]!.endsWith('…')).toBe(true);
    for (const l of lines) expect(textWidth(l, 13)).toBeLessThanOrEqual(150);
    expect(wrapText('short', 150, 13, 2)).toEqual(['short']);
    // A word longer than a line is cut, and the wrapping still ends.
    expect(wrapText('x'.repeat(200), 50, 13, 3)).toHaveLength(3);
  });
});
