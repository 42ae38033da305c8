// The replacement arrows as SVG: the page's curve (arrowPath), in the
// kind's colour and dashes, with its head drawn as a triangle rather than an
// SVG marker, which some slide programs drop.

import { arrowPath } from '../graph/flow.ts';
import type { EdgeKind, ReplacementEdge } from '../graph/model.ts';
import { strokeAttrs, fillAttrs } from './chips.ts';
import type { Palette } from './palette.ts';
import { coordinate, el } from './xml.ts';

/** edgeStyle is an arrow kind's colour and dashes, as graph.css draws it. */
export function edgeStyle(kind: EdgeKind, p: Palette): { color: string; dash?: string } {
  switch (kind) {
    case 'migrate':
      return { color: p.migrate };
    case 'destructive':
      return { color: p.destructive };
    case 'reschedule':
      return { color: p.rescheduleNow };
    case 'lost':
      return { color: p.lost, dash: '6,4' };
    case 'later':
      return { color: p.rescheduleLater, dash: '3,4' };
  }
}

/** arrowHead is a triangle with its tip at (x, y), pointing left (an arrow reaches a ghost card from its right). */
export function arrowHead(x: number, y: number, color: string): string {
  return el('path', { d: `M${x} ${y}L${x + 10} ${y - 5}L${x + 10} ${y + 5}Z`, ...fillAttrs(color) });
}

/** drawArrow draws one arrow from an allocation's card to its replacement. */
export function drawArrow(a: ReplacementEdge, p: Palette): string {
  const s = edgeStyle(a.kind, p);
  return el(
    'g',
    { 'data-kind': a.kind, 'data-alloc-id': a.allocID },
    el('path', {
      // The page's curve, its numbers rounded as the picture's others are (no float noise, no exponents).
      d: arrowPath(a).replace(/-?[\d.]+(e[-+]?\d+)?/gi, (n) => coordinate(Number(n))),
      fill: 'none',
      ...strokeAttrs(s.color),
      'stroke-width': 2,
      'stroke-opacity': 0.85,
      'stroke-dasharray': s.dash,
    }) + arrowHead(a.to.x, a.to.y, s.color),
  );
}
