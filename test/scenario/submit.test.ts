// Submitting a job onto a cluster (src/scenario/submit/), as `nomad job
// plan JOBSPEC` does against a live one: the same job changes nothing, a
// changed one becomes the next version while the allocations keep running
// the old one, and mistakes are placed in the text they are in.

import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { runScenario } from '../../src/result/run.ts';
import { storedJob } from '../../src/jobspec/canonical/index.ts';
import { readJobSpec } from '../../src/jobspec/index.ts';
import { readScenarioValueAsync } from '../../src/scenario/readAsync.ts';
import { type SubmitResult, submitJob } from '../../src/scenario/submit/index.ts';
import { FIXED_OPTIONS } from './helpers.ts';

vi.setConfig({ testTimeout: 60_000 });

const SPEC = `variable "image_tag" {
  type    = string
  default = "1.4.2"
}

job "web" {
  datacenters = ["dc1"]

  group "web" {
    count = 3

    task "app" {
      driver = "docker"

      config {
        image = "example/web:\${var.image_tag}"
      }
    }
  }
}
`;

type Doc = Record<string, unknown>;

// cluster is three running allocations of the running job on two nodes; `job` is the document's Job or JobSpec fields.
function cluster(job: Doc, extra: Doc = {}): Doc {
  return {
    Name: 'three running',
    Now: '2026-01-01T00:00:00Z',
    EvalID: 'eval-1',
    ...job,
    Nodes: [
      { ID: 'n1', Status: 'ready' },
      { ID: 'n2', Status: 'ready' },
    ],
    Allocations: [0, 1, 2].map((i) => ({
      ID: `a${i}`,
      Name: `web.web[${i}]`,
      TaskGroup: 'web',
      NodeID: i === 1 ? 'n2' : 'n1',
      CreateIndex: 20 + i,
    })),
    ...extra,
  };
}

// storedSpec is the job SPEC gives with these variables, as Nomad stores it.
async function storedSpec(variables: Doc = {}): Promise<Doc> {
  const spec = await readJobSpec(SPEC, variables);
  return storedJob(spec.job) as Doc;
}

// runningJSON is SPEC's stored job registered as version 2 at index 12.
async function runningJSON(variables: Doc = {}): Promise<Doc> {
  return { ...(await storedSpec(variables)), Version: 2, JobModifyIndex: 12, ModifyIndex: 12, CreateIndex: 5 };
}

function ok(result: SubmitResult) {
  if (!result.ok)
    throw new Error('expected a scenario, got:\n' + JSON.stringify({ ...result, warnings: undefined }, null, 2));
  return result;
}

// counts are the reconciler's decisions for the group `web`.
function counts(result: SubmitResult) {
  return runScenario(ok(result).scenario).document.DesiredTGUpdates.web;
}

const json = (v: unknown) => JSON.stringify(v, null, 2);
const hclTag = (tag: string) => ({ text: SPEC, variables: { image_tag: tag } });

describe('submitJob with the job the cluster runs', () => {
  const dirs = ['test/fixtures/scenarios', 'src/examples'];
  const files = dirs.flatMap((d) =>
    readdirSync(d)
      .filter((f) => f.endsWith('.json'))
      .map((f) => `${d}/${f}`),
  );

  it.each(files)('%s: changes nothing, byte for byte', async (file) => {
    const text = readFileSync(file, 'utf8');
    const doc = JSON.parse(text) as Doc;
    const read = await readScenarioValueAsync(doc, FIXED_OPTIONS);
    if (!read.ok) return; // an invalid fixture has no running job to submit onto
    const submitted =
      typeof doc.JobSpec === 'string'
        ? { text: doc.JobSpec, variables: (doc.JobSpecVariables ?? {}) as Doc }
        : { text: json(doc.Job) };
    const result = ok(await submitJob(text, submitted, FIXED_OPTIONS));
    expect(result.changed).toBe(false);
    expect(result.text).toBe(text);
    expect(result.document).toEqual(doc);
  });

  it('reads the running job, as Nomad stored it, equal to its jobspec submitted again', async () => {
    const doc = cluster({ Job: await runningJSON() });
    const result = ok(await submitJob(doc, { text: SPEC }, FIXED_OPTIONS));
    expect(result.changed).toBe(false);
    expect(result.document).toBe(doc);
    expect(counts(result)).toMatchObject({ Ignore: 3, DestructiveUpdate: 0, InPlaceUpdate: 0 });
  });

  it('takes the fields Nomad sets itself, and nil spelled as null or [], for no change', async () => {
    const running = { ...(await runningJSON()), Status: 'running', SubmitTime: 1, Stable: true };
    const submitted = { ...(await storedSpec()), Constraints: [], Affinities: null, Version: 7 };
    const result = ok(await submitJob(cluster({ Job: running }), { text: json({ Job: submitted }) }, FIXED_OPTIONS));
    expect(result.changed).toBe(false);
  });
});

