import { describe, expect, it } from 'vitest';
import { CARD, ghostOffset, LANE, laneHeader, laneHeight, layoutColumns } from '../../src/graph/layout.ts';

describe('the lane’s header', () => {
  it('gives a one-card-wide lane whose note counts canaries a second line, and no other lane', () => {
    expect(laneHeader(3, 1, true)).toBe(LANE.header + LANE.noteLine);
    expect(laneHeader(3, 1, false)).toBe(LANE.header);
    expect(laneHeader(3, 2, true)).toBe(LANE.header);
    expect(laneHeader(0, 1, false)).toBe(LANE.header);
  });

  it('sizes the lane for the header it reserves', () => {
    for (const columns of [1, 2]) {
      for (const canaries of [false, true]) {
        const rows = Math.ceil(4 / columns);
        const header = laneHeader(4, columns, canaries);
        const cards = rows * CARD.height + (rows - 1) * CARD.gap;
        expect(laneHeight(4, columns, canaries)).toBe(header + 2 * LANE.padding + cards);
        expect(ghostOffset(0, columns, header).y).toBe(header + LANE.padding);
      }
    }
  });
});

describe('the columns', () => {
  it('puts each box in the shortest column, so that a short box never leaves a row empty beside a tall one', () => {
    const { rects, height } = layoutColumns([300, 100, 100, 100], 100, 2);
    expect(rects.map((r) => [r.x, r.y])).toEqual([
      [0, 0],
      [120, 0],
      [120, 120],
      [120, 240],
    ]);
    expect(height).toBe(340);
  });

  it('lets the first item span columns', () => {
    const { rects } = layoutColumns([50, 100, 100], 100, 2, 2);
    expect(rects[0]).toEqual({ x: 0, y: 0, width: 220, height: 50 });
    expect(rects.slice(1).map((r) => [r.x, r.y])).toEqual([
      [0, 70],
      [120, 70],
    ]);
  });
});
