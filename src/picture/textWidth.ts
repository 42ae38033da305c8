// Text measured without a DOM, so that the picture is drawn the same in the
// page, a worker and the command line: the advance widths of Helvetica (and
// of Arial and Liberation Sans, which share its metrics), the fonts the
// picture names first, in thousandths of the font size. A character outside
// the table (a symbol, an accented or wide letter) is given a wide guess, so
// that an estimate errs long and text cut to fit never overflows.

// REGULAR and BOLD are the widths of the printable ASCII characters, from the space (32) to the tilde (126).
const REGULAR = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,
  722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556,
  556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334,
  260, 334, 584,
];
const BOLD = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833,
  722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611,
  556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389,
  280, 389, 584,
];

// PUNCTUATION are the widths (the same regular and bold) of the non-ASCII punctuation the graph writes often.
const PUNCTUATION: Record<number, number> = { 0xb7: 278, 0x2013: 556, 0x2014: 1000, 0x2026: 1000 };

// OTHER is the guess for a character outside ASCII: a Latin letter with a mark, a symbol such as ✕ or ◷.
const OTHER = 800;
// WIDE is the guess for an East Asian wide character or an emoji, which take a full em.
const WIDE = 1000;

function advance(code: number, bold: boolean): number {
  if (code >= 32 && code <= 126) return (bold ? BOLD : REGULAR)[code - 32]!;
  const punctuation = PUNCTUATION[code];
  if (punctuation !== undefined) return punctuation;
  if (code >= 0x1100 && (code <= 0x115f || (code >= 0x2e80 && code <= 0xa4cf) || (code >= 0xac00 && code <= 0xd7a3)))
    return WIDE;
  if ((code >= 0xf900 && code <= 0xfaff) || (code >= 0xff00 && code <= 0xff60) || code >= 0x1f000) return WIDE;
  return OTHER;
}

/** textWidth estimates the width (px) of one line of text at a font size (px), bold or not. */
export function textWidth(text: string, size: number, bold = false): number {
  let units = 0;
  for (const ch of text) units += advance(ch.codePointAt(0)!, bold);
  return (units * size) / 1000;
}

/** fitText cuts text to fit a width, ending in an ellipsis when cut; the whole text when it fits. */
export function fitText(text: string, width: number, size: number, bold = false): string {
  if (textWidth(text, size, bold) <= width) return text;
  const chars = [...text];
  let room = width - textWidth('…', size, bold);
  let n = 0;
  while (n < chars.length) {
    room -= textWidth(chars[n]!, size, bold);
    if (room < 0) break;
    n++;
  }
  return `${chars.slice(0, n).join('').trimEnd()}…`;
}

/**
 * wrapText breaks text into at most `lines` lines no wider than `width`, at
 * spaces where it can (a word longer than a line is cut); the last line is
 * cut with an ellipsis when the text does not fit.
 */
export function wrapText(text: string, width: number, size: number, lines: number, bold = false): string[] {
  const out: string[] = [];
  let rest = text.trim();
  while (rest !== '' && out.length < lines - 1) {
    if (textWidth(rest, size, bold) <= width) break;
    const words = rest.split(' ');
    let line = '';
    let used = 0;
    for (const w of words) {
      const next = line === '' ? w : `${line} ${w}`;
      if (textWidth(next, size, bold) > width) break;
      line = next;
      used++;
    }
    // A word longer than the line is cut; at least one character goes, so that the loop ends.
    if (used === 0) line = fitText(words[0]!, width, size, bold).replace(/…$/, '') || [...rest][0]!;
    out.push(line);
    rest = rest.slice(line.length).trim();
  }
  if (rest !== '') out.push(fitText(rest, width, size, bold));
  return out;
}
