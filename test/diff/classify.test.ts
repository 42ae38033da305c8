// What a job change forces on the running allocations: the engine's
// tasksUpdated decides create/destroy against in-place, and a job with the
// same JobModifyIndex is no update at all (SCENARIO.md, genericAllocUpdateFn).
// Expectations are Nomad's known behaviour: config, env, meta, driver and
// resources changes replace allocations; datacenters, count, update strategy
// and kill timeout changes do not.

import { describe, expect, test } from 'vitest';
import { classifyJobDiff, describeUpdate } from '../../src/diff/classify.ts';
import { jobDiff } from '../../src/diff/job.ts';
import type { JobDiff, TaskGroupDiff } from '../../src/diff/types.ts';
import { field, readJob } from './helpers.ts';

type Spec = Record<string, unknown>;

// base is a job with two groups: "web" (tasks "server" and "sidecar") and "cache" (task "redis").
function base(edit: (job: { TaskGroups: Spec[]; [k: string]: unknown }) => void = () => {}): Spec {
  const job = {
    JobModifyIndex: 10,
    Datacenters: ['dc1'],
    TaskGroups: [
      {
        Name: 'web',
        Count: 3,
        Tasks: [
          { Name: 'server', Driver: 'docker', Config: { image: 'nginx:1.26' }, KillTimeout: '5s' },
          { Name: 'sidecar', Driver: 'docker', Config: { image: 'envoy:1' }, Env: { LEVEL: 'info' } },
        ],
      },
      { Name: 'cache', Count: 1, Tasks: [{ Name: 'redis', Driver: 'docker', Config: { image: 'redis:7' } }] },
    ],
  };
  edit(job);
  return job;
}

// classified diffs the base job against an edited one with a new JobModifyIndex.
function classified(edit: (job: { TaskGroups: Spec[]; [k: string]: unknown }) => void, jobModifyIndex = 20): JobDiff {
  const oldJob = readJob(base());
  const newJob = readJob({ ...base(edit), JobModifyIndex: jobModifyIndex });
  return classifyJobDiff(jobDiff(oldJob, newJob), oldJob, newJob);
}

function group(d: JobDiff, name: string): TaskGroupDiff {
  const g = d.TaskGroups.find((x) => x.Name === name);
  if (!g) throw new Error(`no group ${name}`);
  return g;
}

function task(d: JobDiff, groupName: string, name: string) {
  const t = group(d, groupName).Tasks.find((x) => x.Name === name);
  if (!t) throw new Error(`no task ${name}`);
  return t;
}

// tasks is a small handle on the base job's tasks for edits.
const tasksOf = (job: { TaskGroups: Spec[] }, g: number) => job.TaskGroups[g]!.Tasks as Spec[];

