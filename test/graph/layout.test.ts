import { describe, expect, it } from 'vitest';
import { CARD, ghostOffset, LANE, laneHeader, layoutLane } from '../../src/graph/layout.ts';

describe('the lane’s header', () => {
  it('gives a one-card-wide lane a second line for its note, and no other lane', () => {
    expect(laneHeader(3, 1)).toBe(LANE.header + LANE.noteLine);
    expect(laneHeader(3, 2)).toBe(LANE.header);
    expect(laneHeader(0, 1)).toBe(LANE.header);
  });

  it('sizes the lane and places its first card below the header it reserves', () => {
    for (const columns of [1, 2]) {
      const rect = layoutLane(4, columns);
      const rows = Math.ceil(4 / columns);
      expect(rect.height).toBe(laneHeader(4, columns) + 2 * LANE.padding + rows * CARD.height + (rows - 1) * CARD.gap);
      expect(ghostOffset(0, columns).y).toBe(laneHeader(4, columns) + LANE.padding);
    }
  });
});
