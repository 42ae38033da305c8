// What the fold leaves of the graph, as the page draws it: the line under a
// box's cards that counts its allocations nothing happens to, and the box
// that stands for the nodes nothing happens to. Neither unfolds in a
// picture, so each shows its count and not the page's "show them".

import { foldLineText, summaryText } from '../graph/labels.ts';
import { BOX, FOLD } from '../graph/layout.ts';
import type { FoldSummary, NodeBoxView, Positioned } from '../graph/model.ts';
import { fillAttrs, strokeAttrs } from './chips.ts';
import type { Palette } from './palette.ts';
import { fitText, wrapText } from './textWidth.ts';
import { el, text } from './xml.ts';

// LINE_HEIGHT is the fold line's height; the rest of FOLD.line is the room under it, as graph.css has it.
const LINE_HEIGHT = 22;
// SUMMARY_TEXT is the summary's text as graph.css sets it: its size, the height of a line, and the most lines a box 64 px high holds.
const SUMMARY_TEXT = { size: 12, line: 15, lines: 3 } as const;

/** drawFoldLine draws, at the bottom of a box, the dashed line that counts its folded allocations ("+2 unchanged"). */
export function drawFoldLine(b: Positioned<NodeBoxView>, p: Palette): string {
  const x = b.x + BOX.padding;
  const y = b.y + b.height - FOLD.line;
  const width = b.width - 2 * BOX.padding;
  return el(
    'g',
    { 'data-testid': 'fold-line', 'data-folded': b.view.folded },
    el('rect', {
      x: x + 0.5,
      y: y + 0.5,
      width: width - 1,
      height: LINE_HEIGHT - 1,
      rx: 4,
      fill: 'none',
      ...strokeAttrs(p.border),
      'stroke-dasharray': '3,3',
    }) +
      text(
        { x: x + 6, y: y + 15, 'font-size': 12, ...fillAttrs(p.muted) },
        fitText(foldLineText(b.view.folded), width - 12, 12),
      ),
  );
}

/** drawSummary draws the box that stands for the folded nodes: a dashed frame and its count ("3 nodes, 12 allocations: no change"). */
export function drawSummary(s: Positioned<FoldSummary>, p: Palette): string {
  const lines = wrapText(summaryText(s.view), s.width - 16, SUMMARY_TEXT.size, SUMMARY_TEXT.lines);
  // The lines sit in the middle of the box, as the page's centred column does.
  const top = s.y + (s.height - lines.length * SUMMARY_TEXT.line) / 2;
  const words = lines
    .map((line, i) =>
      text(
        {
          x: s.x + 8,
          y: top + (i + 1) * SUMMARY_TEXT.line - 3.5,
          'font-size': SUMMARY_TEXT.size,
          ...fillAttrs(p.text),
        },
        line,
      ),
    )
    .join('');
  return el(
    'g',
    { 'data-testid': 'fold-summary', 'data-nodes': s.view.nodes, 'data-allocs': s.view.allocs },
    el('rect', {
      x: s.x + 1,
      y: s.y + 1,
      width: s.width - 2,
      height: s.height - 2,
      rx: 6,
      ...fillAttrs(p.surface),
      ...strokeAttrs(p.border),
      'stroke-width': 2,
      'stroke-dasharray': '6,4',
    }) + words,
  );
}