describe('classifyJobDiff', () => {
  test('a config change forces a create/destroy update of its group, naming the task', () => {
    const d = classified((j) => ((tasksOf(j, 0)[0]!.Config as Spec).image = 'nginx:1.27'));
    expect(group(d, 'web').Update).toEqual({ kind: 'destructive', reason: 'task "server": config changed' });
    expect(describeUpdate(group(d, 'web').Update!)).toBe('forces create/destroy update: task "server": config changed');
    expect(task(d, 'web', 'server')).toMatchObject({
      Annotations: ['forces create/destroy update'],
      Update: { kind: 'destructive', reason: 'task "server": config changed' },
    });
    expect(task(d, 'web', 'sidecar').Update).toEqual({ kind: 'none', reason: null });
    expect(describeUpdate(task(d, 'web', 'sidecar').Update!)).toBe('no change');
  });

  test('a datacenters change is an in-place update of every group', () => {
    const d = classified((j) => (j.Datacenters = ['dc1', 'dc2']));
    expect(d.Objects.map((o) => o.Name)).toEqual(['Datacenters']);
    for (const g of d.TaskGroups) {
      expect(g.Update?.kind).toBe('inplace');
      expect(describeUpdate(g.Update!)).toMatch(/^in-place update/);
    }
  });

  test("each task gets its own first reason; the group gets the first task's", () => {
    const d = classified((j) => {
      (tasksOf(j, 0)[0]!.Config as Spec).image = 'nginx:1.27';
      tasksOf(j, 0)[1]!.Env = { LEVEL: 'debug' };
    });
    expect(group(d, 'web').Update?.reason).toBe('task "server": config changed');
    expect(task(d, 'web', 'sidecar').Update).toEqual({ kind: 'destructive', reason: 'task "sidecar": env changed' });
    expect(group(d, 'cache').Update?.kind).toBe('inplace');
  });

  test('a meta-only change is destructive (the task sees the combined meta)', () => {
    const d = classified((j) => (j.Meta = { owner: 'team-a' }));
    expect(d.Fields).toEqual([field('Added', 'Meta[owner]', '', 'team-a')]);
    expect(group(d, 'web').Update).toEqual({
      kind: 'destructive',
      reason: 'task "server": meta changed (combined job/group/task meta)',
    });
    expect(group(d, 'cache').Update?.kind).toBe('destructive');
  });

  test('a kill timeout change alone is in place, and the task is annotated so', () => {
    const d = classified((j) => (tasksOf(j, 0)[0]!.KillTimeout = '30s'));
    expect(group(d, 'web').Update).toEqual({ kind: 'inplace', reason: null });
    expect(task(d, 'web', 'server')).toMatchObject({
      Annotations: ['forces in-place update'],
      Update: { kind: 'inplace', reason: null },
    });
  });

  test("an in-place task change in a replaced group takes the group's reason", () => {
    const d = classified((j) => {
      tasksOf(j, 0)[0]!.KillTimeout = '30s';
      tasksOf(j, 0)[1]!.Driver = 'exec';
    });
    expect(task(d, 'web', 'server').Update).toEqual({ kind: 'destructive', reason: 'task "sidecar": driver changed' });
  });

  test('a group-wide change (ephemeral disk) replaces the group', () => {
    const d = classified((j) => (j.TaskGroups[1]!.EphemeralDisk = { SizeMB: 1000 }));
    expect(group(d, 'cache').Update).toEqual({ kind: 'destructive', reason: 'ephemeral disk changed' });
    expect(task(d, 'cache', 'redis').Update?.kind).toBe('none');
  });

  test('resources: CPU and memory force a create/destroy update', () => {
    const d = classified((j) => (tasksOf(j, 1)[0]!.Resources = { CPU: 500 }));
    expect(group(d, 'cache').Update?.reason).toBe('task "redis": CPU changed');
  });

  test('count changes are annotated "forces create" and "forces destroy", and are in place', () => {
    const d = classified((j) => {
      j.TaskGroups[0]!.Count = 5;
      j.TaskGroups[1]!.Count = 0;
    });
    expect(group(d, 'web').Fields).toEqual([field('Edited', 'Count', '3', '5', ['forces create'])]);
    expect(group(d, 'cache').Fields).toEqual([field('Edited', 'Count', '1', '0', ['forces destroy'])]);
    expect(group(d, 'web').Update?.kind).toBe('inplace');
  });

  test('an added task forces a create/destroy update of its group', () => {
    const d = classified((j) => tasksOf(j, 1).push({ Name: 'exporter', Driver: 'docker' }));
    expect(group(d, 'cache').Update).toEqual({ kind: 'destructive', reason: 'task count changed' });
    expect(task(d, 'cache', 'exporter')).toMatchObject({
      Type: 'Added',
      Annotations: ['forces create/destroy update'],
    });
  });

  test('added and removed groups force create and destroy', () => {
    const d = classified((j) => {
      j.TaskGroups = [j.TaskGroups[0]!, { Name: 'api', Tasks: [{ Name: 'api', Driver: 'docker' }] }];
    });
    expect(group(d, 'api')).toMatchObject({
      Type: 'Added',
      Update: { kind: 'create', reason: 'group added to the job' },
    });
    expect(task(d, 'api', 'api').Annotations).toEqual(['forces create']);
    expect(group(d, 'cache')).toMatchObject({
      Type: 'Deleted',
      Update: { kind: 'destroy', reason: 'group removed from the job' },
    });
    expect(task(d, 'cache', 'redis').Annotations).toEqual(['forces destroy']);
  });

  test('an unchanged group of a new job version is still updated in place', () => {
    const d = classified((j) => (j.Datacenters = ['dc2']));
    expect(group(d, 'cache').Type).toBe('None');
    expect(group(d, 'cache').Update?.kind).toBe('inplace');
    expect(group(d, 'cache').Update?.reason).toMatch(/JobModifyIndex differs/);
  });

  test('the same JobModifyIndex is no update at all, whatever the diff shows', () => {
    const d = classified((j) => ((tasksOf(j, 0)[0]!.Config as Spec).image = 'nginx:1.27'), 10);
    expect(group(d, 'web').Type).toBe('Edited');
    expect(group(d, 'web').Update?.kind).toBe('ignore');
    expect(describeUpdate(group(d, 'web').Update!)).toBe(
      "no update: the allocations' job has the same JobModifyIndex (10), so they are left as they are",
    );
    expect(task(d, 'web', 'server')).toMatchObject({ Annotations: [], Update: { kind: 'ignore' } });
  });
});
