// clusterFor: a cluster made for a job, running it as Nomad would have
// placed it, that reads cleanly and reconciles to no change, but for what a
// draining or down node causes.

import { describe, expect, it, vi } from 'vitest';
import { runScenario } from '../../src/result/run.ts';
import { type ClusterResult, clusterFor } from '../../src/simulator/clusterFor.ts';
import { simulate } from '../../src/simulator/simulate.ts';
import { submitJob } from '../../src/scenario/submit/index.ts';
import { storedJob } from '../../src/jobspec/canonical/index.ts';
import { readJobSpec } from '../../src/jobspec/index.ts';
import { readScenarioValueAsync } from '../../src/scenario/readAsync.ts';
import { joinTabs } from '../../src/scenario/tabs.ts';

vi.setConfig({ testTimeout: 60_000 });

const SPEC = `variable "image_tag" {
  type    = string
  default = "1.4.2"
}

job "shop" {
  datacenters = ["dc1", "dc2"]

  update {
    max_parallel = 2
    canary       = 1
    auto_promote = false
  }

  group "api" {
    count = 5

    migrate {
      max_parallel = 1
    }

    task "app" {
      driver = "docker"

      config {
        image = "example/shop:\${var.image_tag}"
      }

      resources {
        cpu    = 500
        memory = 256
      }
    }
  }
}
`;

function ok(result: ClusterResult) {
  if (!result.ok) throw new Error(JSON.stringify(result, null, 2));
  return result;
}

// decisions is what the reconciler decides for group api on the cluster.
function decisions(result: ClusterResult) {
  return runScenario(ok(result).scenario).document.DesiredTGUpdates.api;
}

const NO_CHANGE = { Ignore: 5, Place: 0, Migrate: 0, Stop: 0, InPlaceUpdate: 0, DestructiveUpdate: 0, Canary: 0 };

