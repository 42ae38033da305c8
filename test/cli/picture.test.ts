// `reconcile --format svg`: the page's picture of one reconciliation, which
// librsvg draws; refused where a picture cannot say what was asked.

import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { buildGraph } from '../../src/graph/buildGraph.ts';
import { deploymentViews } from '../../src/graph/deployment.ts';
import { scenarioCaption } from '../../src/picture/caption.ts';
import { drawPicture } from '../../src/picture/picture.ts';
import { reconcileFixture } from '../graph/helpers.ts';
import { fixture, runCli } from './helpers.ts';

describe('reconcile --format svg', () => {
  it('prints the picture the page exports, which librsvg draws at its size', async () => {
    const r = await runCli(['--format', 'svg', fixture('draining-node')]);
    expect(r.code).toBe(0);
    const { scenario, document, trace } = reconcileFixture('draining-node');
    const picture = drawPicture({
      model: buildGraph(scenario, document, trace),
      deployments: deploymentViews(scenario, document),
      caption: scenarioCaption(scenario),
      theme: 'light',
    });
    expect(r.stdout).toBe(`${picture.svg}\n`);
    const png = spawnSync('rsvg-convert', ['--format', 'png'], { input: r.stdout }).stdout;
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([picture.width, picture.height]);
  });

  it('draws one file, without --explain or --simulate', async () => {
    for (const extra of [['--explain'], ['--simulate'], [fixture('lost-node')]]) {
      const r = await runCli(['--format', 'svg', fixture('draining-node'), ...extra]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('--format svg draws one FILE, without --explain or --simulate');
    }
  });
});
