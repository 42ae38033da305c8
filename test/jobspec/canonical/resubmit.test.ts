// Submitting again the jobspec a cluster already runs: the running version
// is the job as Nomad stored it (every default filled), and the jobspec is
// canonicalised the same way, so nothing is replaced.

import { describe, expect, it, vi } from 'vitest';
import { storedJob } from '../../../src/jobspec/canonical/index.ts';
import { readJobSpec } from '../../../src/jobspec/index.ts';
import { readScenarioValueAsync } from '../../../src/scenario/readAsync.ts';
import { runScenario } from '../../../src/result/run.ts';

vi.setConfig({ testTimeout: 60_000 });

const SPEC = `job "api" {
  datacenters = ["dc1"]
  group "api" {
    count = 2
    affinity {
      attribute = "\${node.class}"
      value     = "fast"
    }
    task "app" {
      driver = "docker"
      config {
        image = "api:1"
      }
      template {
        data        = "PORT=8080"
        destination = "local/env"
        env         = true
      }
      artifact {
        source = "https://example.com/app.tar.gz"
      }
    }
  }
}
`;

describe('a jobspec submitted again', () => {
  it('updates the allocations of the stored version in place, replacing none', async () => {
    const spec = await readJobSpec(SPEC);
    const running = {
      ...(storedJob(spec.job) as Record<string, unknown>),
      Version: 0,
      JobModifyIndex: 10,
      ModifyIndex: 10,
    };
    const doc = {
      Now: '2026-01-01T00:00:00Z',
      EvalID: 'e',
      JobSpec: SPEC,
      JobVersions: [running],
      Nodes: [{ ID: 'n1', Status: 'ready' }],
      Allocations: [0, 1].map((i) => ({
        ID: `a${i}`,
        Name: `api.api[${i}]`,
        TaskGroup: 'api',
        NodeID: 'n1',
        JobVersion: 0,
      })),
    };
    const r = await readScenarioValueAsync(doc, { now: () => 0, generateID: () => 'x' });
    if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
    expect([r.scenario.Job.Version, r.scenario.Job.JobModifyIndex]).toEqual([1, 11]);
    expect(runScenario(r.scenario).document.DesiredTGUpdates.api).toMatchObject({
      DestructiveUpdate: 0,
      InPlaceUpdate: 2,
    });
  });

  it('against the job as parsed (no defaults), would be destructive: the defaults are what keeps it in place', async () => {
    const spec = await readJobSpec(SPEC);
    const parsedOnly = { ...(spec.job as Record<string, unknown>), Version: 0, JobModifyIndex: 10 };
    const doc = {
      Now: '2026-01-01T00:00:00Z',
      EvalID: 'e',
      JobSpec: SPEC,
      JobVersions: [parsedOnly],
      Nodes: [{ ID: 'n1', Status: 'ready' }],
      Allocations: [0, 1].map((i) => ({
        ID: `a${i}`,
        Name: `api.api[${i}]`,
        TaskGroup: 'api',
        NodeID: 'n1',
        JobVersion: 0,
      })),
    };
    const r = await readScenarioValueAsync(doc, { now: () => 0, generateID: () => 'x' });
    if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
    // One at a time: the jobspec now has Nomad's default update strategy.
    expect(runScenario(r.scenario).document.DesiredTGUpdates.api).toMatchObject({ DestructiveUpdate: 1, Ignore: 1 });
  });
});
