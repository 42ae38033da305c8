import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PlacedAlloc } from '../../src/simulator/planApply.ts';
import { PlacementScore } from '../../src/ui/rollout/PlacementScore.tsx';

const placed: PlacedAlloc = {
  AllocID: 'a1',
  Name: 'web.web[0]',
  TaskGroup: 'web',
  NodeID: 'n1',
  NodeName: 'client-1',
  Canary: false,
  PreviousAllocID: '',
  Score: 0.15,
  Ranked: [
    { NodeID: 'n1', NodeName: 'client-1', Scores: { binpack: 0.8, 'job-anti-affinity': -0.5 }, NormScore: 0.15 },
    { NodeID: 'n2', NodeName: 'client-2', Scores: { binpack: 0.1 }, NormScore: 0.1 },
  ],
};

describe('PlacementScore', () => {
  it('draws the chosen node first with each scorer and the mean, then the runner-up', () => {
    const html = renderToStaticMarkup(createElement(PlacementScore, { placed }));
    expect(html).toContain('why client-1: score 0.150, ahead of 1 other node');
    expect(html.indexOf('client-1 (chosen)')).toBeLessThan(html.indexOf('client-2'));
    expect(html).toContain('(0.800 + -0.500) / 2 = 0.150');
    expect(html).toContain('bin-packing fit');
  });

  it('draws nothing for a placement without a ranking', () => {
    expect(renderToStaticMarkup(createElement(PlacementScore, { placed: { ...placed, Ranked: [] } }))).toBe('');
  });
});
