// The stored job (ApiJobToStructJob at dccea99f7e, after Job.Canonicalize):
// what changes between the canonical API job and what `nomad job inspect`
// then prints.

import { describe, expect, it } from 'vitest';
import { storedJob } from '../../../src/jobspec/canonical/index.ts';

type Obj = Record<string, unknown>;
const S = 1e9;

const zeroUpdate = {
  Stagger: 0,
  MaxParallel: 0,
  HealthCheck: '',
  MinHealthyTime: 0,
  HealthyDeadline: 0,
  ProgressDeadline: 0,
  AutoRevert: false,
  AutoPromote: false,
  Canary: 0,
};

function stored(job: Obj): Obj {
  return storedJob(job) as Obj;
}

describe('storedJob', () => {
  it('keeps of the job’s own update only stagger and max_parallel; the groups carry the whole strategy', () => {
    const job = stored({ ID: 'web', TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'app' }] }] });
    expect(job.Update).toEqual({ ...zeroUpdate, Stagger: 30 * S, MaxParallel: 1 });
    expect((job.TaskGroups as Obj[])[0]!.Update).toMatchObject({
      MaxParallel: 1,
      HealthCheck: 'checks',
      MinHealthyTime: 10 * S,
    });
  });

  it('a job whose update has max_parallel 0 stores an update of zeroes, and so does a batch job without one', () => {
    expect(stored({ ID: 'j', Update: { MaxParallel: 0 }, TaskGroups: [] }).Update).toEqual(zeroUpdate);
    expect(stored({ ID: 'j', Type: 'batch' }).Update).toEqual(zeroUpdate);
  });

  it('drops the job’s reschedule and migrate blocks once the groups have them', () => {
    const job = stored({
      ID: 'j',
      Reschedule: { Attempts: 3 },
      Migrate: { MaxParallel: 2 },
      TaskGroups: [{ Name: 'g' }],
    });
    expect(job).not.toHaveProperty('Reschedule');
    expect(job).not.toHaveProperty('Migrate');
    expect((job.TaskGroups as Obj[])[0]).toMatchObject({
      ReschedulePolicy: { Attempts: 3 },
      Migrate: { MaxParallel: 2 },
    });
  });

  it('a scaling policy targets its group; the group’s count comes from its min', () => {
    const g = (
      stored({ ID: 'web', Namespace: 'apps', TaskGroups: [{ Name: 'web', Scaling: { Min: 2, Max: 10 } }] })
        .TaskGroups as Obj[]
    )[0]!;
    expect(g.Count).toBe(2);
    expect(g.Scaling).toEqual({
      Target: { Namespace: 'apps', Job: 'web', Group: 'web' },
      Min: 2,
      Max: 10,
      Enabled: true,
    });
  });

  it('keeps host and csi volumes and drops any other type', () => {
    const g = (
      stored({
        ID: 'j',
        TaskGroups: [
          { Name: 'g', Volumes: { a: { Name: 'a', Type: 'host', Source: 'x' }, b: { Name: 'b', Type: 'nfs' } } },
        ],
      }).TaskGroups as Obj[]
    )[0]!;
    expect(g.Volumes).toEqual({ a: { Name: 'a', Type: 'host', Source: 'x' } });
  });

  it('a service keeps no check_restart of its own and no Id; group services are named job-group', () => {
    const g = (
      stored({
        ID: 'j',
        Name: 'shop',
        TaskGroups: [
          { Name: 'web', Services: [{ Id: 'x', CheckRestart: { Limit: 2 }, Checks: [{ Id: 'y', Name: 'http' }] }] },
        ],
      }).TaskGroups as Obj[]
    )[0]!;
    expect(g.Services).toEqual([
      { Name: 'shop-web', AddressMode: 'auto', Checks: [{ Name: 'http', CheckRestart: { Limit: 2, Grace: S } }] },
    ]);
  });

  it('names services and checks as the server does: ${JOB}, ${TASKGROUP}, ${TASK}, ${BASE} replaced, an unnamed check after its service', () => {
    const job = stored({
      ID: 'j',
      Name: 'shop',
      TaskGroups: [
        {
          Name: 'web',
          Services: [{ Name: '${BASE}-${OTHER}', Checks: [{ Type: 'tcp' }] }],
          Tasks: [{ Name: 'app', Services: [{ Name: '${JOB}-${TASKGROUP}-${TASK}', Checks: [{ Name: 'mine' }] }] }],
        },
      ],
    });
    const g = (job.TaskGroups as Obj[])[0]!;
    const groupService = (g.Services as Obj[])[0]!;
    // A group's service has "group" for its task, as the server names it.
    expect(groupService.Name).toBe('shop-web-group-${OTHER}');
    expect((groupService.Checks as Obj[])[0]!.Name).toBe('service: "shop-web-group-${OTHER}" check');
    const taskService = ((g.Tasks as Obj[])[0]!.Services as Obj[])[0]!;
    expect(taskService.Name).toBe('shop-web-app');
    expect((taskService.Checks as Obj[])[0]!.Name).toBe('mine');
  });

  it('prints fields in the order of the stored type, as `nomad job inspect` does', () => {
    const job = stored({ TaskGroups: [{ Tasks: [{ Driver: 'docker', Name: 't' }], Name: 'g' }], Name: 'n', ID: 'j' });
    expect(Object.keys(job).slice(0, 9)).toEqual([
      'Stop',
      'Region',
      'Namespace',
      'ID',
      'ParentID',
      'Name',
      'Type',
      'Priority',
      'AllAtOnce',
    ]);
    const g = (job.TaskGroups as Obj[])[0]!;
    expect(Object.keys(g).slice(0, 4)).toEqual(['Name', 'Count', 'Update', 'Migrate']);
    expect(Object.keys((g.Tasks as Obj[])[0]!).slice(0, 2)).toEqual(['Name', 'Driver']);
  });

  it('keeps fields the agent at dccea99f7e does not know (later Nomad stanzas)', () => {
    const g = (
      stored({
        ID: 'j',
        TaskGroups: [
          { Name: 'g', Consul: { Namespace: 'x' }, Tasks: [{ Name: 't', Resources: { MemoryMaxMB: 512 } }] },
        ],
      }).TaskGroups as Obj[]
    )[0]!;
    expect(g.Consul).toEqual({ Namespace: 'x' });
    expect(((g.Tasks as Obj[])[0]!.Resources as Obj).MemoryMaxMB).toBe(512);
  });

  it('returns anything that is not an object as it is', () => {
    expect(storedJob(3)).toBe(3);
    expect(storedJob(null)).toBe(null);
  });
});
