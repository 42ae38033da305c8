// The deployment's panels as SVG, one per task group, as the page draws them
// above the graph: status in Nomad's words (and the one it replaces), what
// this evaluation does to it, why, and the group's counts and canaries.

import type { DeploymentGroupView } from '../graph/deployment.ts';
import { effectText } from '../graph/labels.ts';
import { drawLine, fillAttrs, flowLines, type Run, strokeAttrs } from './chips.ts';
import type { Palette } from './palette.ts';
import { fitText, wrapText } from './textWidth.ts';
import { el } from './xml.ts';

/** PANEL is the geometry of a deployment panel: its least width, the gap between panels, line heights. */
export const PANEL = { minWidth: 300, gap: 8, line: 18, pad: 8 } as const;

// deploymentColor is the colour of a deployment status: its badge and the panel's left edge.
function deploymentColor(status: string, p: Palette): string {
  const by: Record<string, string> = {
    running: p.nodeInit,
    paused: p.canary,
    pending: p.canary,
    failed: p.stop,
    successful: p.inplace,
    cancelled: p.nodeGc,
    blocked: p.lost,
  };
  return by[status] ?? p.muted;
}

// statusRun is a status as a badge: white on its colour (dark on yellow), struck through when it is the status before.
function statusRun(status: string, p: Palette, was: boolean): Run {
  const light = status === 'paused' || status === 'pending';
  return {
    text: status.toUpperCase(),
    size: 12,
    bold: true,
    color: light ? '#1b1f24' : '#fff',
    chip: { fill: deploymentColor(status, p), pad: 6 },
    strike: was ? p.text : undefined,
  };
}

// panelLines are a panel's lines of runs, each no wider than `width`: the
// head (title, statuses, effect), the description (up to two lines), the
// counts and canaries; the head and counts wrap as the page's flex lines do.
function panelLines(v: DeploymentGroupView, width: number, p: Palette): Run[][] {
  const title = `Deployment ${v.deploymentID.slice(0, 8)} · v${v.jobVersion} · ${JSON.stringify(v.group)}`;
  const head: Run[][] = [[{ text: fitText(title, width, 13, true), size: 13, bold: true, color: p.text }]];
  if (v.before !== '' && v.before !== v.status)
    head.push([statusRun(v.before, p, true)], [{ text: '→', size: 13, color: p.text }]);
  head.push([statusRun(v.status, p, false)]);
  const effect = effectText(v);
  if (effect !== '') head.push([{ text: effect, size: 12, italic: true, color: p.muted }]);
  const count = (value: number | string, label: string, color = p.text): Run[] => [
    { text: String(value), size: 13, bold: true, color, after: 4 },
    { text: label, size: 13, color: p.text, after: 12 },
  ];
  const counts: Run[][] = [
    count(v.desired, 'desired'),
    count(v.placed, 'placed'),
    count(v.healthy, 'healthy', p.stRunning),
    count(v.unhealthy, 'unhealthy', v.unhealthy > 0 ? p.stFailed : p.text),
  ];
  if (v.canariesDesired > 0) {
    const promotion = v.promoted ? 'promoted' : v.autoPromote ? 'auto-promote when healthy' : 'not promoted';
    const canaries = `canaries ${v.canariesPlaced}/${v.canariesDesired} placed · ${promotion}`;
    counts.push([{ text: fitText(canaries, width, 13), size: 13, color: p.text }]);
  }
  const why = v.description === '' ? [] : wrapText(v.description, width, 13, 2);
  return [
    ...flowLines(head, width, 8),
    ...why.map((line) => [{ text: line, size: 13, color: p.muted }]),
    ...flowLines(counts, width, 4),
  ];
}

// inner is the width of a panel's text, inside its coloured edge and padding.
const inner = (width: number) => width - 2 * PANEL.pad - 5;

/** panelHeight is how tall a deployment panel of the given width is drawn. */
export function panelHeight(v: DeploymentGroupView, width: number, p: Palette): number {
  return 2 * PANEL.pad + panelLines(v, inner(width), p).length * PANEL.line;
}

/** drawPanel draws one group's deployment panel at (x, y), `width` wide. */
export function drawPanel(v: DeploymentGroupView, x: number, y: number, width: number, p: Palette): string {
  const lines = panelLines(v, inner(width), p);
  const height = 2 * PANEL.pad + lines.length * PANEL.line;
  let out = el('rect', {
    x: x + 0.5,
    y: y + 0.5,
    width: width - 1,
    height: height - 1,
    rx: 4,
    ...fillAttrs(p.surface),
    ...strokeAttrs(p.border),
  });
  out += el('rect', { x, y, width: 5, height, rx: 2, ...fillAttrs(deploymentColor(v.status, p)) });
  lines.forEach((line, i) => (out += drawLine(line, x + 5 + PANEL.pad, y + PANEL.pad + 13 + i * PANEL.line, 8)));
  return el(
    'g',
    { 'data-testid': 'deployment', 'data-group': v.group, 'data-status': v.status, 'data-effect': v.effect },
    out,
  );
}
