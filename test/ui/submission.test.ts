import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatGroupLine, planLines } from '../../src/result/plan.ts';
import { isHclText, splitScenario, type TabTexts } from '../../src/scenario/tabs.ts';
import { madeRunning, withText, withVariable } from '../../src/store/texts.ts';
import { readScenarioAsync } from '../../src/scenario/readAsync.ts';
import { splitDocument } from '../../src/share/documentText.ts';
import { submissionText } from '../../src/share/submissionDocument.ts';
import { handleRun, handleRunAsync } from '../../src/worker/handle.ts';
import { handleSimulate } from '../../src/worker/simulateHandle.ts';
import { runningState } from '../../src/ui/editor/runningState.ts';
import type { RunResponse } from '../../src/worker/protocol.ts';
import defaultScenario from '../../src/ui/defaultScenario.json';

// examples are every example scenario of the Examples menu, as written before the Running tab existed.
function examples(): Record<string, unknown>[] {
  const dir = new URL('../../src/examples/', import.meta.url);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as Record<string, unknown>);
}

const jobspec = readFileSync(new URL('../fixtures/hcl/operator-web.hcl', import.meta.url), 'utf8');

// A cluster that runs the fixture's job: five healthy allocations of it on three nodes.
const cluster = {
  Now: '2026-01-01T00:00:00Z',
  EvalID: 'eval-1',
  Nodes: ['n1', 'n2', 'n3'].map((ID) => ({ ID, Status: 'ready', Datacenter: 'dc1' })),
  Allocations: [0, 1, 2, 3, 4].map((i) => ({
    ID: `a${i}`,
    Name: `web.web[${i}]`,
    TaskGroup: 'web',
    NodeID: `n${(i % 3) + 1}`,
    ClientStatus: 'running',
    DeploymentStatus: { Healthy: true },
  })),
};
const hclTexts: TabTexts = { job: jobspec, cluster: JSON.stringify(cluster, null, 2) + '\n' };

let seq = 0;
const run = (texts: TabTexts) => handleRunAsync({ type: 'run', seq: ++seq, texts });

function ok(r: RunResponse) {
  if (r.type !== 'result' || !r.ok) throw new Error('expected a result: ' + JSON.stringify(r).slice(0, 400));
  return r;
}
const plan = (r: RunResponse) => planLines(ok(r).document).map(formatGroupLine);

