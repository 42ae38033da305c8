import { describe, expect, it } from 'vitest';
import { scoreRows } from '../../src/ui/rollout/scores.ts';

describe('scoreRows', () => {
  it('lays out the chosen node first, each scorer’s part, and the mean they combine into', () => {
    const rows = scoreRows([
      { NodeID: 'n1', NodeName: 'client-1', Scores: { binpack: 0.8, 'job-anti-affinity': -0.5 }, NormScore: 0.15 },
      { NodeID: 'n2', NodeName: '', Scores: { binpack: 0.6 }, NormScore: 0.6 },
      {
        NodeID: 'n3',
        NodeName: 'client-3',
        Scores: { binpack: 0.9, 'job-anti-affinity': -0.25, 'node-reschedule-penalty': -1 },
        NormScore: -0.116666,
      },
    ]);
    expect(rows.map((r) => [r.nodeName, r.chosen, r.scores])).toEqual([
      ['client-1', true, [0.8, -0.5, null]],
      ['n2', false, [0.6, null, null]],
      ['client-3', false, [0.9, -0.25, -1]],
    ]);
    expect(rows.map((r) => r.combination)).toEqual([
      '(0.800 + -0.500) / 2 = 0.150',
      '0.600',
      '(0.900 + -0.250 + -1.000) / 3 = -0.117',
    ]);
  });
});
