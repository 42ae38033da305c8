import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
// Whole rollouts, step by step, against what Nomad documents and what its
// code at dccea99f7e does: each step is one evaluation, and the assertions
// follow the evaluations a Nomad cluster would run for the same story.

import { describe, expect, it } from 'vitest';
import { isHealthy } from '../../src/engine/structs.ts';
import { at, counts, liveAllocs, loadRollout, runRollout, triggers } from './helpers.ts';

describe('a 5-allocation service with 2 canaries', () => {
  const { film } = loadRollout('canary-promote');

  it('places two canaries beside the old version and waits for promotion', () => {
    const [first, second] = film.Steps;
    expect(first!.TriggeredBy).toBe('scenario');
    expect(counts(first!)).toEqual({ Canary: 2, Ignore: 5 });
    expect(first!.Document.Deployment).toMatchObject({
      JobVersion: 1,
      StatusDescription: 'Deployment is running but requires manual promotion',
    });
    expect(first!.Placed.map((p) => [p.Name, p.Canary])).toEqual([
      ['web.web[0]', true],
      ['web.web[1]', true],
    ]);
    // Pending for 0.23s (the median start-up on a real cluster), then min_healthy_time 10s:
    // healthy at 10.23s; the watcher's evaluation is made 1s later and committed 0.25s after that.
    expect(second!.Time).toBe(at('2026-01-01T00:00:11.48Z'));
    expect(second!.TriggeredBy).toBe('deployment-watcher');
    expect(second!.Happenings.map((h) => h.Text)).toContain('web.web[0] is healthy');
    // The same happening as typed facts, which the Rollout tab's words are made from.
    expect(second!.Happenings.find((h) => h.Text === 'web.web[0] is healthy')).toMatchObject({
      Kind: 'alloc-healthy',
      AllocID: first!.Placed[0]!.AllocID,
      Name: 'web.web[0]',
      JobVersion: 1,
    });
    expect(counts(second!)).toEqual({ Ignore: 7 });
  });

  it('after promotion replaces the old allocations one at a time (max_parallel 1) and succeeds', () => {
    const rest = film.Steps.slice(2);
    expect(rest.map((s) => s.TriggeredBy)).toEqual(Array(4).fill('deployment-watcher'));
    expect(rest[0]!.Why).toBe('the deployment was promoted');
    // The promoted canaries take over web[0] and web[1]: their old allocations stop;
    // one more old allocation is replaced per evaluation.
    expect(counts(rest[0]!)).toEqual({ DestructiveUpdate: 1, Stop: 2, Ignore: 4 });
    expect(counts(rest[1]!)).toEqual({ DestructiveUpdate: 1, Ignore: 4 });
    expect(counts(rest[2]!)).toEqual({ DestructiveUpdate: 1, Ignore: 4 });
    expect(counts(rest[3]!)).toEqual({ Ignore: 5 });
    // Each rolling step takes start-up + min_healthy_time + the watcher's 1.25s: 11.48s.
    expect(rest.map((s) => s.Time)).toEqual(
      ['00:00:11.48', '00:00:22.96', '00:00:34.44', '00:00:45.92'].map((t) => at(`2026-01-01T${t}Z`)),
    );
    expect(rest[3]!.Document.DeploymentUpdates).toEqual([
      {
        DeploymentID: film.Steps[0]!.Document.Deployment!.ID,
        Status: 'successful',
        StatusDescription: 'Deployment completed successfully',
      },
    ]);
    expect(film.End.Status).toBe('settled');
    expect(film.End.Deployment).toMatchObject({ JobVersion: 1, Status: 'successful' });
    const live = liveAllocs(film);
    expect(live).toHaveLength(5);
    expect(
      live.every((a) => a.Job.Version === 1 && a.ClientStatus === 'running' && isHealthy(a.DeploymentStatus)),
    ).toBe(true);
    expect(live.map((a) => a.Name).sort()).toEqual([0, 1, 2, 3, 4].map((i) => `web.web[${i}]`));
  });

  it('without promotion stops and says why', () => {
    const { film: waiting } = runRollout(loadRollout('canary-promote').document, []);
    expect(waiting.Steps).toHaveLength(2);
    expect(waiting.End).toMatchObject({
      Status: 'waiting',
      Reason: 'the canaries wait for promotion: promote the deployment to go on',
    });
  });

  it('replays to the same film, IDs included', () => {
    const again = loadRollout('canary-promote').film;
    expect(JSON.stringify(again.Steps.map((s) => [s.Document, s.Placed, s.Happenings]))).toBe(
      JSON.stringify(film.Steps.map((s) => [s.Document, s.Placed, s.Happenings])),
    );
  });
});

