// Pictures of the examples for the picture's tests: each example reconciled
// and drawn, and a rollout example's film; pictures drawn by librsvg, and
// where a drawing puts each card's decision colour.

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { buildGraph } from '../../src/graph/buildGraph.ts';
import { deploymentViews } from '../../src/graph/deployment.ts';
import { type Fold, NO_FOLD } from '../../src/graph/fold.ts';
import { cardOffset } from '../../src/graph/layout.ts';
import type { GraphModel } from '../../src/graph/model.ts';
import { scenarioCaption } from '../../src/picture/caption.ts';
import { actionColor } from '../../src/picture/cards.ts';
import { PALETTES } from '../../src/picture/palette.ts';
import { drawPicture, type Picture, type PictureInput } from '../../src/picture/picture.ts';
import { readText, reconcileScenario } from '../graph/helpers.ts';
import { runRollout } from '../simulator/helpers.ts';
import { type Decoded, decodePng, pixelHex } from './png.ts';

const EXAMPLES = join(import.meta.dirname, '..', '..', 'src', 'examples');

/** Drawn is an example's graph model and its picture. */
export interface Drawn {
  model: GraphModel;
  picture: Picture;
}

/** exampleText is an example's scenario document as text. */
export function exampleText(id: string): string {
  return readFileSync(join(EXAMPLES, `${id}.json`), 'utf8');
}

/** drawExample reconciles an example and draws its picture in a theme, folded by `fold` (by default not at all). */
export function drawExample(id: string, theme: PictureInput['theme'] = 'light', fold: Fold = NO_FOLD): Drawn {
  const { scenario, document, trace } = reconcileScenario(readText(exampleText(id)));
  const model = buildGraph(scenario, document, trace, null, null, fold);
  const deployments = deploymentViews(scenario, document);
  return { model, picture: drawPicture({ model, deployments, caption: scenarioCaption(scenario), theme }) };
}

/** exampleFilm simulates a rollout example with its own events. */
export function exampleFilm(id: string) {
  const doc = JSON.parse(exampleText(id)) as Record<string, unknown> & { Events?: unknown[] };
  return runRollout(doc, doc.Events ?? []).film;
}

/** rsvg draws SVG text with librsvg (Debian's rsvg-convert, a renderer that is no browser) and decodes the PNG it writes. */
export function rsvg(svg: string): Decoded {
  const out = spawnSync('rsvg-convert', ['--format', 'png'], { input: svg, maxBuffer: 64 << 20 });
  expect(out.error, 'rsvg-convert (Debian package librsvg2-bin) runs').toBeUndefined();
  expect(out.stderr.toString()).toBe('');
  expect(out.status).toBe(0);
  return decodePng(out.stdout);
}

// graphOffset is where the picture puts the graph's origin: its group's translation.
function graphOffset(svg: string): { x: number; y: number } {
  const m = /data-testid="graph" transform="translate\(([-\d.]+),([-\d.]+)\)"/.exec(svg);
  expect(m).not.toBeNull();
  return { x: Number(m![1]), y: Number(m![2]) };
}

/**
 * stripeColors reads, in an image of a drawn example, the colour of each
 * card's stripe (down its left side) where the layout puts the card
 * (`drawn`), and the colour of its decision (`decided`): equal, the image
 * has every card where the page has it, in the page's colours.
 */
export function stripeColors(
  { model, picture }: Drawn,
  theme: PictureInput['theme'],
  img: Decoded,
): { drawn: Record<string, string>; decided: Record<string, string> } {
  const at = graphOffset(picture.svg);
  const drawn: Record<string, string> = {};
  const decided: Record<string, string> = {};
  for (const b of model.boxes) {
    b.view.allocs.forEach((c, i) => {
      const o = cardOffset(i, model.shape.boxColumns);
      drawn[c.id] = pixelHex(img, at.x + b.x + o.x + 2, at.y + b.y + o.y + 35);
      decided[c.id] = actionColor(c.action, PALETTES[theme]);
    });
  }
  return { drawn, decided };
}
