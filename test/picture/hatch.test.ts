// Hatching as stripes cut to a rectangle: the points they cover are those
// an SVG pattern (a tile filled from its left, rotated about the origin)
// would paint, and nothing outside the rectangle.

import { describe, expect, it } from 'vitest';
import type { Rect } from '../../src/graph/layout.ts';
import { type Hatch, stripesPath } from '../../src/picture/hatch.ts';

type Point = [number, number];

// polygons reads path data of M…L…Z polygons.
function polygons(d: string): Point[][] {
  return d
    .split('Z')
    .filter((s) => s !== '')
    .map((s) => [...s.matchAll(/[ML](-?[\d.]+) (-?[\d.]+)/g)].map((m): Point => [Number(m[1]), Number(m[2])]));
}

// inside says whether a point is inside a convex polygon, whichever way round it goes.
function inside(poly: readonly Point[], [x, y]: Point): boolean {
  const sides = poly.map((p, i) => {
    const q = poly[(i + 1) % poly.length]!;
    return Math.sign((q[0] - p[0]) * (y - p[1]) - (q[1] - p[1]) * (x - p[0]));
  });
  return sides.every((s) => s >= 0) || sides.every((s) => s <= 0);
}

// patterned is whether the pattern paints a point with the stripes' colour: the first `width` of each tile, across the rotation.
function patterned(h: Hatch, [x, y]: Point): boolean {
  const rad = (h.angle * Math.PI) / 180;
  const u = x * Math.cos(rad) + y * Math.sin(rad);
  return ((u % h.period) + h.period) % h.period < h.width;
}

describe('stripesPath', () => {
  it('cuts upright stripes to the box', () => {
    expect(stripesPath({ x: 0, y: 0, width: 48, height: 10 }, { angle: 0, period: 24, width: 12 })).toBe(
      'M0 0L12 0L12 10L0 10ZM24 0L36 0L36 10L24 10Z',
    );
  });

  it.each([
    [
      { angle: 135, period: 24, width: 12 },
      { x: 17, y: -5, width: 253, height: 131 },
    ],
    [
      { angle: 45, period: 16, width: 8 },
      { x: -40.5, y: 302, width: 121, height: 77.5 },
    ],
    [
      { angle: 135, period: 8, width: 2 },
      { x: 3.5, y: 0.5, width: 119, height: 81 },
    ],
  ] as [Hatch, Rect][])('covers the points the pattern paints, inside the box (%o)', (h, r) => {
    const stripes = polygons(stripesPath(r, h));
    expect(stripes.length).toBeGreaterThan(5);
    for (const p of stripes.flat()) {
      expect(p[0]).toBeGreaterThanOrEqual(r.x - 0.01);
      expect(p[0]).toBeLessThanOrEqual(r.x + r.width + 0.01);
      expect(p[1]).toBeGreaterThanOrEqual(r.y - 0.01);
      expect(p[1]).toBeLessThanOrEqual(r.y + r.height + 0.01);
    }
    let wrong = 0;
    // A grid of points off the stripes' edges (a third of a pixel off the integers and halves).
    for (let x = r.x + 0.3; x < r.x + r.width; x += 1.7)
      for (let y = r.y + 0.3; y < r.y + r.height; y += 1.3) {
        const p: Point = [x, y];
        if (stripes.some((s) => inside(s, p)) !== patterned(h, p)) wrong++;
      }
    // Only points within the rounding of the path's numbers (0.01 px) of an edge may disagree.
    expect(wrong).toBeLessThan(5);
  });
});
