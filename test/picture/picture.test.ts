// The exported picture drawn by librsvg (Debian's rsvg-convert, a renderer
// that is no browser) at the picture's size, with each card's decision
// colour where the layout puts the card; its heading and legend.

import { describe, expect, it } from 'vitest';
import { LATER_MARK_DESCRIPTION } from '../../src/graph/labels.ts';
import { PALETTES } from '../../src/picture/palette.ts';
import { pixelHex } from './png.ts';
import { drawExample, rsvg, stripeColors } from './helpers.ts';

describe('drawPicture', () => {
  it.each(['failed-deployment', 'node-drain', 'reschedule-now-and-later', 'rollout-canary'])(
    'draws %s in librsvg at its size, each card in its decision colour where the layout puts it',
    (id) => {
      for (const theme of ['light', 'dark'] as const) {
        const drawn = drawExample(id, theme);
        const img = rsvg(drawn.picture.svg);
        expect([img.width, img.height]).toEqual([drawn.picture.width, drawn.picture.height]);
        expect(pixelHex(img, 2, 2)).toBe(PALETTES[theme].bg);
        const stripes = stripeColors(drawn, theme, img);
        expect(stripes.drawn).toEqual(stripes.decided);
        expect(Object.keys(stripes.drawn)).toHaveLength(drawn.model.allocCount);
      }
    },
  );

  it.each(['batch-finished-kept', 'canary-promoted'])(
    'draws each card’s era in %s as the page does: version chip filled, hollow, struck or dotted; going cards striped',
    (id) => {
      const p = PALETTES.light;
      const cards = [
        ...drawExample(id).picture.svg.matchAll(/<g data-testid="alloc"[^>]* data-era="(\w+)">(.*?)<\/g>/g),
      ];
      const eras = new Set<string>();
      for (const [, era, body] of cards) {
        eras.add(era!);
        const chip = /<rect ([^>]*)\/><text [^>]*>v\d+<\/text>(<line)?/.exec(body!)!;
        const striped = body!.includes(`fill="${p.goingStripe}"`);
        expect({ era, striped, struck: chip[2] !== undefined }).toEqual({
          era,
          striped: era === 'going',
          struck: era === 'going',
        });
        if (era === 'current') expect(chip[1]).toContain(`fill="${p.eraCurrent}"`);
        if (era === 'old') expect(chip[1]).toContain(`fill="none" stroke="${p.muted}"`);
        if (era === 'gone') expect(chip[1]).toContain('stroke-dasharray="1,2"');
      }
      expect([...eras].sort()).toEqual(
        id === 'canary-promoted' ? ['current', 'going', 'old'] : ['current', 'going', 'gone'],
      );
    },
  );

  it('heads the picture with the scenario, its evaluation and time, and ends it with a legend of what it draws', () => {
    const { picture } = drawExample('node-drain');
    expect(picture.svg).toContain('>Evaluation ');
    expect(picture.svg).toMatch(/ · \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC · job /);
    const legend = picture.svg.slice(picture.svg.indexOf('data-testid="legend"'));
    expect(legend).toContain('⇠ migrate');
    expect(legend).toContain('node draining: marked allocations migrate');
    // Only what the picture uses: nothing here is lost.
    expect(legend).not.toContain('⚠ lost');
  });

  it('marks the cards whose decision a later Nomad changed, as the page does, and says so in the legend', () => {
    const { model, picture } = drawExample('stop-after-client-disconnect');
    const marked =
      model.boxes.flatMap((b) => b.view.allocs).filter((c) => c.later.length > 0).length +
      model.lane.view.placements.filter((g) => g.later.length > 0).length;
    expect(marked).toBeGreaterThan(1);
    expect(picture.svg.split('data-testid="later-mark"').length - 1).toBe(marked);
    expect(picture.svg).toContain('>1.8+<');
    expect(picture.svg.slice(picture.svg.indexOf('data-testid="legend"'))).toContain(LATER_MARK_DESCRIPTION);

    const plain = drawExample('rolling-update').picture.svg;
    expect(plain).not.toContain('later-mark');
    expect(plain).not.toContain(LATER_MARK_DESCRIPTION);
  });
});
