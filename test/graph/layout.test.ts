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

  it('fills the columns in order, one after another, where that is less tall (the default scenario at 1024×768)', () => {
    // The lane, then client-1 … client-4: in the shortest column client-4 lands under three boxes, 546 px down.
    const { rects, height } = layoutColumns([278, 228, 152, 202, 126], 132, 2);
    expect(rects.map((r) => [r.x, r.y])).toEqual([
      [0, 0],
      [0, 298],
      [152, 0],
      [152, 172],
      [152, 394],
    ]);
    expect(height).toBe(526);
  });

  it('keeps the shortest column where filling in order would be taller', () => {
    const { rects, height } = layoutColumns([100, 300, 100, 100], 100, 2);
    expect(rects.map((r) => [r.x, r.y])).toEqual([
      [0, 0],
      [120, 0],
      [0, 120],
      [0, 240],
    ]);
    expect(height).toBe(340);
  });

  it('fills in order under a lane that spans columns', () => {
    // Under the lane, the shortest column would put the last 150 under both 50s, down to 360.
    const { rects, height } = layoutColumns([50, 150, 50, 50, 150], 100, 2, 2);
    expect(rects.map((r) => [r.x, r.y])).toEqual([
      [0, 0],
      [0, 70],
      [0, 240],
      [120, 70],
      [120, 140],
    ]);
    expect(height).toBe(290);
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