describe('a failing canary with auto_revert', () => {
  it('is unhealthy at its healthy deadline and the progress deadline fails and reverts the deployment', () => {
    const { film } = loadRollout('canary-auto-revert');
    expect(triggers(film)).toEqual(['scenario', 'deployment-watcher', 'deployment-watcher', 'deployment-watcher']);
    const [first, unhealthy, failed, done] = film.Steps;
    expect(counts(first!)).toEqual({ Canary: 1, Ignore: 5 });
    // healthy_deadline 5m: unhealthy; with a progress deadline the watcher lets it be replaced
    // instead of failing, in its batch 1.25s later.
    expect(unhealthy!.Time).toBe(at('2026-01-01T00:05:01.25Z'));
    expect(unhealthy!.Happenings.map((h) => h.Text)).toEqual(
      expect.arrayContaining([
        'web.web[0] is unhealthy: its healthy deadline passed',
        'the deployment watcher allows web.web[0] to be replaced',
      ]),
    );
    // Nothing healthy since the canary was placed: the 10m progress deadline fails the deployment.
    expect(failed!.Time).toBe(at('2026-01-01T00:10:00Z'));
    expect(failed!.Happenings.map((h) => h.Text)).toContain(
      'deployment failed: Failed due to progress deadline - rolling back to job version 0',
    );
    // Version 2 is version 0 again: the old allocations are updated in place, the canary stopped.
    expect(failed!.Scenario.Job.Version).toBe(2);
    expect(counts(failed!)).toEqual({ InPlaceUpdate: 5, Stop: 1 });
    expect(failed!.Scenario.Deployment).toMatchObject({ Status: 'failed', JobVersion: 1 });
    expect(done!.Document.DeploymentUpdates[0]).toMatchObject({ Status: 'successful' });
    expect(liveAllocs(film).map((a) => a.Job.Version)).toEqual([2, 2, 2, 2, 2]);
    expect(liveAllocs(film).map((a) => (a.Job.TaskGroups[0]!.Tasks[0]!.Config as { image: string }).image)).toEqual(
      Array(5).fill('app:1'),
    );
  });

  it('fails the deployment at once when there is no progress deadline', () => {
    const { document } = loadRollout('canary-auto-revert');
    const doc = structuredClone(document) as { Job: { Update: Record<string, unknown> } };
    doc.Job.Update.ProgressDeadline = 0;
    const canary = '60dfbc3a-a773-416f-906d-fcfb4ed0daa0';
    const { film } = runRollout(doc, [{ After: 1, Delay: '5s', Kind: 'alloc-fail', AllocID: canary }]);
    const failed = film.Steps[1]!;
    expect(failed.Time).toBe(at('2026-01-01T00:00:05Z'));
    expect(failed.Happenings.map((h) => h.Text)).toEqual(
      expect.arrayContaining([
        'web.web[0] failed',
        'deployment failed: Failed due to unhealthy allocations - rolling back to job version 0',
      ]),
    );
    expect(film.End.Deployment).toMatchObject({ JobVersion: 2, Status: 'successful' });
  });

  it('says so when there is no stable version to revert to', () => {
    const { document, events } = loadRollout('canary-auto-revert');
    const doc = structuredClone(document) as { JobVersions: Record<string, unknown>[]; Deployment: unknown };
    doc.JobVersions[0]!.Stable = false;
    doc.Deployment = null;
    const { film } = runRollout(doc, events);
    expect(film.Steps[2]!.Happenings.map((h) => h.Text)).toContain(
      'deployment failed: Failed due to progress deadline - no stable job version to auto revert to',
    );
    expect(film.End.Scenario.Job.Version).toBe(1);
  });
});

