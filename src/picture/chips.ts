// Runs of text on one line, some of them chips (a word in a small rounded
// rectangle: a version, a badge, a tag), placed left to right as the page's
// flex lines place them, with widths estimated (textWidth).

import { paint } from './palette.ts';
import { textWidth } from './textWidth.ts';
import { el, text } from './xml.ts';

/** Run is a piece of a line: text in a size and colour, optionally bold, struck through, or on a chip. */
export interface Run {
  text: string;
  size: number;
  color: string;
  bold?: boolean;
  italic?: boolean;
  /** strike draws a line through the text, in this colour. */
  strike?: string;
  /** chip draws the text on a rounded rectangle: filled, outlined (solid, dashed or dotted), or both. */
  chip?: { fill?: string; stroke?: string; line?: 'dashed' | 'dotted'; pad: number };
  /** after is the room after the run on its line, when not the line's gap. */
  after?: number;
}

// CHIP_DASHES are a chip's outline's dashes, by its line.
const CHIP_DASHES = { dashed: '3,2', dotted: '1,2' } as const;

/** runWidth is how wide a run is drawn, chip included. */
export function runWidth(r: Run): number {
  return textWidth(r.text, r.size, r.bold) + (r.chip ? 2 * r.chip.pad : 0);
}

/** fillAttrs are the attributes that fill with a CSS colour (rgba() as colour and opacity). */
export function fillAttrs(css: string): { fill: string; 'fill-opacity'?: number } {
  const p = paint(css);
  return p.opacity === 1 ? { fill: p.color } : { fill: p.color, 'fill-opacity': p.opacity };
}

/** strokeAttrs are the attributes that stroke with a CSS colour (rgba() as colour and opacity). */
export function strokeAttrs(css: string): { stroke: string; 'stroke-opacity'?: number } {
  const p = paint(css);
  return p.opacity === 1 ? { stroke: p.color } : { stroke: p.color, 'stroke-opacity': p.opacity };
}

/** drawRun draws one run with its text's baseline at y, starting at x. */
export function drawRun(r: Run, x: number, y: number): string {
  const w = runWidth(r);
  let out = '';
  if (r.chip) {
    const h = r.size + 3;
    out += el('rect', {
      x: x + 0.5,
      y: y - r.size + 0.5 - 1,
      width: w - 1,
      height: h - 1,
      rx: 3,
      ...(r.chip.fill ? fillAttrs(r.chip.fill) : { fill: 'none' }),
      ...(r.chip.stroke ? { ...strokeAttrs(r.chip.stroke), 'stroke-width': 1 } : {}),
      'stroke-dasharray': r.chip.line === undefined ? undefined : CHIP_DASHES[r.chip.line],
    });
  }
  const tx = x + (r.chip ? r.chip.pad : 0);
  out += text(
    {
      x: tx,
      y,
      'font-size': r.size,
      'font-weight': r.bold ? 'bold' : undefined,
      'font-style': r.italic ? 'italic' : undefined,
      ...fillAttrs(r.color),
    },
    r.text,
  );
  if (r.strike !== undefined) {
    const sy = y - r.size * 0.3;
    out += el('line', {
      x1: tx,
      y1: sy,
      x2: tx + textWidth(r.text, r.size, r.bold),
      y2: sy,
      stroke: r.strike,
      'stroke-width': 2,
    });
  }
  return out;
}

/** drawLine draws runs side by side from x, `gap` apart (or a run's own `after`), their baselines at y. */
export function drawLine(runs: readonly Run[], x: number, y: number, gap: number): string {
  let svg = '';
  let at = x;
  for (const r of runs) {
    svg += drawRun(r, at, y);
    at += runWidth(r) + (r.after ?? gap);
  }
  return svg;
}

/**
 * flowLines breaks items (runs kept together, such as a count and its
 * label) into lines no wider than `width`, as a wrapping flex line does: an
 * item goes to the next line when it does not fit; an item wider than a
 * line has one of its own.
 */
export function flowLines(items: readonly (readonly Run[])[], width: number, gap: number): Run[][] {
  const lines: Run[][] = [];
  let line: Run[] = [];
  let used = 0;
  for (const item of items) {
    const w = item.reduce((n, r, i) => n + runWidth(r) + (i < item.length - 1 ? (r.after ?? gap) : 0), 0);
    if (line.length > 0 && used + w > width) {
      lines.push(line);
      line = [];
      used = 0;
    }
    line.push(...item);
    used += w + (item[item.length - 1]?.after ?? gap);
  }
  if (line.length > 0) lines.push(line);
  return lines;
}
