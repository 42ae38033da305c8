// The diff reads blocks the reconciler never checks (services, checks,
// logs, periodic…) straight from the document: whatever they hold, the
// diff prints what it can and never throws.

import { describe, expect, test } from 'vitest';
import { diffText, formatJobDiff } from '../../src/diff/format.ts';
import { jobDiff } from '../../src/diff/job.ts';
import { readJob } from './helpers.ts';

const HOSTILE: Record<string, unknown>[] = [
  { Services: 'x' },
  { Services: [1, null, 'svc', [], { Name: 5, Tags: 7, Checks: 'c', Connect: 3, Meta: 'm' }] },
  {
    Services: [
      {
        Name: 'a',
        Checks: [null, 2, { Name: {}, Header: 'h', CheckRestart: [] }, { Header: { X: 'not a list', Y: [[1]] } }],
        Connect: { SidecarService: 'x', SidecarTask: { Config: 5, Resources: 'r', LogConfig: [] } },
      },
    ],
  },
  { Services: [{ Name: 'b', Connect: { SidecarService: { Proxy: { Upstreams: 'u', Config: [1, { a: null }] } } } }] },
  { RestartPolicy: 'r', Volumes: 5, Scaling: [] },
  // Keys a plain object literal would take for its prototype.
  { Services: JSON.parse('[{"Name": "m", "Meta": {"__proto__": "p", "constructor": "c"}, "Tags": ["__proto__"]}]') },
];

const TASK_HOSTILE: Record<string, unknown>[] = [
  { LogConfig: 'x', DispatchPayload: 5, Constraints: 'c', Services: { Name: 'x' }, Lifecycle: [] },
  {
    Config: JSON.parse('{"__proto__": "p", "nested": {"__proto__": {"deep": [null, true]}}}'),
    Templates: [1, 'x', null],
  },
  { Resources: { CPU: 100, IOPS: 'x', DiskMB: {} }, Vault: { Policies: 'p' }, Artifacts: [{ GetterOptions: 4 }] },
];

describe('the diff of a document with odd values in the blocks it alone reads', () => {
  const jobs = [
    ...HOSTILE.map((g) => ({ TaskGroups: [{ Name: 'g', ...g, Tasks: [{ Name: 't', Driver: 'exec' }] }] })),
    ...TASK_HOSTILE.map((t) => ({ TaskGroups: [{ Name: 'g', Tasks: [{ Name: 't', Driver: 'exec', ...t }] }] })),
    {
      Periodic: 'p',
      ParameterizedJob: { MetaOptional: 'm' },
      Multiregion: { Strategy: 5, Regions: [{ Name: 'r', Count: 'x', Datacenters: 4, Meta: 3 }] },
    },
  ];
  const plain = readJob({ TaskGroups: [{ Name: 'g', Tasks: [{ Name: 't', Driver: 'exec' }] }] });
  test.each(jobs.map((j, i) => [i, j] as const))('document %i: diffed both ways without throwing', (_, value) => {
    // The reader accepts each (the reconciler's fields are fine).
    const odd = readJob(value);
    expect(() => diffText(formatJobDiff(jobDiff(plain, odd)))).not.toThrow();
    expect(() => diffText(formatJobDiff(jobDiff(odd, plain)))).not.toThrow();
  });
});

describe('keys an object would take for its prototype', () => {
  test('are printed as the keys they are, in a service and in a config', () => {
    const plain = readJob({ TaskGroups: [{ Name: 'g', Tasks: [{ Name: 't', Driver: 'exec' }] }] });
    const odd = readJob({
      TaskGroups: [
        {
          Name: 'g',
          Services: JSON.parse('[{"Name": "m", "Meta": {"__proto__": "p"}, "Tags": ["__proto__"]}]') as unknown,
          Tasks: [{ Name: 't', Driver: 'exec', Config: JSON.parse('{"__proto__": "p", "x": {"__proto__": "q"}}') }],
        },
      ],
    });
    const text = diffText(formatJobDiff(jobDiff(plain, odd)));
    expect(text).toContain('+ Meta[__proto__]:   "p"');
    expect(text).toContain('+ Tags: "__proto__"');
    expect(text).toContain('+ __proto__:    "p"');
    expect(text).toContain('+ x[__proto__]: "q"');
  });
});