describe('clusterFor', () => {
  it('runs a jobspec on ready nodes of its datacenters, every allocation healthy and the deployment successful', async () => {
    const result = ok(await clusterFor({ text: SPEC, variables: { image_tag: '1.5.0' } }));
    const s = result.scenario;
    expect(s.Nodes.map((n) => [n.ID, n.Datacenter, n.Status, n.SchedulingEligibility, n.Drain])).toEqual([
      ['node-1', 'dc1', 'ready', 'eligible', false],
      ['node-2', 'dc2', 'ready', 'eligible', false],
      ['node-3', 'dc1', 'ready', 'eligible', false],
    ]);
    expect(s.Allocations.map((a) => a.Name).sort()).toEqual([0, 1, 2, 3, 4].map((i) => `shop.api[${i}]`));
    for (const a of s.Allocations) {
      expect([a.ClientStatus, a.DesiredStatus, a.DeploymentStatus?.Healthy, a.Job]).toEqual([
        'running',
        'run',
        true,
        s.Job,
      ]);
      expect(a.DeploymentID).toBe(s.Deployment?.ID);
    }
    expect(s.Deployment).toMatchObject({ Status: 'successful', JobVersion: 0 });
    expect(JSON.stringify(s.Job)).toContain('example/shop:1.5.0');
    expect(decisions(result)).toEqual(NO_CHANGE);
  });

  it('spreads the allocations over the nodes as the placement does, against bin packing alone', async () => {
    const result = ok(await clusterFor({ text: SPEC }));
    const perNode = new Map<string, number>();
    for (const a of result.scenario.Allocations) perNode.set(a.NodeID, (perNode.get(a.NodeID) ?? 0) + 1);
    expect([...perNode.values()].sort()).toEqual([1, 2, 2]);
  });

  it('gives texts for the tabs: the job unchanged, the cluster as JSON, which read back clean', async () => {
    const result = ok(await clusterFor({ text: SPEC, variables: { image_tag: '1.5.0' } }));
    expect(result.texts.job).toBe(SPEC);
    const joined = joinTabs(result.texts);
    if (!joined.ok) throw new Error('the tabs do not join');
    expect(joined.document).toEqual(result.document);
    expect(JSON.parse(result.text)).toEqual(result.document);
    const read = await readScenarioValueAsync(JSON.parse(result.text));
    expect(read.ok).toBe(true);
    expect(read.warnings).toBeUndefined();
    if (read.ok) expect(runScenario(read.scenario).document.DesiredTGUpdates.api).toEqual(NO_CHANGE);
  });

  it('takes the job as API JSON, wrapped, and keeps its version and text', async () => {
    const stored = storedJob((await readJobSpec(SPEC)).job) as Record<string, unknown>;
    const text = JSON.stringify({ Job: { ...stored, Version: 4 } }, null, 2);
    const result = ok(await clusterFor({ text }, { nodes: 2 }));
    expect(result.texts.job).toBe(text);
    expect(result.scenario.Job.Version).toBe(4);
    expect(result.scenario.Deployment?.JobVersion).toBe(4);
    expect(result.scenario.Nodes).toHaveLength(2);
    expect(decisions(result)).toEqual(NO_CHANGE);
  });

  it('puts the nodes in the datacenters asked for, and sizes them for a large job', async () => {
    const big = SPEC.replace('cpu    = 500', 'cpu    = 4000').replace('memory = 256', 'memory = 6000');
    const result = ok(await clusterFor({ text: big }, { nodes: 4, datacenters: ['dc2'] }));
    expect(result.scenario.Nodes.map((n) => n.Datacenter)).toEqual(['dc2', 'dc2', 'dc2', 'dc2']);
    // Twice the job (5 × 4000 MHz, 5 × 6000 MB) over three nodes, in whole steps.
    expect(result.scenario.Nodes[0]!.NodeResources).toEqual({ CpuShares: 14000, MemoryMB: 20480, DiskMB: 51200 });
    expect(decisions(result)).toEqual(NO_CHANGE);
  });

  it('drains a node: the drainer has marked as many of its allocations as migrate.max_parallel allows', async () => {
    const result = ok(await clusterFor({ text: SPEC }, { drain: 1 }));
    const node = result.scenario.Nodes[0]!;
    expect([node.Drain, node.SchedulingEligibility, node.Status]).toEqual([true, 'ineligible', 'ready']);
    const onNode = result.scenario.Allocations.filter((a) => a.NodeID === node.ID);
    expect(onNode.length).toBeGreaterThan(0);
    expect(onNode.filter((a) => a.DesiredTransition.Migrate === true)).toHaveLength(1);
    expect((result.document.Nodes as Record<string, unknown>[])[0]!.DrainStrategy).toMatchObject({
      Deadline: 3_600_000_000_000,
    });
    expect(decisions(result)).toMatchObject({ Migrate: 1, Ignore: 4 });
  });

  it('takes a node down: its allocations are as their client last reported them, and are lost', async () => {
    const result = ok(await clusterFor({ text: SPEC }, { down: 2 }));
    const node = result.scenario.Nodes[1]!;
    expect(node.Status).toBe('down');
    const onNode = result.scenario.Allocations.filter((a) => a.NodeID === node.ID);
    expect(onNode.map((a) => [a.ClientStatus, a.DesiredTransition.Migrate])).toEqual(
      onNode.map(() => ['running', null]),
    );
    expect(decisions(result)).toMatchObject({ Stop: onNode.length, Place: onNode.length });
  });

  it('rolls out a new version on it with allocation IDs of its own: the simulator skips the IDs the cluster has', async () => {
    const made = ok(await clusterFor({ text: SPEC }));
    const submitted = await submitJob(made.text, { text: SPEC, variables: { image_tag: '1.5.0' } });
    if (!submitted.ok) throw new Error('expected a scenario');
    const film = simulate(submitted.scenario, [{ After: 2, Kind: 'deployment-promote' }], { trace: false });
    const before = new Set(made.scenario.Allocations.map((a) => a.ID));
    const placed = film.Steps.flatMap((step) => step.Placed.map((p) => p.AllocID));
    expect(placed.length).toBeGreaterThan(0);
    expect(placed.filter((id) => before.has(id))).toEqual([]);
    const ids = film.End.Scenario.Allocations.map((a) => a.ID);
    expect(new Set(ids).size).toBe(ids.length);
    expect(film.End.Deployment?.ID).not.toBe(made.scenario.Deployment?.ID);
  });

  it('says what is wrong with the options', async () => {
    const result = await clusterFor({ text: SPEC }, { nodes: 0, drain: 1, down: 1, datacenters: ['eu'] });
    if (result.ok) throw new Error('expected problems');
    expect(result.problems.join('\n')).toMatch(/from 1 to 100, got 0/);
    expect(result.problems.join('\n')).toMatch(/not both/);
    expect(result.problems.join('\n')).toMatch(/runs in dc1, dc2: nodes in eu/);
  });

  it('places a mistake in the job text', async () => {
    const result = await clusterFor({ text: SPEC.replace('count = 5', 'count = "five"') });
    if (result.ok) throw new Error('expected a diagnostic');
    const line = SPEC.split('\n').findIndex((l) => l.includes('count = 5')) + 1;
    expect(result.diagnostics[0]).toMatchObject({ line });
    const json = await clusterFor({ text: '{\n  "ID": "x",\n  "TaskGroups": 3\n}' });
    if (json.ok) throw new Error('expected a diagnostic');
    expect(json.diagnostics[0]).toMatchObject({ path: 'TaskGroups' });
  });
});
