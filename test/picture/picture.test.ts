// The exported picture drawn by librsvg (Debian's rsvg-convert, a renderer
// that is no browser) at the picture's size, with each card's decision
// colour where the layout puts the card; its heading and legend.

import { describe, expect, it } from 'vitest';
import { FOLDED, NO_FOLD, SUMMARY_ID } from '../../src/graph/fold.ts';
import { foldLineText, LATER_MARK_DESCRIPTION, summaryText } from '../../src/graph/labels.ts';
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

// drawnIDs are the allocations a picture draws a card for, and the nodes it draws a box for.
function drawnIDs(svg: string): { allocs: string[]; nodes: string[] } {
  return {
    allocs: [...svg.matchAll(/data-testid="alloc" data-alloc-id="([^"]+)"/g)].map((m) => m[1]!).sort(),
    nodes: [...svg.matchAll(/data-testid="client-node" data-node-id="([^"]*)"/g)].map((m) => m[1]!).sort(),
  };
}

describe('drawPicture, folded as the page', () => {
  it('draws the folded nodes as one summary box with their count, and a box’s unchanged allocations as a line', () => {
    const folded = drawExample('rolling-update', 'light', FOLDED);
    const everything = drawExample('rolling-update', 'light', NO_FOLD);
    const { summary } = folded.model;
    expect(summary).not.toBeNull();
    const svg = folded.picture.svg;
    expect(svg).toContain(`data-testid="fold-summary" data-nodes="${summary!.view.nodes}"`);
    expect(svg).toContain(`>${summaryText(summary!.view)}<`);
    // The cards drawn are exactly the model's: the folded ones, in boxes or in the summary, are not.
    const shown = drawnIDs(svg);
    expect(shown.allocs).toEqual(folded.model.boxes.flatMap((b) => b.view.allocs.map((c) => c.id)).sort());
    expect(shown.nodes).toEqual(folded.model.boxes.map((b) => b.view.nodeID).sort());
    expect(shown.allocs.length).toBeLessThan(drawnIDs(everything.picture.svg).allocs.length);
    expect(shown.nodes.length + summary!.view.nodes).toBe(drawnIDs(everything.picture.svg).nodes.length);
    // A box in the story with unchanged allocations counts them on its line, and the legend says what both mean.
    const lines = folded.model.boxes.filter((b) => b.view.folded > 0);
    expect(lines.length).toBeGreaterThan(0);
    for (const b of lines) expect(svg).toContain(`>${foldLineText(b.view.folded)}<`);
    const legend = svg.slice(svg.indexOf('data-testid="legend"'));
    expect(legend).toContain('>Folded: counted, not drawn<');
    expect(legend).toContain('>nodes nothing happens to, with their allocations<');
  });

  it('draws what the person unfolded by hand, and everything with folding off', () => {
    const { model } = drawExample('rolling-update', 'light', FOLDED);
    const box = model.boxes.find((b) => b.view.folded > 0)!;
    // One box opened: its cards all drawn and no line under them; the other nodes still in the summary.
    const boxOpened = drawExample('rolling-update', 'light', { on: true, open: new Set([box.id]) });
    const svg = boxOpened.picture.svg;
    expect(svg).toContain(`>${summaryText(model.summary!.view)}<`);
    expect(svg.match(/data-testid="fold-line"/g) ?? []).toHaveLength(
      model.boxes.filter((b) => b.view.folded > 0).length - 1,
    );
    const ids = drawnIDs(svg).allocs;
    for (const c of boxOpened.model.boxes.find((b) => b.id === box.id)!.view.allocs) expect(ids).toContain(c.id);
    // The summary opened too: every node drawn, no summary.
    const opened = drawExample('rolling-update', 'light', { on: true, open: new Set([SUMMARY_ID, box.id]) });
    expect(opened.picture.svg).not.toContain('fold-summary');
    expect(drawnIDs(opened.picture.svg).nodes).toHaveLength(model.boxes.length + model.summary!.view.nodes);
    // Folding off: every card, and nothing of the fold in the picture or its legend.
    const everything = drawExample('rolling-update', 'light', NO_FOLD);
    expect(drawnIDs(everything.picture.svg).allocs).toHaveLength(everything.model.allocCount);
    expect(everything.picture.svg).not.toMatch(/fold-summary|fold-line|Folded/);
  });

  it.each(['rolling-update', 'node-drain'])(
    'draws %s folded in librsvg: each card where the layout puts it, the summary box where the layout puts it',
    (id) => {
      for (const theme of ['light', 'dark'] as const) {
        const drawn = drawExample(id, theme, FOLDED);
        const img = rsvg(drawn.picture.svg);
        expect([img.width, img.height]).toEqual([drawn.picture.width, drawn.picture.height]);
        const stripes = stripeColors(drawn, theme, img);
        expect(stripes.drawn).toEqual(stripes.decided);
        const s = drawn.model.summary!;
        const at = /data-testid="graph" transform="translate\(([-\d.]+),([-\d.]+)\)"/.exec(drawn.picture.svg)!;
        const [x, y] = [Number(at[1]) + s.x, Number(at[2]) + s.y];
        // Inside the box its surface, just outside it the picture's background.
        expect(pixelHex(img, x + 5, y + 5)).toBe(PALETTES[theme].surface);
        expect(pixelHex(img, x + s.width - 5, y + s.height - 5)).toBe(PALETTES[theme].surface);
        expect(pixelHex(img, x - 4, y + 5)).toBe(PALETTES[theme].bg);
        expect(pixelHex(img, x + 5, y + s.height + 4)).toBe(PALETTES[theme].bg);
      }
    },
  );
});
