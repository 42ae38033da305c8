// Services in the job diff: a group's and a task's Consul services and
// their checks are printed as upstream's diff at dccea99f7e prints them
// (issue 20: a group service's tag change printed no line).

import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { diffReport } from '../../src/diff/report.ts';
import { diffText, formatJobDiff } from '../../src/diff/format.ts';
import { jobDiff } from '../../src/diff/job.ts';
import { readJobSpec } from '../../src/jobspec/index.ts';
import { storedJob } from '../../src/jobspec/canonical/index.ts';
import { readScenarioValueAsync } from '../../src/scenario/readAsync.ts';
import { readJob } from './helpers.ts';

vi.setConfig({ testTimeout: 60_000 });

const spec = (tag: string) => `job "web" {
  datacenters = ["dc1"]
  group "web" {
    count = 2
    network {
      port "http" {}
    }
    service {
      name = "web"
      port = "http"
      tags = ["${tag}"]
      check {
        type     = "http"
        path     = "/health"
        interval = "10s"
        timeout  = "2s"
      }
    }
    task "app" {
      driver = "docker"
      config {
        image = "web:1"
      }
    }
  }
}
`;

describe('group services in the job diff', () => {
  it('prints a tag change of a group service from HCL, as nomad job plan does', async () => {
    const running = storedJob((await readJobSpec(spec('v1.4.2'))).job) as Record<string, unknown>;
    const doc = {
      Now: '2026-01-01T00:00:00Z',
      EvalID: 'e',
      JobSpec: spec('v1.5.0'),
      JobVersions: [{ ...running, Version: 0, JobModifyIndex: 10, ModifyIndex: 10 }],
      Nodes: [{ ID: 'n1', Status: 'ready' }],
      Allocations: [{ ID: 'a0', Name: 'web.web[0]', TaskGroup: 'web', NodeID: 'n1', JobVersion: 0 }],
    };
    const r = await readScenarioValueAsync(doc, { now: () => 0, generateID: () => 'x' });
    if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
    const diff = diffReport(r.scenario).comparisons[0]!.diff;
    expect(diffText(formatJobDiff(diff))).toBe(
      [
        '+/- Job: "web"',
        '+/- Task Group: "web"',
        '  +/- Service {',
        '        AddressMode:       "auto"',
        '        EnableTagOverride: "false"',
        '        Name:              "web"',
        '        PortLabel:         "http"',
        '    +/- Tags {',
        '      + Tags: "v1.5.0"',
        '      - Tags: "v1.4.2"',
        '        }',
        '      }',
        '      Task: "app"',
      ].join('\n'),
    );
  });

  it('prints checks with their check_restart and headers, a service added to a task', () => {
    const check = (interval: number) => ({
      Name: 'alive',
      Type: 'http',
      Path: '/',
      Interval: interval,
      Timeout: 2e9,
      Header: { 'X-Env': ['prod'] },
      CheckRestart: { Limit: 3, Grace: 1e9 },
    });
    const job = (interval: number, taskServices: unknown[]) =>
      readJob({
        TaskGroups: [
          {
            Name: 'g',
            Services: [{ Name: 'api', PortLabel: 'http', Checks: [check(interval)] }],
            Tasks: [{ Name: 't', Driver: 'exec', Services: taskServices }],
          },
        ],
      });
    const d = jobDiff(job(10e9, []), job(20e9, [{ Name: 'side', PortLabel: 'admin' }]), false);
    const g = d.TaskGroups[0]!;
    expect(g.Objects).toEqual([
      {
        Type: 'Edited',
        Name: 'Service',
        Fields: [],
        Objects: [
          {
            Type: 'Edited',
            Name: 'Check',
            Fields: [{ Type: 'Edited', Name: 'Interval', Old: '10000000000', New: '20000000000', Annotations: [] }],
            Objects: [],
          },
        ],
      },
    ]);
    expect(g.Tasks[0]!.Objects.map((o) => [o.Type, o.Name, o.Fields.map((f) => `${f.Name}=${f.New}`)])).toEqual([
      ['Added', 'Service', ['AddressMode=auto', 'EnableTagOverride=false', 'Name=side', 'PortLabel=admin']],
    ]);
  });
});

// A jobspec whose services use every block the diff prints for them.
const FULL = readFileSync(new URL('../fixtures/hcl/consul.hcl', import.meta.url), 'utf8');

// planAgainstStored diffs `spec` against the job Nomad stored for FULL.
async function planAgainstStored(spec: string): Promise<string> {
  const running = storedJob((await readJobSpec(FULL)).job) as Record<string, unknown>;
  const doc = {
    Now: '2026-01-01T00:00:00Z',
    EvalID: 'e',
    JobSpec: spec,
    JobVersions: [{ ...running, Version: 0, JobModifyIndex: 10, ModifyIndex: 10 }],
    Nodes: [{ ID: 'n1', Status: 'ready' }],
    Allocations: [{ ID: 'a0', Name: 'full.api[0]', TaskGroup: 'api', NodeID: 'n1', JobVersion: 0 }],
  };
  const r = await readScenarioValueAsync(doc, { now: () => 0, generateID: () => 'x' });
  if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
  return diffText(formatJobDiff(diffReport(r.scenario).comparisons[0]!.diff, false));
}

describe('a jobspec against the job Nomad stored for it', () => {
  it('the same jobspec shows no change: storing a stored job again changes nothing the diff prints', async () => {
    expect(await planAgainstStored(FULL)).toBe(['Job: "full"', 'Task Group: "api"', '  Task: "app"'].join('\n'));
  });

  it("a check's header changed shows that header alone, inside its check and service", async () => {
    const text = await planAgainstStored(FULL.replace('["prod"]', '["staging"]'));
    expect(text).toContain(['    +/- Check {', '          AddressMode:   ""'].join('\n'));
    expect(text).toContain(
      ['      +/- Header {', '        +/- X-Env[0]: "prod" => "staging"', '          }'].join('\n'),
    );
  });
});
