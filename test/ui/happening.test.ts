import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Happening } from '../../src/simulator/happenings.ts';
import { happeningWords } from '../../src/ui/rollout/happening.tsx';
import { loadRollout } from '../simulator/helpers.ts';

const words = (h: Happening) => renderToStaticMarkup(createElement(Fragment, null, happeningWords(h)));
const text = (h: Happening) => words(h).replace(/<[^>]+>/g, '');

describe('happeningWords', () => {
  // The canary never turns healthy, and the old web[0], of the job version before it, is healthy: two allocations, one name.
  const { film } = loadRollout('canary-auto-revert');
  const all = [...film.Steps.flatMap((s) => [...s.Happenings, ...s.Applied]), ...film.End.Happenings];

  it('tells apart two allocations of the same name by short ID and job version', () => {
    const web0 = all.filter((h) => h.Name === 'web.web[0]' && h.AllocID !== undefined);
    const byAlloc = new Map(web0.map((h) => [h.AllocID!, h]));
    expect(byAlloc.size).toBe(2);
    expect(new Set([...byAlloc.values()].map((h) => h.JobVersion)).size).toBe(2);
    for (const h of web0) expect(text(h)).toContain(`web.web[0] ${h.AllocID!.slice(0, 8)} v${h.JobVersion} `);
    const healthy = web0.find((h) => h.Kind === 'alloc-healthy')!;
    expect(text(healthy)).toBe(`web.web[0] ${healthy.AllocID!.slice(0, 8)} v${healthy.JobVersion} is healthy`);
  });

  it('makes its words from the facts, not from the simulator’s sentence', () => {
    const h: Happening = {
      Time: 0,
      Text: 'SIMULATOR SENTENCE',
      Kind: 'alloc-failed',
      AllocID: '0123456789abcdef',
      Name: 'api.api[2]',
      JobVersion: 3,
    };
    expect(text(h)).toBe('api.api[2] 01234567 v3 failed');
    expect(words(h)).toContain('title="allocation 0123456789abcdef, job version 3"');
    expect(
      text({
        Time: 0,
        Text: '',
        Kind: 'drain-marked',
        Allocs: [
          { ID: 'aaaaaaaa1', Name: 'w[0]', JobVersion: 0 },
          { ID: 'bbbbbbbb2', Name: 'w[0]', JobVersion: 1 },
        ],
      }),
    ).toBe('the drainer marks w[0] aaaaaaaa v0, w[0] bbbbbbbb v1 for migration');
    expect(
      text({
        Time: 0,
        Text: '',
        Kind: 'deployment-status',
        DeploymentID: '1234567890',
        JobVersion: 1,
        Status: 'paused',
        Detail: 'Deployment is paused',
      }),
    ).toBe('deployment 12345678 is paused: Deployment is paused');
  });

  it('has words for every happening of a rollout', () => {
    expect(all.length).toBeGreaterThan(0);
    for (const h of all) expect(text(h)).not.toBe('');
  });
});
