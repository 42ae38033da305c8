// The exported picture: SVG's own shapes only, drawn by librsvg (Debian's
// rsvg-convert, a renderer that is no browser) at the picture's size, with
// each card's decision colour where the layout puts the card.

import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { LATER_MARK_DESCRIPTION } from '../../src/graph/labels.ts';
import { cardOffset } from '../../src/graph/layout.ts';
import { EXAMPLES } from '../../src/examples/index.ts';
import { actionColor } from '../../src/picture/cards.ts';
import { PALETTES } from '../../src/picture/palette.ts';
import { decodePng, pixelHex } from './png.ts';
import { drawExample } from './helpers.ts';

// ALLOWED are the elements the picture may use: those every slide program and SVG library draws.
const ALLOWED = new Set(['svg', 'g', 'defs', 'pattern', 'rect', 'path', 'line', 'text']);

// render draws SVG text with rsvg-convert and decodes the PNG it writes.
function render(svg: string) {
  const out = spawnSync('rsvg-convert', ['--format', 'png'], { input: svg, maxBuffer: 64 << 20 });
  expect(out.error, 'rsvg-convert (Debian package librsvg2-bin) runs').toBeUndefined();
  expect(out.stderr.toString()).toBe('');
  expect(out.status).toBe(0);
  return decodePng(out.stdout);
}

// graphOffset is where the picture puts the graph's origin: its group's translation.
function graphOffset(svg: string): { x: number; y: number } {
  const m = /data-testid="graph" transform="translate\(([-\d.]+) ([-\d.]+)\)"/.exec(svg);
  expect(m).not.toBeNull();
  return { x: Number(m![1]), y: Number(m![2]) };
}

describe('drawPicture', () => {
  it.each(EXAMPLES.map((e) => e.id))('draws %s with SVG shapes only', (id) => {
    const { picture } = drawExample(id);
    const names = new Set([...picture.svg.matchAll(/<([a-zA-Z][\w:-]*)/g)].map((m) => m[1]!));
    expect([...names].filter((n) => !ALLOWED.has(n))).toEqual([]);
    expect(picture.svg).not.toMatch(/foreignObject|<style|href=/);
    expect(picture.svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  });

  it.each(['failed-deployment', 'node-drain', 'reschedule-now-and-later', 'rollout-canary'])(
    'draws %s in librsvg at its size, each card in its decision colour where the layout puts it',
    (id) => {
      for (const theme of ['light', 'dark'] as const) {
        const { model, picture } = drawExample(id, theme);
        const img = render(picture.svg);
        expect([img.width, img.height]).toEqual([picture.width, picture.height]);
        const p = PALETTES[theme];
        expect(pixelHex(img, 2, 2)).toBe(p.bg);
        const at = graphOffset(picture.svg);
        let cards = 0;
        for (const b of model.boxes) {
          b.view.allocs.forEach((c, i) => {
            const o = cardOffset(i, model.shape.boxColumns);
            // The card's stripe, down its left side, in the decision's colour.
            expect(pixelHex(img, at.x + b.x + o.x + 2, at.y + b.y + o.y + 35), `${id} ${c.name}`).toBe(
              actionColor(c.action, p),
            );
            cards++;
          });
        }
        expect(cards).toBe(model.allocCount);
      }
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
