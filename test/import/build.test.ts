// Building a scenario from a cluster's API bodies, written as Nomad's API
// documentation shows them (test/fixtures/import): list stubs and whole
// objects, every wrapper, and the notes on what is missing.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildImport } from '../../src/import/build.ts';
import { describeSummary, summarizeImport } from '../../src/import/summary.ts';
import { readScenarioValue } from '../../src/scenario/read.ts';
import { runScenario } from '../../src/result/run.ts';

const body = (name: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/import/${name}.json`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;
const NOW = '2020-06-10T12:30:00Z';
const all = () => ({
  now: NOW,
  job: body('job'),
  versions: body('versions'),
  allocations: body('allocations'),
  nodes: body('nodes'),
  deployment: body('deployment'),
});

// The parts of a built document these tests look at.
interface BuiltAllocation {
  ID: string;
  JobVersion: number;
  NodeID: string;
  DeploymentID?: string;
  TaskStates: { server: object };
}
interface BuiltDocument {
  Now: string;
  Job: { ID: string; Version: number };
  JobVersions: { Version: number }[];
  Allocations: BuiltAllocation[];
  Deployment: unknown;
}
const documentOf = (r: { document: unknown }) => r.document as BuiltDocument;

function built(inputs: Parameters<typeof buildImport>[0]) {
  const r = buildImport(inputs);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r;
}

describe('buildImport', () => {
  it('makes a scenario the reader accepts and the reconciler runs, from stubs and list bodies', () => {
    const r = built(all());
    const doc = documentOf(r);
    expect(doc.Now).toBe(NOW);
    expect(doc.Job.Version).toBe(2);
    // GET /v1/job/:id/versions includes the current version: only the earlier ones are JobVersions.
    expect(doc.JobVersions.map((v) => v.Version)).toEqual([1]);
    expect(doc.Allocations.map((a) => [a.ID.slice(0, 4), a.JobVersion, a.NodeID.slice(0, 4)])).toEqual([
      ['5a9c', 1, 'c0a8'],
      ['e4d3', 2, 'c0a8'],
      ['7b7b', 1, 'd4e5'],
    ]);
    // Task states keep what the reader reads, not their event history.
    expect(Object.keys(doc.Allocations[0]!.TaskStates.server).sort()).toEqual(['Failed', 'FinishedAt', 'State']);
    const read = readScenarioValue(doc);
    if (!read.ok) throw new Error(JSON.stringify(read.diagnostics));
    // The stub on a node that is not given is flagged by the reader too.
    expect(read.warnings?.map((w) => [w.code, w.path])).toEqual([['unknown-node', 'Allocations[2].NodeID']]);
    expect(runScenario(read.scenario).document.DesiredTGUpdates).toHaveProperty('frontend');
  });

  it('notes that stubs lack fields, infers the deployment of its own version’s allocations, and flags allocations on unknown nodes', () => {
    const r = built(all());
    expect(r.notes.map((n) => n.code)).toEqual(['stub-allocations', 'deployment-inferred', 'missing-nodes']);
    expect(r.notes[2]!.message).toBe(
      '1 allocation is on nodes not in the nodes given: Nomad treats such a node as garbage-collected, so it is lost.',
    );
    const doc = documentOf(r);
    expect(doc.Allocations.map((a) => a.DeploymentID ?? null)).toEqual([
      null,
      '9a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9',
      null,
    ]);
  });

  it('takes whole allocations (GET /v1/allocation/:id) and drops their inline job where a version says the same', () => {
    const r = built({ ...all(), allocations: body('allocations-full') });
    const doc = documentOf(r);
    expect(r.notes.map((n) => n.code)).toEqual([]);
    expect(doc.Allocations.map((a) => [a.JobVersion, 'Job' in a, a.DeploymentID])).toEqual([
      [1, false, '8f3b2c1e-4a5d-6e7f-8091-a2b3c4d5e6f7'],
      [2, false, '9a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9'],
    ]);
  });

  it('keeps an inline job whose version is not among those given', () => {
    const r = built({ now: NOW, job: body('job'), allocations: body('allocations-full'), nodes: body('nodes') });
    expect(documentOf(r).Allocations.map((a) => 'Job' in a)).toEqual([true, false]);
  });

  it('reads `nomad job inspect` output as the job, a plain list as the versions, and a null deployment as none', () => {
    const r = built({ now: NOW, job: { Job: body('job') }, versions: body('versions').Versions, deployment: null });
    expect(documentOf(r).Job.ID).toBe('web');
    expect(documentOf(r).JobVersions).toHaveLength(1);
    expect(documentOf(r).Deployment).toBeNull();
  });

  it('without a job takes the highest version, and says so', () => {
    const r = built({ now: NOW, versions: body('versions') });
    expect(documentOf(r).Job.Version).toBe(2);
    expect(r.notes.map((n) => n.code)).toEqual(['job-from-versions']);
  });

  it('without nodes says that every allocation would be lost', () => {
    const r = built({ now: NOW, job: body('job'), allocations: body('allocations') });
    expect(r.notes.map((n) => n.code)).toContain('no-nodes');
  });

  it('reports each body that is not what it should be, at its path', () => {
    const r = buildImport({
      now: NOW,
      job: [1],
      versions: { Versions: [1] },
      allocations: { ID: 'x' },
      nodes: [{ Name: 'n' }],
      deployment: 'x',
    });
    expect(r.ok ? [] : r.problems).toEqual([
      { source: 'job', path: '', message: expect.stringContaining('GET /v1/job/:id') },
      { source: 'versions', path: 'Versions[0]', message: 'expected a job object' },
      { source: 'allocations', path: '', message: expect.stringContaining('GET /v1/job/:id/allocations') },
      { source: 'nodes', path: '[0].ID', message: 'expected the node’s ID, a string' },
      { source: 'deployment', path: '', message: expect.stringContaining('GET /v1/job/:id/deployment') },
    ]);
    expect(buildImport({ now: NOW }).ok).toBe(false);
  });

  it('traces a path of the document back to the body and the place in it', () => {
    const r = built({ ...all(), job: { Job: body('job') } });
    expect(r.origin('Job.TaskGroups[0].Count')).toEqual({ source: 'job', path: 'Job.TaskGroups[0].Count' });
    expect(r.origin('JobVersions[0].Priority')).toEqual({ source: 'versions', path: 'Versions[1].Priority' });
    expect(r.origin('Allocations[2].ClientStatus')).toEqual({ source: 'allocations', path: '[2].ClientStatus' });
    expect(r.origin('Deployment.Status')).toEqual({ source: 'deployment', path: 'Status' });
    expect(r.origin('Now')).toBeNull();
  });
});

describe('summarizeImport', () => {
  it('counts versions, allocations by status on how many nodes, and the deployment', () => {
    const s = summarizeImport(built(all()).document);
    expect(s).toEqual({
      jobID: 'web',
      version: 2,
      versions: [2, 1],
      allocations: 3,
      byClientStatus: [['running', 3]],
      allocationNodes: 2,
      nodes: 1,
      deployment: { id: '9a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9', status: 'running', jobVersion: 2 },
    });
    expect(describeSummary(s)).toEqual([
      'Job "web", version 2; versions 2, 1.',
      '3 allocations (3 running) on 2 nodes; 1 node given.',
      'Deployment 9a1b2c3d of version 2: running.',
    ]);
  });
});
