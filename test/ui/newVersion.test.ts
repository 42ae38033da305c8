// A job edited without a new JobModifyIndex: found, and submitted as a new
// version in one step, the rest of the text kept as typed.

import { describe, expect, it } from 'vitest';
import { handleRun } from '../../src/worker/handle.ts';
import type { TabTexts } from '../../src/scenario/tabs.ts';
import { findStaleIndex, nextBaseline, submitAsNewVersion } from '../../src/ui/traps/newVersion.ts';
import { runScenario } from '../../src/result/run.ts';

const job = (image: string) => `{
  "ID": "web",
  "Version": 3,
  "JobModifyIndex": 40,
  "TaskGroups": [
    { "Name": "web", "Count": 2, "Tasks": [ { "Name": "app", "Driver": "docker", "Config": { "image": "${image}" } } ] }
  ]
}
`;
const cluster = `{
  "Now": "2026-01-01T00:00:00Z",
  "EvalID": "e",
  "Nodes": [ { "ID": "n1", "Status": "ready" } ],
  "Allocations": [
    { "ID": "a0", "Name": "web.web[0]", "TaskGroup": "web", "NodeID": "n1" },
    { "ID": "a1", "Name": "web.web[1]", "TaskGroup": "web", "NodeID": "n1" }
  ]
}
`;

function scenarioOf(texts: TabTexts) {
  const r = handleRun({ type: 'run', seq: 1, texts });
  if (r.type !== 'result' || !r.ok) throw new Error('expected a scenario');
  return r.scenario;
}

describe('an edit that keeps the JobModifyIndex', () => {
  const before = { job: job('web:1'), cluster };
  const after = { job: job('web:2'), cluster };

  it('is found against the job as it was, and not before anything changed', () => {
    const baseline = nextBaseline(null, before, scenarioOf(before));
    expect(findStaleIndex(scenarioOf(before), baseline)).toBeNull();
    const edited = scenarioOf(after);
    const kept = nextBaseline(baseline, after, edited);
    expect(kept).toBe(baseline);
    expect(findStaleIndex(edited, kept)).toMatchObject({ jobModifyIndex: 40, allocations: 2 });
    // As written, the reconciler sees nothing to do.
    expect(runScenario(edited).document.DesiredTGUpdates.web).toMatchObject({ Ignore: 2, DestructiveUpdate: 0 });
  });

  it('submitted as a new version, becomes a destructive update of both allocations', () => {
    const baseline = nextBaseline(null, before, scenarioOf(before));
    const edited = scenarioOf(after);
    const stale = findStaleIndex(edited, nextBaseline(baseline, after, edited))!;
    const next = submitAsNewVersion(after, edited, stale)!;
    const fixed = scenarioOf(next);
    expect([
      fixed.Job.Version,
      fixed.Job.JobModifyIndex,
      fixed.JobVersions.map((v) => [v.Version, v.JobModifyIndex]),
    ]).toEqual([4, 41, [[3, 40]]]);
    expect(fixed.Allocations.map((a) => a.Job.Version)).toEqual([3, 3]);
    expect(runScenario(fixed).document.DesiredTGUpdates.web).toMatchObject({ DestructiveUpdate: 2 });
    // The job's own text keeps its layout; only the three fields change.
    expect(next.job).toContain('"image": "web:2"');
    expect(next.job.split('\n')[0]).toBe('{');
    expect(findStaleIndex(fixed, nextBaseline(baseline, next, fixed))).toBeNull();
  });

  it('is found without a baseline when a version with the same JobModifyIndex differs', () => {
    const versioned = {
      job: job('web:2'),
      cluster: cluster
        .replace('"Nodes"', `"JobVersions": [ ${job('web:1').replace('"Version": 3', '"Version": 2')} ],\n  "Nodes"`)
        .replaceAll('"TaskGroup": "web",', '"TaskGroup": "web", "JobVersion": 2,'),
    };
    const s = scenarioOf(versioned);
    const stale = findStaleIndex(s, null);
    expect(stale).toMatchObject({ jobModifyIndex: 40, baseline: null, allocations: 2 });
    const fixed = scenarioOf(submitAsNewVersion(versioned, s, stale!)!);
    expect([fixed.Job.Version, fixed.Job.JobModifyIndex]).toEqual([4, 41]);
    expect(runScenario(fixed).document.DesiredTGUpdates.web).toMatchObject({ DestructiveUpdate: 2 });
  });

  it('keeps a `nomad job inspect` wrapper in the Job tab', () => {
    const wrap = (t: string) => `{ "Job": ${t} }`;
    const b = { job: wrap(job('web:1')), cluster };
    const a = { job: wrap(job('web:2')), cluster };
    const edited = scenarioOf(a);
    const stale = findStaleIndex(edited, nextBaseline(nextBaseline(null, b, scenarioOf(b)), a, edited))!;
    const next = submitAsNewVersion(a, edited, stale)!;
    expect(JSON.parse(next.job).Job.Version).toBe(4);
    expect(scenarioOf(next).JobVersions[0]!.Version).toBe(3);
  });
});
