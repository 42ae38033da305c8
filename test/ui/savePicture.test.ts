// The PNG's scale: the one asked for, less for a picture too large for a browser's canvas.

import { describe, expect, it } from 'vitest';
import { pngScale } from '../../src/ui/graph/savePicture.ts';

describe('pngScale', () => {
  it('keeps 2× and 3× for a picture of an example', () => {
    expect(pngScale({ width: 1058, height: 700 }, 2)).toBe(2);
    expect(pngScale({ width: 1058, height: 700 }, 3)).toBe(3);
  });

  it('draws a large cluster smaller, within 16,384 px a side and 16 million pixels', () => {
    const huge = { width: 7728, height: 15262 };
    const s = pngScale(huge, 2);
    expect(s).toBeLessThan(1);
    expect(Math.round(huge.width * s) * Math.round(huge.height * s)).toBeLessThanOrEqual(16_000_000 * 1.001);
    const long = { width: 20_000, height: 300 };
    expect(long.width * pngScale(long, 2)).toBeLessThanOrEqual(16_384);
  });
});
