// Hatching (a draining node's stripes, a down node's red ones, a going-away
// card's grey ones) as plain shapes: each stripe is a polygon cut to its
// rectangle, all in one path. Not an SVG <pattern>: a slide program that
// turns a picture into its own shapes has no fill for an arbitrary
// pattern, and several SVG readers skip patterns, leaving the box plain.

import { fillAttrs } from './chips.ts';
import type { Rect } from '../graph/layout.ts';
import { type Attrs, coordinate, el } from './xml.ts';

/** Hatch is a hatching: stripes `width` px wide every `period` px, across the direction at `angle` degrees. */
export interface Hatch {
  angle: number;
  period: number;
  width: number;
}

type Point = readonly [number, number];

// keep is the part of a convex polygon on one side of the line where p·n = at:
// at or above it when `above`, else at or below (one step of Sutherland–Hodgman).
function keep(polygon: readonly Point[], n: Point, at: number, above: boolean): Point[] {
  const side = (p: Point) => (above ? 1 : -1) * (p[0] * n[0] + p[1] * n[1] - at);
  const out: Point[] = [];
  polygon.forEach((p, i) => {
    const q = polygon[(i + 1) % polygon.length]!;
    const [sp, sq] = [side(p), side(q)];
    if (sp >= 0) out.push(p);
    if (sp >= 0 !== sq >= 0) {
      const t = sp / (sp - sq);
      out.push([p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])]);
    }
  });
  return out;
}

// area is a polygon's area (the shoelace formula), to skip stripes that only touch a corner.
function area(polygon: readonly Point[]): number {
  let twice = 0;
  polygon.forEach((p, i) => {
    const q = polygon[(i + 1) % polygon.length]!;
    twice += p[0] * q[1] - q[0] * p[1];
  });
  return Math.abs(twice) / 2;
}

/**
 * stripesPath is the path data of a hatching's stripes inside a rectangle,
 * where an SVG pattern of a tile `period` wide, filled `width` from its
 * left, rotated by `angle` about the origin, would draw them; "" when none
 * falls inside.
 */
export function stripesPath(r: Rect, h: Hatch): string {
  const rad = (h.angle * Math.PI) / 180;
  const n: Point = [Math.cos(rad), Math.sin(rad)];
  const corners: Point[] = [
    [r.x, r.y],
    [r.x + r.width, r.y],
    [r.x + r.width, r.y + r.height],
    [r.x, r.y + r.height],
  ];
  const along = corners.map((c) => c[0] * n[0] + c[1] * n[1]);
  const last = Math.max(...along);
  let d = '';
  for (let k = Math.floor(Math.min(...along) / h.period); k * h.period < last; k++) {
    const from = k * h.period;
    const stripe = keep(keep(corners, n, from, true), n, from + h.width, false);
    if (area(stripe) < 0.01) continue;
    d += stripe.map((p, i) => `${i === 0 ? 'M' : 'L'}${coordinate(p[0])} ${coordinate(p[1])}`).join('') + 'Z';
  }
  return d;
}

/** Framed is a rounded rectangle's geometry, its background (one colour, or stripes over it) and its outline's attributes. */
export interface Framed {
  rect: Rect & { rx: number };
  fill: string;
  stripes?: { hatch: Hatch; color: string };
  stroke: Attrs;
}

/**
 * framedRect draws a rounded rectangle: one shape, or striped three: the
 * background, the stripes (cut square to the rectangle), then the outline
 * over their corners.
 */
export function framedRect(f: Framed): string {
  if (f.stripes === undefined) return el('rect', { ...f.rect, ...fillAttrs(f.fill), ...f.stroke });
  return (
    el('rect', { ...f.rect, ...fillAttrs(f.fill) }) +
    el('path', { d: stripesPath(f.rect, f.stripes.hatch), ...fillAttrs(f.stripes.color) }) +
    el('rect', { ...f.rect, fill: 'none', ...f.stroke })
  );
}