describe('submitJob with a changed job', () => {
  it('registers a changed image as the next version; the allocations keep the running one and are replaced', async () => {
    const running = await runningJSON();
    const result = ok(await submitJob(cluster({ Job: running }), hclTag('1.5.0'), FIXED_OPTIONS));
    expect(result.changed).toBe(true);
    const doc = result.document;
    expect(doc.Job).toBeUndefined();
    expect(doc.JobSpec).toBe(SPEC);
    expect(doc.JobSpecVariables).toEqual({ image_tag: '1.5.0' });
    expect(doc.JobVersions).toEqual([running]);
    expect((doc.Allocations as Doc[]).map((a) => a.JobVersion)).toEqual([2, 2, 2]);
    expect(result.scenario.Job.Version).toBe(3);
    expect(counts(result)).toMatchObject({ DestructiveUpdate: 1, Ignore: 2 });
    expect(JSON.parse(result.text)).toEqual(doc);
  });

  it('registers a changed count alone as a new version: the allocations are updated in place, one is placed', async () => {
    const running = await runningJSON();
    const submitted = structuredClone(running) as { TaskGroups: Doc[] };
    submitted.TaskGroups[0]!.Count = 4;
    const result = ok(await submitJob(cluster({ Job: running }), { text: json(submitted) }, FIXED_OPTIONS));
    expect(result.changed).toBe(true);
    expect(result.scenario.Job.Version).toBe(3);
    expect(counts(result)).toMatchObject({ Place: 1, InPlaceUpdate: 3, DestructiveUpdate: 0 });
  });

  it('gives a JobModifyIndex above every index the cluster carries', async () => {
    const doc = cluster(
      { Job: await runningJSON() },
      { Deployment: { ID: 'd1', JobVersion: 2, JobModifyIndex: 12, ModifyIndex: 40, Status: 'successful' } },
    );
    (doc.Allocations as Doc[])[2]!.ModifyIndex = 55;
    const result = ok(await submitJob(doc, hclTag('1.5.0'), FIXED_OPTIONS));
    expect(result.scenario.Job.JobModifyIndex).toBe(56);
    const submitted = { ...(await storedSpec({ image_tag: '1.5.0' })), Version: 0, JobModifyIndex: 1 };
    const fromJson = ok(await submitJob(doc, { text: json(submitted) }, FIXED_OPTIONS));
    expect(fromJson.scenario.Job).toMatchObject({ Version: 3, JobModifyIndex: 56, ModifyIndex: 56 });
  });

  it('leaves alone the allocations that name their version or carry their job', async () => {
    const running = await runningJSON();
    const old = { ...running, Version: 1, JobModifyIndex: 8, ModifyIndex: 8 };
    const doc = cluster({ Job: running }, { JobVersions: [old] });
    const allocations = doc.Allocations as Doc[];
    allocations[0]!.JobVersion = 1;
    allocations[1]!.Job = old;
    const result = ok(await submitJob(doc, hclTag('1.5.0'), FIXED_OPTIONS));
    const after = result.document.Allocations as Doc[];
    expect(after.map((a) => a.JobVersion)).toEqual([1, undefined, 2]);
    expect(after[1]!.Job).toBe(old);
    expect(result.document.JobVersions).toEqual([old, running]);
  });

  it('marks a submitted job that was stable as not stable yet', async () => {
    const running = { ...(await runningJSON()), Stable: true };
    const submitted = { ...running, Priority: 70 };
    const result = ok(await submitJob(cluster({ Job: running }), { text: json(submitted) }, FIXED_OPTIONS));
    expect((result.document.Job as Doc).Stable).toBe(false);
    expect((result.document.JobVersions as Doc[])[0]!.Stable).toBe(true);
  });
});