describe('a drain', () => {
  const { film } = loadRollout('drain-max-parallel');

  it('migrates the node’s allocations one at a time, each after the last replacement is healthy', () => {
    const drains = film.Steps.filter((s) => s.TriggeredBy === 'node-drain');
    expect(drains).toHaveLength(3);
    for (const s of drains) expect(counts(s)).toEqual({ Migrate: 1, Ignore: 5 });
    // The drainer writes its marks 1s after it decides them (the real cluster: 1.05–1.07s after
    // the drain command); each replacement is healthy 10.23s after it was placed (start-up and the
    // migrate block's min_healthy_time); only then is the next marked, and written 1s later.
    expect(drains.map((s) => s.Time)).toEqual(
      ['00:00:01', '00:00:12.23', '00:00:23.46'].map((t) => at(`2026-01-01T${t}Z`)),
    );
    expect(drains.map((s) => s.Document.Stop.map((x) => x.AllocID))).toEqual([['v0-0'], ['v0-3'], ['v0-5']]);
    expect(drains.flatMap((s) => s.Placed).every((p) => p.NodeID !== 'node-1')).toBe(true);
  });

  it('never has more than max_parallel allocations on the move', () => {
    for (const s of film.Steps) {
      const moving = s.Scenario.Allocations.filter(
        (a) => a.DesiredStatus === 'run' && (a.DesiredTransition.Migrate || a.DeploymentStatus?.Healthy == null),
      );
      expect(moving.length).toBeLessThanOrEqual(1);
    }
  });

  it('finishes: the node is left ineligible and not draining', () => {
    const node = film.End.Scenario.Nodes.find((n) => n.ID === 'node-1')!;
    expect(node).toMatchObject({ Drain: false, SchedulingEligibility: 'ineligible' });
    expect(liveAllocs(film).filter((a) => a.NodeID === 'node-1')).toEqual([]);
    expect(liveAllocs(film)).toHaveLength(6);
  });

  it('marks everything left at its deadline', () => {
    const { document } = loadRollout('drain-max-parallel');
    const { film: forced } = runRollout(document, [{ After: 1, Kind: 'node-drain', NodeID: 'node-1', Deadline: '5s' }]);
    // Marked at the 5s deadline, written with the drainer's next batch a second later.
    const atDeadline = forced.Steps.find((s) => s.Time === at('2026-01-01T00:00:06Z'))!;
    expect(counts(atDeadline)).toEqual({ Migrate: 2, Ignore: 4 });
  });
});

describe('a failed allocation', () => {
  it('is rescheduled at the delays its policy gives: 30s, then doubled', () => {
    const first = loadRollout('reschedule-delays');
    const failedAt = first.film.Steps[1]!;
    expect(failedAt.TriggeredBy).toBe('alloc-failure');
    expect(counts(failedAt)).toEqual({ Ignore: 5 });
    const followUp = failedAt.Document.DesiredFollowupEvals.web![0]!;
    expect(followUp.WaitUntil).toBe('2026-01-01T00:00:30Z');
    const rescheduled = first.film.Steps[2]!;
    expect(rescheduled.EvalID).toBe(followUp.ID);
    expect(rescheduled.Time).toBe(at('2026-01-01T00:00:30Z'));
    expect(counts(rescheduled)).toEqual({ Place: 1, Stop: 1, Ignore: 4 });
    const replacement = rescheduled.Placed[0]!;
    expect(replacement).toMatchObject({ Name: 'web.web[1]', PreviousAllocID: 'v0-1' });
    // The failed allocation's node is penalised: the replacement goes elsewhere.
    expect(replacement.NodeID).not.toBe('node-2');

    // The replacement fails a minute later: the next delay is 60s.
    const second = loadRollout('reschedule-delays', [
      { After: 3, Delay: '1m', Kind: 'alloc-fail', AllocID: replacement.AllocID },
    ]);
    const again = second.film.Steps[3]!;
    expect(again.Time).toBe(at('2026-01-01T00:01:30Z'));
    expect(again.Document.DesiredFollowupEvals.web![0]!.WaitUntil).toBe('2026-01-01T00:02:30Z');
    const last = liveAllocs(second.film).find((a) => a.Name === 'web.web[1]')!;
    expect(last.RescheduleTracker?.Events?.map((e) => [e.PrevAllocID, e.Delay / 1e9])).toEqual([
      ['v0-1', 30],
      [replacement.AllocID, 60],
    ]);
  });

  it('is not rescheduled once its policy’s attempts are used', () => {
    const { document } = loadRollout('reschedule-delays');
    const doc = structuredClone(document) as { Job: { TaskGroups: { ReschedulePolicy: unknown }[] } };
    doc.Job.TaskGroups[0]!.ReschedulePolicy = { Attempts: 0, Unlimited: false };
    const { film } = runRollout(doc, [{ After: 1, Kind: 'alloc-fail', AllocID: 'v0-1' }]);
    expect(film.Steps).toHaveLength(1);
    expect(film.End.Scenario.Allocations.find((a) => a.ID === 'v0-1')!.ClientStatus).toBe('failed');
  });
});

