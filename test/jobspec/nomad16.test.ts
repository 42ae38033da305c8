// Jobspecs under Nomad 1.6: what v1.6.5's api package reads that v1.1.0's
// does not, the job as the v1.6.5 agent and server store it, and a job
// imported from a 1.x cluster that is resubmitted unchanged.

import { describe, expect, it, vi } from 'vitest';
import { storedJob } from '../../src/jobspec/canonical/index.ts';
import { readJobSpec } from '../../src/jobspec/index.ts';
import { readScenarioValueAsync } from '../../src/scenario/readAsync.ts';
import { submitJob } from '../../src/scenario/submit/index.ts';
import { FIXED_OPTIONS } from '../scenario/helpers.ts';

vi.setConfig({ testTimeout: 60_000 });

// at walks a decoded job's JSON along a path of keys and indexes.
function at(value: unknown, ...path: (string | number)[]): unknown {
  let v = value;
  for (const k of path) v = (v as Record<string | number, unknown> | undefined)?.[k];
  return v;
}

const SPEC = `job "web" {
  node_pool = "gpu"

  group "web" {
    max_client_disconnect = "5m"

    restart {
      render_templates = true
    }

    network {
      hostname = "web"
      port "http" {}
    }

    task "app" {
      driver = "docker"

      identity {
        env = true
      }

      logs {
        disabled = true
      }

      resources {
        cores      = 2
        memory_max = 512
      }
    }
  }
}
`;

describe('a jobspec read for Nomad 1.6', () => {
  it('reads the settings v1.6.5 added, which v1.1.0 refuses', async () => {
    const old = await readJobSpec(SPEC);
    expect(old.job).toBeNull();
    expect(old.diagnostics.map((d) => d.message.split(';')[0])).toEqual([
      'Unsupported argument',
      'Unsupported argument',
      'Unsupported argument',
      'Unsupported argument',
      'Unsupported block type',
      'Unsupported argument',
    ]);
    const read = await readJobSpec(SPEC, {}, { nomad16: true });
    expect(read.diagnostics).toEqual([]);
    const job = read.job;
    const group = at(job, 'TaskGroups', 0);
    const task = at(group, 'Tasks', 0);
    expect([
      at(job, 'NodePool'),
      at(group, 'MaxClientDisconnect'),
      at(group, 'RestartPolicy', 'RenderTemplates'),
    ]).toEqual(['gpu', 300e9, true]);
    expect([at(group, 'Networks', 0, 'Hostname'), at(task, 'Identity'), at(task, 'LogConfig', 'Disabled')]).toEqual([
      'web',
      { Env: true },
      true,
    ]);
    // What 1.6's tasksUpdated compares is read, so no longer pointed out as unread.
    expect(read.hints.map((h) => h.message)).toEqual([]);
    expect(
      (
        await readJobSpec(
          'job "j" {\n  group "g" {\n    task "t" {\n      resources {\n        cores = 1\n      }\n    }\n  }\n}\n',
        )
      ).hints[0]?.message,
    ).toMatch(/"cores" is not read by this reconciler \(Nomad 0\.12's\)/);
  });

  it('stores the job as v1.6.5 does: node pool, datacenters, host networks, cores', async () => {
    const job = storedJob((await readJobSpec(SPEC, {}, { nomad16: true })).job, true);
    const group = at(job, 'TaskGroups', 0);
    const task = at(group, 'Tasks', 0);
    expect([at(job, 'NodePool'), at(job, 'Datacenters')]).toEqual(['gpu', ['*']]);
    expect(at(group, 'Networks', 0, 'DynamicPorts')).toEqual([{ Label: 'http', HostNetwork: 'default' }]);
    expect(at(group, 'Consul')).toEqual({ Namespace: '' });
    expect(['CPU', 'Cores', 'MemoryMaxMB'].map((k) => at(task, 'Resources', k))).toEqual([0, 2, 512]);
    expect(at(task, 'RestartPolicy', 'RenderTemplates')).toBe(true);
    const plain = storedJob({ ID: 'j', TaskGroups: [{ Name: 'g', Tasks: [{ Name: 't' }] }] }, true);
    const plainTask = at(plain, 'TaskGroups', 0, 'Tasks', 0);
    expect([at(plain, 'NodePool'), at(plainTask, 'Resources', 'CPU'), at(plainTask, 'LogConfig', 'Disabled')]).toEqual([
      'default',
      100,
      false,
    ]);
  });

  it('gives a scenario’s JobSpec its MaxClientDisconnect', async () => {
    const doc = { NomadVersion: '1.6', Now: '2026-01-01T00:00:00Z', EvalID: 'e', JobSpec: SPEC };
    const read = await readScenarioValueAsync(doc, FIXED_OPTIONS);
    if (!read.ok) throw new Error(JSON.stringify(read.diagnostics));
    expect(read.scenario.Job.TaskGroups[0]!.MaxClientDisconnect).toBe(300e9);
    const old = await readScenarioValueAsync({ ...doc, NomadVersion: '0.12' }, FIXED_OPTIONS);
    expect(old.ok).toBe(false);
  });
});

describe('a job imported from a Nomad 1.x cluster, resubmitted unchanged', () => {
  const HCL = `job "web" {
  datacenters = ["dc1"]
  group "web" {
    network {
      port "http" {
        to = 8080
      }
    }
    task "app" {
      driver = "docker"
    }
  }
}
`;
  it('is a change under 0.12 (its ports say "default") and none under 1.6', async () => {
    const imported = storedJob((await readJobSpec(HCL, {}, { nomad16: true })).job, true);
    const clusterDoc = (version: string) => ({
      NomadVersion: version,
      Now: '2026-01-01T00:00:00Z',
      EvalID: 'e',
      Job: imported,
      Nodes: [],
      Allocations: [],
    });
    const as16 = await submitJob(clusterDoc('1.6'), { text: HCL }, FIXED_OPTIONS);
    const as012 = await submitJob(clusterDoc('0.12'), { text: HCL }, FIXED_OPTIONS);
    expect(as16.ok && as16.changed).toBe(false);
    expect(as012.ok && as012.changed).toBe(true);
  });
});
