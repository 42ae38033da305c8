// The exported picture opened by Inkscape (Debian's inkscape, when it is on
// PATH; .ci/run installs it): drawn by Inkscape's command line, it is
// librsvg's drawing but for a few pixels (anti-aliasing, and the last
// letters of a long line a pixel apart), with every card where the page has
// it, in the page's colours.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FOLDED } from '../../src/graph/fold.ts';
import { PALETTES } from '../../src/picture/palette.ts';
import { drawExample, rsvg, stripeColors } from './helpers.ts';
import { type Decoded, decodePng, pixelHex } from './png.ts';

const HAS_INKSCAPE = spawnSync('inkscape', ['--version']).status === 0;

// EXAMPLES are pictures with every kind of box (ready, draining, down), arrows, the lane and deployment panels.
const EXAMPLES = ['node-down', 'node-drain', 'rollout-canary', 'reschedule-now-and-later', 'failed-deployment'];
// FOLDED_EXAMPLES are drawn folded too, as the page opens them: a summary of nodes and a box's line of unchanged allocations.
const FOLDED_EXAMPLES = ['node-drain', 'rolling-update'];
const THEMES = ['light', 'dark'] as const;

// FAR is how far apart (0–255, in any of red, green, blue) two pixels are to count as different, not as anti-aliased alike.
const FAR = 64;
// BUDGET is the share of a picture's pixels that may differ (none do today): a picture drawn
// wrong differs in far more; text on another baseline, or squeezed to a length, in about 4%.
const BUDGET = 0.005;

// differing is the share of two images' pixels that are FAR apart.
function differing(a: Decoded, b: Decoded): number {
  let n = 0;
  for (let i = 0; i < a.rgba.length; i += 4) {
    const d = Math.max(
      Math.abs(a.rgba[i]! - b.rgba[i]!),
      Math.abs(a.rgba[i + 1]! - b.rgba[i + 1]!),
      Math.abs(a.rgba[i + 2]! - b.rgba[i + 2]!),
    );
    if (d > FAR) n++;
  }
  return n / (a.width * a.height);
}

describe.skipIf(!HAS_INKSCAPE)('the picture in Inkscape', () => {
  it('is drawn as librsvg draws it, light and dark, each card where the page has it', { timeout: 120_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'inkscape-'));
    const pictures = [
      ...EXAMPLES.flatMap((id) => THEMES.map((theme) => ({ id, theme, drawn: drawExample(id, theme) }))),
      ...FOLDED_EXAMPLES.flatMap((id) =>
        THEMES.map((theme) => ({ id: `${id} folded`, theme, drawn: drawExample(id, theme, FOLDED) })),
      ),
    ];
    const files = pictures.map(({ id, theme, drawn }) => {
      const file = `${id.replace(' ', '-')}-${theme}.svg`;
      writeFileSync(join(dir, file), drawn.picture.svg);
      return file;
    });
    // One Inkscape for every file (it takes a second to start); each PNG is written beside its SVG.
    const run = spawnSync('inkscape', ['--export-type=png', ...files], {
      cwd: dir,
      env: { ...process.env, HOME: dir },
    });
    expect(run.status, run.stderr.toString()).toBe(0);

    const shares: Record<string, number> = {};
    for (const [i, { id, theme, drawn }] of pictures.entries()) {
      const ink = decodePng(readFileSync(join(dir, files[i]!.replace(/svg$/, 'png'))));
      expect([ink.width, ink.height]).toEqual([drawn.picture.width, drawn.picture.height]);
      expect(pixelHex(ink, 2, 2)).toBe(PALETTES[theme].bg);
      const stripes = stripeColors(drawn, theme, ink);
      expect(stripes.drawn, `${id} ${theme}`).toEqual(stripes.decided);
      shares[`${id} ${theme}`] = differing(ink, rsvg(drawn.picture.svg));
    }
    const over = Object.fromEntries(Object.entries(shares).filter(([, s]) => s > BUDGET));
    expect(over, `pixels unlike librsvg's, of ${JSON.stringify(shares)}`).toEqual({});
  });
});
