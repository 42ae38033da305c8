import { describe, expect, it } from 'vitest';
import { LEGEND_COLUMN, legendPlace } from '../../src/graph/legendPlace.ts';

describe('legendPlace', () => {
  it('gives the open legend a column only where the drawing keeps a 1024×768 pane’s width beside it', () => {
    // The graph's width at 390×844, 1024×768, 1280×720, 1440×900, 768×1024 and 1920×1080.
    expect([390, 404, 576, 648, 768, 864].map(legendPlace)).toEqual([
      'tab',
      'tab',
      'tab',
      'column',
      'column',
      'column',
    ]);
    expect(legendPlace(LEGEND_COLUMN.width + LEGEND_COLUMN.drawing)).toBe('column');
    expect(legendPlace(LEGEND_COLUMN.width + LEGEND_COLUMN.drawing - 1)).toBe('tab');
  });
});