describe('submitJob in HCL and JSON', () => {
  // Each way the running job and the submitted job can be written, with image_tag 1.4.2 running.
  const runningAs = {
    hcl: async (): Promise<Doc> => ({ JobSpec: SPEC, JobSpecVariables: { image_tag: '1.4.2' } }),
    json: async (): Promise<Doc> => ({ Job: await runningJSON() }),
  };
  const submittedAs = {
    hcl: async (tag: string) => hclTag(tag),
    json: async (tag: string) => ({ text: json({ Job: await storedSpec({ image_tag: tag }) }) }),
  };
  const ways = (['hcl', 'json'] as const).flatMap((r) => (['hcl', 'json'] as const).map((s) => [r, s] as const));

  it.each(ways)('running %s, submitted %s: the same job changes nothing', async (r, s) => {
    const doc = cluster(await runningAs[r]());
    const result = ok(await submitJob(json(doc), await submittedAs[s]('1.4.2'), FIXED_OPTIONS));
    expect(result.changed).toBe(false);
    expect(result.text).toBe(json(doc));
  });

  it.each(ways)('running %s, submitted %s: a new image is the next version, replacing', async (r, s) => {
    const doc = cluster(await runningAs[r]());
    const result = ok(await submitJob(json(doc), await submittedAs[s]('1.5.0'), FIXED_OPTIONS));
    expect(result.changed).toBe(true);
    const version = r === 'hcl' ? 0 : 2;
    expect(result.scenario.Job.Version).toBe(version + 1);
    expect(result.scenario.JobVersions.map((j) => j.Version)).toEqual([version]);
    expect(result.scenario.Allocations.map((a) => a.Job.Version)).toEqual([version, version, version]);
    expect(counts(result)).toMatchObject({ DestructiveUpdate: 1, Ignore: 2 });
    if (r === 'hcl') {
      expect(result.document.RunningJobSpec).toBe(SPEC);
      expect(result.document.RunningJobSpecVariables).toEqual({ image_tag: '1.4.2' });
    } else {
      expect(result.document.RunningJobSpec).toBeUndefined();
    }
    expect(s === 'hcl' ? result.document.JobSpec : result.document.Job).toBeDefined();
  });

  it('keeps the running jobspec numbered as it was read, with its own variables', async () => {
    const result = ok(
      await submitJob(
        cluster({ JobSpec: SPEC, JobSpecVariables: { image_tag: '1.4.2' } }),
        hclTag('1.5.0'),
        FIXED_OPTIONS,
      ),
    );
    const [entry] = result.document.JobVersions as Doc[];
    expect(entry).toMatchObject({ ID: 'web', Version: 0, JobModifyIndex: 0 });
    expect(JSON.stringify(entry)).toContain('example/web:1.4.2');
    expect(result.scenario.Job.JobModifyIndex).toBe(23);
  });

  it('submits onto a result again: the newest version runs nowhere yet, the pinned allocations stay', async () => {
    const first = ok(await submitJob(cluster({ Job: await runningJSON() }), hclTag('1.5.0'), FIXED_OPTIONS));
    const second = ok(await submitJob(first.text, hclTag('1.6.0'), FIXED_OPTIONS));
    expect(second.scenario.Job.Version).toBe(4);
    expect(second.scenario.JobVersions.map((j) => j.Version)).toEqual([2, 3]);
    expect(second.scenario.Allocations.map((a) => a.Job.Version)).toEqual([2, 2, 2]);
    expect(second.document.RunningJobSpec).toBe(SPEC);
    expect(second.document.RunningJobSpecVariables).toEqual({ image_tag: '1.5.0' });
  });
});

describe('submitJob with mistakes', () => {
  it('places an HCL error in the submitted jobspec, not in the cluster', async () => {
    const broken = SPEC.replace('count = 3', 'count = ');
    const result = await submitJob(cluster({ Job: await runningJSON() }), { text: broken }, FIXED_OPTIONS);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.cluster).toEqual([]);
    expect(result.submitted[0]).toMatchObject({ line: 10 });
  });

  it('places a JSON job error at its path in the submitted text, wrapped or not', async () => {
    const running = await runningJSON();
    const bad = structuredClone(running) as { TaskGroups: Doc[] };
    bad.TaskGroups[0]!.Count = 'three';
    for (const [text, path] of [
      [json(bad), 'TaskGroups[0].Count'],
      [json({ Job: bad }), 'Job.TaskGroups[0].Count'],
    ] as const) {
      const result = await submitJob(cluster({ Job: running }), { text }, FIXED_OPTIONS);
      if (result.ok) throw new Error('expected the submitted job to be rejected');
      expect(result.cluster).toEqual([]);
      expect(result.submitted).toHaveLength(1);
      const line = text.split('\n').findIndex((l) => l.includes('"three"')) + 1;
      expect(result.submitted[0]).toMatchObject({ path, line });
    }
  });

  it('places a JSON syntax error in the submitted text', async () => {
    const result = await submitJob(cluster({ Job: await runningJSON() }), { text: '{\n  "ID": }' }, FIXED_OPTIONS);
    if (result.ok) throw new Error('expected the submitted job to be rejected');
    expect(result.submitted[0]).toMatchObject({ line: 2 });
  });

  it('rejects a job of another ID, at its ID', async () => {
    const other = SPEC.replace('job "web"', 'job "api"');
    const result = await submitJob(cluster({ Job: await runningJSON() }), { text: other }, FIXED_OPTIONS);
    if (result.ok) throw new Error('expected the submitted job to be rejected');
    expect(result.submitted[0]?.message).toMatch(/"api".*"web"/);
    expect(result.submitted[0]).toMatchObject({ line: 6 });
  });

  it('places a cluster error in the cluster, and still reads the submitted job', async () => {
    const doc = cluster({ Job: await runningJSON() });
    (doc.Allocations as Doc[])[1]!.ClientStatus = 'sleeping';
    const result = await submitJob(json(doc), { text: 'job "web" {' }, FIXED_OPTIONS);
    if (result.ok) throw new Error('expected a rejection');
    expect(result.cluster.map((d) => d.path)).toEqual(['Allocations[1].ClientStatus']);
    expect(result.cluster[0]?.line).toBeGreaterThan(1);
    expect(result.submitted.length).toBeGreaterThan(0);
  });
});