describe('a job scaled beyond the cluster', () => {
  const { film } = loadRollout('scale-beyond-capacity');

  it('reports placement failures as Nomad does and keeps them queued', () => {
    const scaled = film.Steps[1]!;
    expect(scaled.TriggeredBy).toBe('job-scaling');
    expect(counts(scaled)).toEqual({ Place: 10, InPlaceUpdate: 5 });
    // Three nodes of 2,000 MHz; 500 MHz each: 4 per node, 12 in all.
    expect(scaled.Placed).toHaveLength(7);
    expect(scaled.Failures).toEqual([
      {
        TaskGroup: 'web',
        Failed: 3,
        NodesEvaluated: 3,
        NodesExhausted: 3,
        DimensionExhausted: { cpu: 3 },
        NodesAvailable: { dc1: 3 },
      },
    ]);
    expect(film.End.Status).toBe('waiting');
    expect(film.End.Reason).toMatch(/did not fit/);
    expect(liveAllocs(film)).toHaveLength(12);
  });

  it('places the rest when a node joins the pool again', () => {
    const { document } = loadRollout('scale-beyond-capacity');
    const doc = structuredClone(document) as { Nodes: Record<string, unknown>[] };
    doc.Nodes.push({
      ID: 'node-4',
      Name: 'node-4',
      Datacenter: 'dc1',
      SchedulingEligibility: 'ineligible',
      NodeResources: { Cpu: { CpuShares: 2000 }, Memory: { MemoryMB: 2048 } },
    });
    const { film: grown } = runRollout(doc, [
      { After: 1, Kind: 'job-scale', TaskGroup: 'web', Count: 15 },
      { After: 2, Delay: '1m', Kind: 'node-eligible', NodeID: 'node-4' },
    ]);
    const unblocked = grown.Steps.find((s) => s.TriggeredBy === 'queued-allocs')!;
    expect(unblocked.Why).toBe('unblocked: node-4 became eligible');
    expect(unblocked.Placed.map((p) => p.NodeID)).toEqual(['node-4', 'node-4', 'node-4']);
    expect(liveAllocs(grown)).toHaveLength(15);
  });
});

describe('operating a deployment', () => {
  const canary = () =>
    structuredClone(loadRollout('canary-promote').document) as {
      Job: { Update: Record<string, unknown> };
      JobVersions: { Update: Record<string, unknown> }[];
    };

  it('auto_promote promotes once every canary is healthy', () => {
    const doc = canary();
    doc.Job.Update.AutoPromote = true;
    const { film } = runRollout(doc, []);
    // The watcher promotes as the canaries turn healthy, and its evaluation starts the rolling update.
    expect(film.Steps[1]!.Happenings.map((h) => h.Text)).toContain(
      'the deployment watcher promoted the canaries (auto_promote)',
    );
    expect(film.Steps[1]!.Why).toBe('the deployment was promoted');
    expect(counts(film.Steps[1]!)).toEqual({ DestructiveUpdate: 1, Stop: 2, Ignore: 4 });
    expect(film.End).toMatchObject({ Status: 'settled', Deployment: { Status: 'successful' } });
  });

  it('pause holds the rollout until resume', () => {
    const { film } = loadRollout('canary-promote', [{ After: 3, Kind: 'deployment-pause' }]);
    expect(film.End).toMatchObject({
      Status: 'waiting',
      Reason: 'the deployment is paused: resume it to go on',
      Deployment: { Status: 'paused' },
    });
    // Paused: the next evaluation places nothing new.
    expect(counts(film.Steps[3]!)).toEqual({ Ignore: 5 });
    const resumed = loadRollout('canary-promote', [
      { After: 3, Kind: 'deployment-pause' },
      { After: 4, Delay: '1m', Kind: 'deployment-resume' },
    ]).film;
    expect(resumed.End).toMatchObject({ Status: 'settled', Deployment: { Status: 'successful' } });
  });

  it('promoting too early changes nothing and says why', () => {
    const { film } = loadRollout('canary-promote', [{ After: 1, Kind: 'deployment-promote' }]);
    expect(film.Events[1]!.Problem).toMatchObject({
      code: 'canaries-unhealthy',
      message: 'task group "web" has 0/2 healthy allocations',
    });
  });

  it('a command on a deployment that has ended changes nothing and says why', () => {
    const { film } = loadRollout('canary-promote', [{ After: 6, Kind: 'deployment-pause' }]);
    expect(film.Events[1]!.Problem).toMatchObject({
      code: 'deployment-ended',
      message: 'deployment has terminal status "successful"',
    });
    expect(film.End.Deployment).toMatchObject({ Status: 'successful' });
  });

  it('fail by the operator stops the canaries, and reverts with auto_revert', () => {
    const { film } = loadRollout('canary-promote', [{ After: 2, Kind: 'deployment-fail' }]);
    expect(film.Steps[2]!.Scenario.Deployment).toMatchObject({
      Status: 'failed',
      StatusDescription: 'Deployment marked as failed',
    });
    expect(counts(film.Steps[2]!)).toEqual({ Stop: 2, Ignore: 5 });
    const doc = canary();
    doc.Job.Update.AutoRevert = true;
    const reverted = runRollout(doc, [{ After: 2, Kind: 'deployment-fail' }]).film;
    expect(reverted.Steps[2]!.Scenario.Deployment?.StatusDescription).toBe(
      'Deployment marked as failed - rolling back to job version 0',
    );
  });
});

