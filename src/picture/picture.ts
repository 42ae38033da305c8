// The exported picture: the graph as one SVG made of SVG's own shapes
// (rect, path, line, text, g) with plain attributes, no HTML inside, no
// style sheet, no references between elements, so that Inkscape,
// PowerPoint, Keynote and librsvg draw it (and Google Slides takes its
// PNG); with a title, the evaluation and its time, the deployment's
// panels, and a legend of what the picture uses. Pure: from the graph model
// and its layout to a string, so the page, a worker and the command line
// draw the same picture.

import type { DeploymentGroupView } from '../graph/deployment.ts';
import type { GraphModel } from '../graph/model.ts';
import { drawArrow } from './arrows.ts';
import { drawBox, drawLane } from './boxes.ts';
import type { Caption } from './caption.ts';
import { fillAttrs } from './chips.ts';
import { drawPanel, PANEL, panelHeight } from './deployments.ts';
import { drawSummary } from './fold.ts';
import { drawLegend, legendGroups } from './legend.ts';
import { PALETTES } from './palette.ts';
import { wrapText } from './textWidth.ts';
import { el, text } from './xml.ts';

/** PictureInput is what a picture shows: the graph, the deployment's panels, the caption, in the theme shown. */
export interface PictureInput {
  model: GraphModel;
  deployments: readonly DeploymentGroupView[];
  caption: Caption;
  theme: 'light' | 'dark';
}

/** Picture is an SVG document and its size in CSS pixels. */
export interface Picture {
  svg: string;
  width: number;
  height: number;
}

// PICTURE_PAD is the margin around everything in the picture, and between its parts.
const PICTURE_PAD = 24;
// MIN_WIDTH keeps a picture of a small cluster wide enough for its title and legend.
const MIN_WIDTH = 640;

// graphBounds is the drawing's extent in flow coordinates: the lane (left of 0), the boxes and the summary of folded nodes.
function graphBounds(m: GraphModel): { x: number; y: number; width: number; height: number } {
  const parts = [m.lane, ...m.boxes, ...(m.summary === null ? [] : [m.summary])];
  const x = Math.min(...parts.map((b) => b.x));
  const y = Math.min(...parts.map((b) => b.y));
  const right = Math.max(...parts.map((b) => b.x + b.width));
  const bottom = Math.max(...parts.map((b) => b.y + b.height));
  return { x, y, width: right - x, height: bottom - y };
}

// drawPanels lays the deployment's panels in rows across the width; it returns the markup and the height used.
function drawPanels(
  views: readonly DeploymentGroupView[],
  x: number,
  y: number,
  width: number,
  p: (typeof PALETTES)['light'],
): { svg: string; height: number } {
  if (views.length === 0) return { svg: '', height: 0 };
  const perRow = Math.max(1, Math.min(views.length, Math.floor((width + PANEL.gap) / (PANEL.minWidth + PANEL.gap))));
  const w = (width - (perRow - 1) * PANEL.gap) / perRow;
  let out = '';
  let top = y;
  for (let i = 0; i < views.length; i += perRow) {
    const row = views.slice(i, i + perRow);
    row.forEach((v, j) => (out += drawPanel(v, x + j * (w + PANEL.gap), top, w, p)));
    top += Math.max(...row.map((v) => panelHeight(v, w, p))) + PANEL.gap;
  }
  return { svg: el('g', { 'data-testid': 'deployments' }, out), height: top - y - PANEL.gap };
}

/**
 * drawPicture draws the picture: caption, deployment panels, the graph
 * (boxes, lane, arrows, and what the model folds as counts), legend, over
 * the theme's background. It draws the model as built: folded as the page
 * shows it when built with the page's Fold.
 */
export function drawPicture(input: PictureInput): Picture {
  const p = PALETTES[input.theme];
  const { model } = input;
  const bounds = graphBounds(model);
  const inner = Math.max(MIN_WIDTH, Math.ceil(bounds.width));
  const x = PICTURE_PAD;
  let y = PICTURE_PAD;

  let head = '';
  for (const line of wrapText(input.caption.title, inner, 20, 2, true)) {
    head += text({ x, y: y + 18, 'font-size': 20, 'font-weight': 'bold', ...fillAttrs(p.text) }, line);
    y += 26;
  }
  for (const line of wrapText(input.caption.subtitle, inner, 13, 2)) {
    head += text({ x, y: y + 13, 'font-size': 13, ...fillAttrs(p.muted) }, line);
    y += 18;
  }
  y += PICTURE_PAD / 2;

  const panels = drawPanels(input.deployments, x, y, inner, p);
  if (panels.height > 0) y += panels.height + PICTURE_PAD;

  const dx = x - bounds.x;
  const dy = y - bounds.y;
  const graph =
    drawLane(model.lane, p) +
    model.boxes.map((b) => drawBox(b, model.shape.boxColumns, p)).join('') +
    (model.summary === null ? '' : drawSummary(model.summary, p)) +
    el('g', { 'data-testid': 'replacement-arrows' }, model.edges.map((e) => drawArrow(e, p)).join(''));
  y += bounds.height + PICTURE_PAD;

  const legend = drawLegend(legendGroups(model, p), x, y, inner, p);
  y += legend.height + PICTURE_PAD;

  const width = inner + 2 * PICTURE_PAD;
  const height = Math.ceil(y);
  const body =
    el('rect', { width, height, ...fillAttrs(p.bg) }) +
    el('g', { 'data-testid': 'caption' }, head) +
    panels.svg +
    el('g', { 'data-testid': 'graph', transform: `translate(${dx},${dy})` }, graph) +
    legend.svg;
  const svg = el(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      width,
      height,
      viewBox: `0 0 ${width} ${height}`,
    },
    body,
  );
  return { svg, width, height };
}