describe('the running job and the submitted job', () => {
  it('reads every example as before while the Running tab has no text of its own, and the same with it', async () => {
    for (const doc of [defaultScenario, ...examples()]) {
      const texts = splitScenario(doc);
      const before = ok(handleRun({ type: 'run', seq: 1, texts }));
      const asItWas = ok(await run(texts));
      expect(asItWas.scenario).toEqual(before.scenario);
      expect(asItWas.submission).toBeUndefined();
      // The same job submitted over itself: nothing changes, and the scenario is the document's own.
      const same = ok(await run({ ...texts, running: texts.job }));
      expect(same.scenario).toEqual(before.scenario);
      expect(plan(same)).toEqual(plan(before));
      expect(same.submission?.submittedVersion).toBeNull();
    }
  });

  it('the first edit of the Job tab leaves the job it replaces running', () => {
    const texts = splitScenario(defaultScenario);
    const edited = withText(texts, 'job', texts.job.replace('"Count": 5', '"Count": 6'));
    expect(edited.running).toBe(texts.job);
    expect(withText(edited, 'job', texts.job).running).toBe(texts.job);
  });

  it('an HCL jobspec that its allocations run plans no change; an edit of its text is the next version', async () => {
    const same = ok(await run(hclTexts));
    expect(plan(same)).toEqual(['Task Group: "web" (5 ignore)']);

    const edited = withText(hclTexts, 'job', jobspec.replace('default     = "1.4.2"', 'default     = "1.5.0"'));
    const changed = ok(await run(edited));
    expect(changed.submission).toMatchObject({ runningVersion: 0, submittedVersion: 1 });
    // One canary first, as the update block asks.
    expect(plan(changed)).toEqual(['Task Group: "web" (1 canary, 5 ignore)']);
    // The diff compares the submitted version with the running one, not a version with itself.
    expect(changed.diff?.comparisons.map((c) => [c.version, c.diff.Type])).toEqual([[0, 'Edited']]);
  });

  it('the rollout films the submission: the canary of the new version, then waiting for promotion', async () => {
    const edited = withText(hclTexts, 'job', jobspec.replace('default     = "1.4.2"', 'default     = "1.5.0"'));
    const r = await handleSimulate({ type: 'simulate', seq: 1, texts: edited });
    if (!r.ok) throw new Error(r.message);
    const first = r.film.Steps[0]!;
    expect(first.Placed.map((p) => p.Canary)).toEqual([true]);
    expect(r.film.End.Status).toBe('waiting');
    const unchanged = await handleSimulate({ type: 'simulate', seq: 2, texts: { ...hclTexts, running: jobspec } });
    if (!unchanged.ok) throw new Error(unchanged.message);
    expect(unchanged.film.Steps.flatMap((s) => s.Placed)).toEqual([]);
  });

  it('a variable set in the Variables editor is a submission too, and the running job keeps its values', async () => {
    const set = withVariable(hclTexts, 'replicas', '6');
    if (!set.ok) throw new Error(set.message);
    expect(set.texts.running).toBe(jobspec);
    expect(JSON.parse(set.texts.cluster)).toMatchObject({
      JobSpecVariables: { replicas: '6' },
      RunningJobSpecVariables: {},
    });
    const r = ok(await run(set.texts));
    expect(r.submission).toMatchObject({ runningVersion: 0, submittedVersion: 1 });
    expect(plan(r)).toEqual(['Task Group: "web" (1 create, 5 in-place update)']);
  });

  it('Make this the running job: the allocations run it, and the plan is no change until the next edit', async () => {
    const texts = splitScenario(defaultScenario);
    const edited = withText(texts, 'job', texts.job.replace('"image": "nginx:1.27"', '"image": "nginx:1.28"'));
    expect(edited.job).not.toBe(texts.job);
    const r = ok(await run(edited));
    expect(r.submission?.submittedVersion).toBe(3);
    const made = madeRunning(edited, r.submission!);
    if (!made) throw new Error('expected texts');
    expect(made.running).toBe(made.job);
    const after = ok(await run(made));
    expect(after.submission?.submittedVersion).toBeNull();
    expect(after.scenario.Job.Version).toBe(3);
    // The allocations that ran version 2 run version 3: the plan is the one the example had before the edit.
    const before = ok(handleRun({ type: 'run', seq: 1, texts }));
    expect(plan(after)).toEqual(plan(before));
  });

  it('a link or file carries the submission and reads back into the same Running and Job tabs', async () => {
    const json = splitScenario(defaultScenario);
    const setVar = withVariable(hclTexts, 'image_tag', '1.5.0');
    if (!setVar.ok) throw new Error(setVar.message);
    const cases = [
      withText(hclTexts, 'job', jobspec.replace('count = var.replicas', 'count = 6')),
      setVar.texts,
      withText(json, 'job', json.job.replace('"image": "nginx:1.27"', '"image": "nginx:1.28"')),
    ];
    for (const texts of cases) {
      const r = ok(await run(texts));
      const text = submissionText(r.submission!.document, r.submission!.runningVersion);
      // Any tool reads the document as the plan shows it.
      const read = await readScenarioAsync(text);
      if (!read.ok) throw new Error(JSON.stringify(read.diagnostics));
      expect(read.scenario.Job.Version).toBe(r.submission!.submittedVersion);
      const back = splitDocument(text);
      if (!back) throw new Error('expected texts');
      // An HCL job comes back as written; a JSON one with the Version and indexes the submission gave it.
      if (isHclText(texts.job)) expect([back.job, back.running]).toEqual([texts.job, texts.running]);
      const again = ok(await run(back));
      expect(again.submission).toMatchObject({
        runningVersion: r.submission!.runningVersion,
        submittedVersion: r.submission!.submittedVersion,
      });
      expect(plan(again)).toEqual(plan(r));
    }
  });

  it('nothing contradicts the plan: the line under the tabs, the diff and the plan agree for every kind of edit', async () => {
    const setVar = withVariable(hclTexts, 'image_tag', '1.5.0');
    if (!setVar.ok) throw new Error(setVar.message);
    const cases: [string, TabTexts, RegExp][] = [
      ['as it runs', { ...hclTexts, running: jobspec }, /\(5 ignore\)/],
      ['an HCL count', withText(hclTexts, 'job', jobspec.replace('count = var.replicas', 'count = 6')), /1 create/],
      ['a variable', setVar.texts, /1 canary/],
      ['the image text', withText(hclTexts, 'job', jobspec.replace('/web:', '/web-next:')), /1 canary/],
    ];
    for (const [what, texts, expected] of cases) {
      const r = ok(await run(texts));
      const line = plan(r).join('\n');
      expect(line, what).toMatch(expected);
      const state = runningState(r.submission ?? null, r.scenario.Job.Version);
      const [compared] = r.diff?.comparisons ?? [];
      if (state.submitted === null) {
        // "Nothing is submitted": no update in the plan and none in the diff.
        expect(line, what).not.toMatch(/create|destroy|update|canary/);
        expect(compared?.diff.Type ?? 'None', what).toBe('None');
      } else {
        // "Submitted as version N over the running version M": the plan is of N, the diff compares N with M.
        expect(r.scenario.Job.Version, what).toBe(state.submitted);
        expect(r.diff?.version, what).toBe(state.submitted);
        expect(compared?.version, what).toBe(state.running);
        expect(compared?.diff.Type, what).toBe('Edited');
      }
    }
  });

  it('places problems of the running job in the Running tab and of the submitted job in the Job tab', async () => {
    const broken = ok(await run(hclTexts)) && (await run({ ...hclTexts, running: 'job "web" {' }));
    if (broken.type !== 'result' || broken.ok) throw new Error('expected problems');
    expect(broken.diagnostics.map((d) => d.tab)).toContain('running');
    const bad = await run({
      ...hclTexts,
      running: jobspec,
      job: jobspec.replace('count = var.replicas', 'count = "x"'),
    });
    if (bad.type !== 'result' || bad.ok) throw new Error('expected problems');
    expect(new Set(bad.diagnostics.map((d) => d.tab))).toEqual(new Set(['job']));
  });
});
