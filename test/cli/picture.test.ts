// `reconcile --format svg`: the page's picture of one reconciliation, which
// librsvg draws, folded as the page opens it (or not, with --no-fold);
// refused where a picture cannot say what was asked.

import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { buildGraph } from '../../src/graph/buildGraph.ts';
import { deploymentViews } from '../../src/graph/deployment.ts';
import { type Fold, FOLDED, NO_FOLD } from '../../src/graph/fold.ts';
import { scenarioCaption } from '../../src/picture/caption.ts';
import { drawPicture } from '../../src/picture/picture.ts';
import { reconcileFixture } from '../graph/helpers.ts';
import { fixture, runCli } from './helpers.ts';

// fixturePicture is the picture the page's Export SVG button draws of a fixture, folded by `fold`.
function fixturePicture(name: string, fold: Fold) {
  const { scenario, document, trace } = reconcileFixture(name);
  return drawPicture({
    model: buildGraph(scenario, document, trace, null, null, fold),
    deployments: deploymentViews(scenario, document),
    caption: scenarioCaption(scenario),
    theme: 'light',
  });
}

describe('reconcile --format svg', () => {
  it('prints the picture the page exports, folded as the page opens it, which librsvg draws at its size', async () => {
    const r = await runCli(['--format', 'svg', fixture('draining-node')]);
    expect(r.code).toBe(0);
    const picture = fixturePicture('draining-node', FOLDED);
    expect(r.stdout).toContain('data-testid="fold-summary"');
    expect(r.stdout).toBe(`${picture.svg}\n`);
    const png = spawnSync('rsvg-convert', ['--format', 'png'], { input: r.stdout }).stdout;
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([picture.width, picture.height]);
  });

  it('draws every node and allocation with --no-fold, which only a picture takes', async () => {
    const r = await runCli(['--format', 'svg', '--no-fold', fixture('draining-node')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${fixturePicture('draining-node', NO_FOLD).svg}\n`);
    expect(r.stdout).not.toContain('fold-summary');
    const json = await runCli(['--no-fold', fixture('draining-node')]);
    expect(json.code).toBe(2);
    expect(json.stderr).toContain('--no-fold is for --format svg');
  });

  it('draws one file, without --explain or --simulate', async () => {
    for (const extra of [['--explain'], ['--simulate'], [fixture('lost-node')]]) {
      const r = await runCli(['--format', 'svg', fixture('draining-node'), ...extra]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('--format svg draws one FILE, without --explain or --simulate');
    }
  });
});
