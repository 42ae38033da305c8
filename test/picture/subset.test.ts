// The picture keeps to the subset of SVG that slide programs import as
// they should (docs/export.md says why each rule): six elements, each with
// its own presentation attributes (nothing inherited, no style sheet, no
// references between elements), colours as #hex with a separate opacity,
// one font list without quotes, plain numbers, absolute path commands, and
// text whose spaces no reader collapses differently.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLES } from '../../src/examples/index.ts';
import { buildGraph } from '../../src/graph/buildGraph.ts';
import { deploymentViews } from '../../src/graph/deployment.ts';
import { type Fold, FOLDED, NO_FOLD } from '../../src/graph/fold.ts';
import { scenarioCaption } from '../../src/picture/caption.ts';
import { filmPictures } from '../../src/picture/film.ts';
import { drawPicture } from '../../src/picture/picture.ts';
import { readText, reconcileScenario } from '../graph/helpers.ts';
import { drawExample, exampleFilm } from './helpers.ts';

type Rule = RegExp | ((value: string) => boolean);

const NUMBER = /^-?\d+(\.\d+)?$/;
const PAINT = /^(#[0-9a-f]{6}|#[0-9a-f]{3}|none)$/;
const OPACITY = (v: string) => NUMBER.test(v) && Number(v) > 0 && Number(v) < 1;
const FILL: Record<string, Rule> = { fill: PAINT, 'fill-opacity': OPACITY };
const STROKE: Record<string, Rule> = {
  stroke: PAINT,
  'stroke-opacity': OPACITY,
  'stroke-width': NUMBER,
  'stroke-dasharray': /^\d+(\.\d+)?(,\d+(\.\d+)?)+$/,
};
const BOX: Record<string, Rule> = { x: NUMBER, y: NUMBER, width: NUMBER, height: NUMBER };
const PATH_DATA = /^([MLHVCAZ](-?\d+(\.\d+)?([ ,]-?\d+(\.\d+)?)*)? ?)+$/;

// SUBSET is every element the picture may write, the attributes each may
// carry (with the values they may take) and those it must carry.
const SUBSET: Record<string, { attrs: Record<string, Rule>; required: string[] }> = {
  svg: {
    attrs: { xmlns: /^http:\/\/www\.w3\.org\/2000\/svg$/, width: NUMBER, height: NUMBER, viewBox: /^0 0 \d+ \d+$/ },
    required: ['xmlns', 'width', 'height', 'viewBox'],
  },
  // A group only gathers (and names, for the tests) what it holds: no paint or font to inherit.
  g: { attrs: { transform: /^translate\(-?\d+(\.\d+)?,-?\d+(\.\d+)?\)$/ }, required: [] },
  rect: { attrs: { ...BOX, rx: NUMBER, ...FILL, ...STROKE }, required: ['width', 'height', 'fill'] },
  path: { attrs: { d: PATH_DATA, ...FILL, ...STROKE }, required: ['d', 'fill'] },
  line: { attrs: { x1: NUMBER, y1: NUMBER, x2: NUMBER, y2: NUMBER, ...STROKE }, required: ['stroke'] },
  text: {
    attrs: {
      x: NUMBER,
      y: NUMBER,
      'font-family': /^Arial, Helvetica, Liberation Sans, sans-serif$/,
      'font-size': NUMBER,
      'font-weight': /^bold$/,
      'font-style': /^italic$/,
      ...FILL,
    },
    required: ['x', 'y', 'font-family', 'font-size', 'fill'],
  },
};

// TOKEN is one piece of the file: a start or end tag with double-quoted attributes, or text.
const TOKEN = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/y;
// ENTITY is the escapes the text may use: XML's own, no others.
const ENTITY = /&(?!(amp|lt|gt|quot);)/;

/** outsideSubset lists what an SVG document has outside SUBSET, each with where it is; [] when nothing. */
function outsideSubset(svg: string): string[] {
  const problems: string[] = [];
  const open: string[] = [];
  let at = 0;
  TOKEN.lastIndex = 0;
  while (at < svg.length) {
    const m = TOKEN.exec(svg);
    if (m === null) {
      problems.push(`at ${at}: not a plain tag or text: ${JSON.stringify(svg.slice(at, at + 40))}`);
      break;
    }
    at = TOKEN.lastIndex;
    const [, closing, name, attrText, selfClosing, content] = m;
    if (content !== undefined) {
      const where = open.at(-1);
      if (where !== 'text') problems.push(`text outside a text element, in ${where}`);
      if (content !== content.trim() || content.includes('  ') || /[\t\n\r]/.test(content))
        problems.push(`text whose spaces a reader may collapse: ${JSON.stringify(content)}`);
      if (ENTITY.test(content)) problems.push(`an escape other than XML's own: ${JSON.stringify(content)}`);
      continue;
    }
    if (closing) {
      open.pop();
      continue;
    }
    if (open.length === 0 && (name !== 'svg' || m.index !== 0))
      problems.push(`${name} at ${m.index}: the root must be svg, first`);
    const rule = SUBSET[name!];
    if (rule === undefined) {
      problems.push(`element ${name}`);
    } else {
      const attrs = Object.fromEntries([...attrText!.matchAll(/([\w:-]+)="([^"]*)"/g)].map((a) => [a[1]!, a[2]!]));
      for (const [k, v] of Object.entries(attrs)) {
        if (name === 'g' && k.startsWith('data-')) continue;
        const allowed = rule.attrs[k];
        if (allowed === undefined) problems.push(`${name} with attribute ${k}`);
        else if (typeof allowed === 'function' ? !allowed(v) : !allowed.test(v))
          problems.push(`${name} with ${k}="${v}"`);
      }
      for (const k of rule.required) if (!(k in attrs)) problems.push(`${name} without its own ${k}`);
    }
    if (!selfClosing) open.push(name!);
  }
  return [...new Set(problems)];
}

// defaultPicture draws the page's default scenario, as the SVG button would on a first visit (folded) or with folding off.
function defaultPicture(theme: 'light' | 'dark', fold: Fold): string {
  const text = readFileSync(join(import.meta.dirname, '..', '..', 'src', 'ui', 'defaultScenario.json'), 'utf8');
  const { scenario, document, trace } = reconcileScenario(readText(text));
  const model = buildGraph(scenario, document, trace, null, null, fold);
  const deployments = deploymentViews(scenario, document);
  return drawPicture({ model, deployments, caption: scenarioCaption(scenario), theme }).svg;
}

describe('the picture’s SVG subset', () => {
  it.each(['light', 'dark'] as const)(
    'holds for the default scenario and every example, folded or not, %s',
    (theme) => {
      const found: Record<string, string[]> = {};
      for (const [name, fold] of [
        ['folded', FOLDED],
        ['unfolded', NO_FOLD],
      ] as const) {
        found[`default ${name}`] = outsideSubset(defaultPicture(theme, fold));
        for (const e of EXAMPLES) found[`${e.id} ${name}`] = outsideSubset(drawExample(e.id, theme, fold).picture.svg);
      }
      expect(Object.fromEntries(Object.entries(found).filter(([, p]) => p.length > 0))).toEqual({});
    },
  );

  it('holds for every frame of a rollout’s film, folded as the page folds it', () => {
    for (const f of filmPictures(exampleFilm('rollout-drain'), null, 'light', FOLDED))
      expect(outsideSubset(f.svg), f.name).toEqual([]);
  });

  it('finds what is outside it', () => {
    const svg = (body: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10">${body}</svg>`;
    expect(outsideSubset(svg('<rect width="1" height="1" fill="#fff"/>'))).toEqual([]);
    expect(outsideSubset(svg('<defs><pattern id="p"/></defs><rect width="1" height="1" fill="url(#p)"/>'))).toEqual([
      'element defs',
      'element pattern',
      'rect with fill="url(#p)"',
    ]);
    expect(outsideSubset(svg('<g fill="#000"><text x="1" y="1" font-size="9">a</text></g>'))).toEqual([
      'g with attribute fill',
      'text without its own font-family',
      'text without its own fill',
    ]);
    expect(outsideSubset(svg('<rect width="1" height="1" fill="rgba(0, 0, 0, 0.5)" style="stroke: red"/>'))).toEqual([
      'rect with fill="rgba(0, 0, 0, 0.5)"',
      'rect with attribute style',
    ]);
    expect(outsideSubset(`<?xml version="1.0"?>${svg('')}`)).toHaveLength(1);
    expect(outsideSubset(svg('<!-- a note -->'))).toHaveLength(1);
  });
});