describe('nodes and the job', () => {
  it('a node that goes down loses its allocations, which are placed elsewhere', () => {
    const { film } = runRollout(loadRollout('reschedule-delays').document, [
      { After: 1, Kind: 'node-down', NodeID: 'node-1' },
    ]);
    const lost = film.Steps[1]!;
    expect(lost.TriggeredBy).toBe('node-update');
    expect(lost.Document.Stop.map((s) => [s.AllocID, s.ClientStatus])).toEqual([
      ['v0-0', 'lost'],
      ['v0-3', 'lost'],
    ]);
    expect(lost.Placed.map((p) => p.NodeID).every((n) => n !== 'node-1')).toBe(true);
  });

  it('a stopped job stops everything, and starting it again places the count anew', () => {
    const { film } = runRollout(loadRollout('reschedule-delays').document, [
      { After: 1, Kind: 'job-stop' },
      { After: 2, Delay: '1m', Kind: 'job-start' },
    ]);
    expect(film.Steps[1]).toMatchObject({ TriggeredBy: 'job-deregister' });
    expect(counts(film.Steps[1]!)).toEqual({ Stop: 5 });
    expect(counts(film.Steps[2]!)).toEqual({ Place: 5 });
    expect(liveAllocs(film).map((a) => a.Job.Version)).toEqual([2, 2, 2, 2, 2]);
  });

  it('an edited job is registered as the next version and rolled out', () => {
    const { document } = loadRollout('reschedule-delays');
    const job = structuredClone((document as { Job: Record<string, unknown> }).Job) as {
      Update: { Canary: number };
      TaskGroups: { Tasks: { Config: { image: string } }[] }[];
    };
    job.TaskGroups[0]!.Tasks[0]!.Config.image = 'app:3';
    job.Update.Canary = 0; // a plain rolling update
    const { film } = runRollout(document, [{ After: 1, Kind: 'job-update', Job: job }]);
    expect(film.Steps[1]!.TriggeredBy).toBe('job-register');
    expect(film.Steps[1]!.Scenario.Job.Version).toBe(1);
    expect(counts(film.Steps[1]!)).toEqual({ DestructiveUpdate: 1, Ignore: 4 });
    expect(film.End).toMatchObject({ Status: 'settled', Deployment: { JobVersion: 1, Status: 'successful' } });
    expect(liveAllocs(film).map((a) => a.Job.Version)).toEqual([1, 1, 1, 1, 1]);
  });
});

describe('a task called __proto__', () => {
  it('keeps its state under its own name in the allocations the simulator runs', () => {
    const raw = JSON.parse(
      readFileSync(resolve(import.meta.dirname, '../fixtures/rollouts/canary-promote.json'), 'utf8'),
    ) as { Scenario: { Job: unknown; JobVersions: unknown[] }; Events: unknown[] };
    const rename = (job: unknown) =>
      JSON.parse(JSON.stringify(job).replaceAll('"Name":"app"', '"Name":"__proto__"')) as unknown;
    const scenario = {
      ...raw.Scenario,
      Job: rename(raw.Scenario.Job),
      JobVersions: raw.Scenario.JobVersions.map(rename),
    };
    const { film } = runRollout(scenario, raw.Events);
    const started = film.End.Scenario.Allocations.filter((a) => a.TaskStates !== null);
    expect(started.length).toBeGreaterThan(0);
    for (const a of started) {
      expect(Object.keys(a.TaskStates!)).toEqual(['__proto__']);
      expect(Object.getOwnPropertyDescriptor(a.TaskStates, '__proto__')?.value).toMatchObject({
        State: expect.stringMatching(/^(running|dead)$/),
      });
    }
  });
});
