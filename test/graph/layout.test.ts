import { describe, expect, it } from 'vitest';
import { CARD, ghostOffset, LANE, laneHeader, layoutLane } from '../../src/graph/layout.ts';

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
        expect(layoutLane(4, columns, canaries).height).toBe(header + 2 * LANE.padding + cards);
        expect(ghostOffset(0, columns, header).y).toBe(header + LANE.padding);
      }
    }
  });
});
