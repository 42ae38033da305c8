// The deployment's panels as SVG, one per task group, as the page draws them
// above the graph: status in Nomad's words (and the one it replaces), what
// this evaluation does to it, why, and the group's counts and canaries.

import type { DeploymentGroupView } from '../graph/deployment.ts';
import { effectText } from '../graph/labels.ts';
import { drawLine, fillAttrs, type Run, runWidth, strokeAttrs } from './chips.ts';
import type { Palette } from './palette.ts';
import { fitText, wrapText } from './textWidth.ts';
import { el } from './xml.ts';

/** PANEL is the geometry of a deployment panel: its least width, the gap between panels, line heights. */
export const PANEL = { minWidth: 300, gap: 8, line: 18, pad: 8 } as const;

/** deploymentColor is the colour of a deployment status: its badge and the panel's left edge. */
export function deploymentColor(status: string, p: Palette): string {
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

// panelLines are a panel's head, its description (up to two lines) and its counts, as runs.
function panelLines(v: DeploymentGroupView, width: number, p: Palette): { head: Run[]; why: string[]; counts: Run[] } {
  const head: Run[] = [
    {
      text: `Deployment ${v.deploymentID.slice(0, 8)} · v${v.jobVersion} · ${JSON.stringify(v.group)}`,
      size: 13,
      bold: true,
      color: p.text,
    },
  ];
  if (v.before !== '' && v.before !== v.status)
    head.push(statusRun(v.before, p, true), { text: '→', size: 13, color: p.text });
  head.push(statusRun(v.status, p, false));
  const effect = effectText(v);
  if (effect !== '') head.push({ text: effect, size: 12, italic: true, color: p.muted });
  const count = (value: number | string, label: string, color = p.text): Run[] => [
    { text: String(value), size: 13, bold: true, color },
    { text: label, size: 13, color: p.text, after: 12 },
  ];
  const counts: Run[] = [
    ...count(v.desired, 'desired'),
    ...count(v.placed, 'placed'),
    ...count(v.healthy, 'healthy', p.stRunning),
    ...count(v.unhealthy, 'unhealthy', v.unhealthy > 0 ? p.stFailed : p.text),
  ];
  if (v.canariesDesired > 0) {
    const promotion = v.promoted ? 'promoted' : v.autoPromote ? 'auto-promote when healthy' : 'not promoted';
    counts.push({
      text: `canaries ${v.canariesPlaced}/${v.canariesDesired} placed · ${promotion}`,
      size: 13,
      color: p.text,
    });
  }
  return { head, why: v.description === '' ? [] : wrapText(v.description, width, 13, 2), counts };
}

/** panelHeight is how tall a deployment panel of the given width is drawn. */
export function panelHeight(v: DeploymentGroupView, width: number): number {
  const whyLines = v.description === '' ? 0 : wrapText(v.description, width - 2 * PANEL.pad - 5, 13, 2).length;
  return 2 * PANEL.pad + (2 + whyLines) * PANEL.line;
}

// fitRuns keeps the runs that fit a width, `gap` apart, cutting the text run that reaches the edge; the rest are left out.
function fitRuns(runs: readonly Run[], width: number, gap: number): Run[] {
  const out: Run[] = [];
  let used = 0;
  for (const r of runs) {
    const rest = width - used;
    if (runWidth(r) <= rest) {
      out.push(r);
      used += runWidth(r) + (r.after ?? gap);
      continue;
    }
    if (!r.chip && rest > 24) out.push({ ...r, text: fitText(r.text, rest, r.size, r.bold) });
    break;
  }
  return out;
}

/** drawPanel draws one group's deployment panel at (x, y), `width` wide. */
export function drawPanel(v: DeploymentGroupView, x: number, y: number, width: number, p: Palette): string {
  const height = panelHeight(v, width);
  const inner = width - 2 * PANEL.pad - 5;
  const lines = panelLines(v, inner, p);
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
  const left = x + 5 + PANEL.pad;
  let base = y + PANEL.pad + 13;
  out += el('g', { 'data-testid': 'deployment-head' }, drawLine(fitRuns(lines.head, inner, 8), left, base, 8));
  for (const line of lines.why) {
    base += PANEL.line;
    out += drawLine([{ text: line, size: 13, color: p.muted }], left, base, 0);
  }
  base += PANEL.line;
  out += drawLine(fitRuns(lines.counts, inner, 4), left, base, 4);
  return el(
    'g',
    { 'data-testid': 'deployment', 'data-group': v.group, 'data-status': v.status, 'data-effect': v.effect },
    out,
  );
}
