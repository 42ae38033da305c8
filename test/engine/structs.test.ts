// Tests for the structs helpers in src/engine/structs.ts and the bitmap in
// src/engine/bitmap.ts, after upstream's nomad/structs/structs_test.go and
// bitmap_test.go at hashicorp/nomad dccea99f7e. Upstream measures from
// time.Now(); these tests use a fixed instant, in Unix nanoseconds.

import { describe, expect, it } from 'vitest';
import { Bitmap, lastIndexBelow } from '../../src/engine/bitmap.ts';
import {
  allocIndex,
  clientTerminalStatus,
  combinedTaskMeta,
  deploymentActive,
  hasAutoPromote,
  HOUR,
  lastEventTime,
  MINUTE,
  newDeployment,
  newDeploymentState,
  nextDelay,
  nextRescheduleTime,
  nodeTerminalStatus,
  ranSuccessfully,
  rescheduleEligible,
  requiresPromotion,
  SECOND,
  shouldClientStop,
  shouldDrainNode,
  terminalStatus,
  updateStrategyIsEmpty,
  waitClientStop,
  ZERO_TIME,
} from '../../src/engine/structs.ts';
import type {
  Allocation,
  AllocClientStatus,
  AllocDesiredStatus,
  Deployment,
  DeploymentState,
  DeploymentStatus,
  Instant,
  Job,
  ReschedulePolicy,
  RescheduleEvent,
  TaskState,
} from '../../src/engine/structs.ts';
import { mockAlloc, mockJob } from './fixtures.ts';

// ---------------------------------------------------------------------------
// helpers

/** NOW stands in for upstream's time.Now(): 2020-06-01T00:00:00Z. */
const NOW: Instant = Date.UTC(2020, 5, 1) * 1e6;

/**
 * testJob is structs_test.go's testJob(): like mock.Job but with a reschedule
 * policy of 10 attempts in 5 minutes, a 300 MB disk and no kill timeout set.
 */
function testJob(): Job {
  const job = mockJob();
  job.Namespace = 'test';
  const tg = job.TaskGroups[0]!;
  tg.EphemeralDisk = { Sticky: false, SizeMB: 300, Migrate: false };
  tg.ReschedulePolicy = {
    Attempts: 10,
    Interval: 5 * MINUTE,
    Delay: 5 * SECOND,
    DelayFunction: 'constant',
    MaxDelay: 0,
    Unlimited: false,
  };
  tg.Tasks[0]!.KillTimeout = 0;
  return job;
}

/** policy fills a reschedule policy's unnamed fields with Go's zero values. */
function policy(p: Partial<ReschedulePolicy>): ReschedulePolicy {
  return { Attempts: 0, Interval: 0, Delay: 0, DelayFunction: '', MaxDelay: 0, Unlimited: false, ...p };
}

/** finished is a task state that finished at `at` (ZERO_TIME: not finished). */
function finished(at: Instant, State = 'start'): TaskState {
  return { State, Failed: false, FinishedAt: at };
}

/** event is a reschedule event at `at` that waited `delay`. */
function event(at: Instant, delay = 0): RescheduleEvent {
  return { RescheduleTime: at, PrevAllocID: '', PrevNodeID: '', Delay: delay };
}

/** alloc is an allocation of testJob's group "web" with the given fields. */
function alloc(fields: Partial<Allocation> = {}): Allocation {
  const job = testJob();
  return { ...mockAlloc(), Job: job, JobID: job.ID, TaskGroup: 'web', ...fields };
}

// ---------------------------------------------------------------------------
// Allocation

describe('TestAllocation_Index', () => {
  it('reads the index out of the allocation name', () => {
    const a1 = alloc({ Name: 'example.cache[1]', TaskGroup: 'cache', JobID: 'example' });
    const a2 = { ...a1, Name: 'example.cache[713127]' };
    expect(allocIndex(a1)).toBe(1);
    expect(allocIndex(a2)).toBe(713127);
  });

  it('gives 0 for a name that does not parse, as upstream ignores the Atoi error', () => {
    const named = (Name: string) => alloc({ Name, TaskGroup: 'cache', JobID: 'example' });
    expect(allocIndex(named('example.cache[x]'))).toBe(0);
    expect(allocIndex(named('example.cache[]'))).toBe(0);
    expect(allocIndex(named('abc'))).toBe(0);
    expect(allocIndex(named('example.cache[007]'))).toBe(7);
    expect(allocIndex(named('example.cache[+3]'))).toBe(3);
  });

  it('measures the prefix in UTF-8 bytes, as Go does', () => {
    // "é" is one UTF-16 unit but two bytes. With a matching name the cut is
    // the same either way; with a name that does not start with the job ID,
    // upstream skips 4 + 5 + 2 = 11 bytes of "job.cache[12]" and reads "2".
    expect(allocIndex(alloc({ Name: 'jéb.cache[12]', TaskGroup: 'cache', JobID: 'jéb' }))).toBe(12);
    expect(allocIndex(alloc({ Name: 'job.cache[12]', TaskGroup: 'cache', JobID: 'jéb' }))).toBe(2);
    // The prefix is remembered per job and group: switching back and forth re-measures it.
    expect(allocIndex(alloc({ Name: 'job.cache[12]', TaskGroup: 'cache', JobID: 'job' }))).toBe(12);
    expect(allocIndex(alloc({ Name: 'job.cache[12]', TaskGroup: 'cache', JobID: 'jéb' }))).toBe(2);
    expect(allocIndex(alloc({ Name: 'job.cachè[12]', TaskGroup: 'cachè', JobID: 'job' }))).toBe(12);
  });
});

describe('TestAllocation_Terminated', () => {
  // Upstream's Allocation.Terminated is the client half of TerminalStatus.
  const harness: [AllocClientStatus, AllocDesiredStatus, boolean][] = [
    ['pending', 'stop', false],
    ['running', 'stop', false],
    ['failed', 'stop', true],
    ['failed', 'run', true],
  ];
  it.each(harness)('client %s, desired %s: %s', (ClientStatus, DesiredStatus, terminated) => {
    expect(clientTerminalStatus(alloc({ ClientStatus, DesiredStatus }))).toBe(terminated);
  });

  it('terminalStatus also counts the server stopping or evicting it', () => {
    expect(terminalStatus(alloc({ ClientStatus: 'running', DesiredStatus: 'stop' }))).toBe(true);
    expect(terminalStatus(alloc({ ClientStatus: 'running', DesiredStatus: 'evict' }))).toBe(true);
    expect(terminalStatus(alloc({ ClientStatus: 'lost', DesiredStatus: 'run' }))).toBe(true);
    expect(terminalStatus(alloc({ ClientStatus: 'running', DesiredStatus: 'run' }))).toBe(false);
  });
});

describe('TestAllocation_ShouldReschedule (the RescheduleEligible cases)', () => {
  // Upstream's ShouldReschedule gates on the statuses and then asks
  // RescheduleEligible; the engine has only the latter, so these are the
  // cases with a failed, running-desired allocation.
  const fail = NOW;
  const cases: [string, ReschedulePolicy | null, Instant[], boolean][] = [
    ['Disabled rescheduling', policy({ Attempts: 0, Interval: MINUTE }), [], false],
    ['Reschedule with nil reschedule policy', null, [], false],
    ['Reschedule with unlimited and attempts >0', policy({ Attempts: 1, Unlimited: true }), [], true],
    ['Reschedule with no previous attempts', policy({ Attempts: 1, Interval: MINUTE }), [], true],
    ['Reschedule with leftover attempts', policy({ Attempts: 2, Interval: 5 * MINUTE }), [fail - MINUTE], true],
    [
      'Reschedule with too old previous attempts',
      policy({ Attempts: 1, Interval: 5 * MINUTE }),
      [fail - 6 * MINUTE],
      true,
    ],
    [
      'Reschedule with no leftover attempts',
      policy({ Attempts: 2, Interval: 5 * MINUTE }),
      [fail - 3 * MINUTE, fail - 4 * MINUTE],
      false,
    ],
  ];
  it.each(cases)('%s', (_desc, p, times, expected) => {
    const a = alloc({
      ClientStatus: 'failed',
      DesiredStatus: 'run',
      RescheduleTracker: { Events: times.map((t) => event(t)) },
    });
    expect(rescheduleEligible(a, p, fail)).toBe(expected);
  });

  it('is eligible without any tracker when attempts remain', () => {
    const a = alloc({ ClientStatus: 'failed', RescheduleTracker: null });
    expect(rescheduleEligible(a, policy({ Attempts: 1, Interval: MINUTE }), fail)).toBe(true);
  });
});

describe('TestAllocation_LastEventTime', () => {
  const t1 = NOW;
  const cases: [string, Record<string, TaskState> | null, Instant][] = [
    ['nil task state', null, t1],
    ['empty task state', {}, t1],
    ['Finished At not set', { foo: finished(ZERO_TIME) }, t1],
    ['One finished', { foo: finished(t1 - HOUR) }, t1 - HOUR],
    ['Multiple task groups', { foo: finished(t1 - HOUR), bar: finished(t1 - 40 * MINUTE) }, t1 - 40 * MINUTE],
    ['No finishedAt set, one task event, should use modify time', { foo: finished(ZERO_TIME, 'run') }, t1],
  ];
  it.each(cases)('%s', (_desc, TaskStates, expected) => {
    expect(lastEventTime(alloc({ ModifyTime: t1, TaskStates }))).toBe(expected);
  });

  it('takes the latest FinishedAt whatever order the tasks come in', () => {
    const states = { a: finished(t1 - 40 * MINUTE), b: finished(ZERO_TIME), c: finished(t1 - HOUR) };
    expect(lastEventTime(alloc({ ModifyTime: t1, TaskStates: states }))).toBe(t1 - 40 * MINUTE);
  });

  it('reads an absent ModifyTime as the Unix epoch, not as no time', () => {
    expect(lastEventTime(alloc({ ModifyTime: 0, TaskStates: null }))).toBe(0);
  });
});

describe('TestAllocation_NextDelay', () => {
  interface Case {
    desc: string;
    policy: ReschedulePolicy | null;
    alloc: Partial<Allocation>;
    time: Instant;
    eligible: boolean;
  }
  const now = NOW;
  const failed = (finishedAt: Instant, events?: RescheduleEvent[]): Partial<Allocation> => ({
    ClientStatus: 'failed',
    TaskStates: { foo: finished(finishedAt) },
    RescheduleTracker: events ? { Events: events } : null,
  });
  const exponential = policy({
    DelayFunction: 'exponential',
    Delay: 5 * SECOND,
    MaxDelay: 90 * SECOND,
    Unlimited: true,
  });
  const fibonacci = (MaxDelay: number) =>
    policy({ DelayFunction: 'fibonacci', Delay: 5 * SECOND, MaxDelay, Unlimited: true });
  const constantLimited = policy({ DelayFunction: 'constant', Delay: 5 * SECOND, Interval: 10 * MINUTE, Attempts: 2 });
  const hourAgo = (...delays: number[]) => delays.map((d) => event(now - HOUR, d * SECOND));

  const cases: Case[] = [
    {
      desc: "Allocation hasn't failed yet",
      policy: policy({ DelayFunction: 'constant', Delay: 5 * SECOND }),
      // Upstream leaves ClientStatus empty; any status but failed will do.
      alloc: { ClientStatus: 'pending' },
      time: ZERO_TIME,
      eligible: false,
    },
    {
      desc: 'Allocation has no reschedule policy',
      policy: null,
      alloc: { ClientStatus: 'pending' },
      time: ZERO_TIME,
      eligible: false,
    },
    {
      desc: 'Allocation lacks task state',
      policy: policy({ DelayFunction: 'constant', Delay: 5 * SECOND, Unlimited: true }),
      alloc: { ClientStatus: 'failed', ModifyTime: now },
      time: now + 5 * SECOND,
      eligible: true,
    },
    {
      desc: 'linear delay, unlimited restarts, no reschedule tracker',
      policy: policy({ DelayFunction: 'constant', Delay: 5 * SECOND, Unlimited: true }),
      alloc: { ClientStatus: 'failed', TaskStates: { foo: finished(now - 2 * SECOND, 'dead') } },
      time: now - 2 * SECOND + 5 * SECOND,
      eligible: true,
    },
    {
      desc: 'linear delay with reschedule tracker',
      policy: constantLimited,
      alloc: failed(now - 2 * SECOND, [event(now - 2 * MINUTE, 5 * SECOND)]),
      time: now - 2 * SECOND + 5 * SECOND,
      eligible: true,
    },
    {
      desc: 'linear delay with reschedule tracker, attempts exhausted',
      policy: constantLimited,
      alloc: failed(now - 2 * SECOND, [event(now - 3 * MINUTE, 5 * SECOND), event(now - 2 * MINUTE, 5 * SECOND)]),
      time: now - 2 * SECOND + 5 * SECOND,
      eligible: false,
    },
    {
      desc: 'exponential delay - no reschedule tracker',
      policy: exponential,
      alloc: failed(now - 2 * SECOND),
      time: now - 2 * SECOND + 5 * SECOND,
      eligible: true,
    },
    {
      desc: 'exponential delay with reschedule tracker',
      policy: exponential,
      alloc: failed(now - 2 * SECOND, [event(now - 2 * HOUR, 5 * SECOND), ...hourAgo(10, 20)]),
      time: now - 2 * SECOND + 40 * SECOND,
      eligible: true,
    },
    {
      desc: 'exponential delay with delay ceiling reached',
      policy: exponential,
      alloc: failed(now - 15 * SECOND, [
        event(now - 2 * HOUR, 5 * SECOND),
        ...hourAgo(10, 20, 40),
        event(now - 40 * SECOND, 80 * SECOND),
      ]),
      time: now - 15 * SECOND + 90 * SECOND,
      eligible: true,
    },
    {
      // The last reschedule ran longer than the ceiling, so the series restarts.
      desc: 'exponential delay, delay ceiling reset condition met',
      policy: exponential,
      alloc: failed(now - 15 * MINUTE, [event(now - 2 * HOUR, 5 * SECOND), ...hourAgo(10, 20, 40, 80, 90, 90)]),
      time: now - 15 * MINUTE + 5 * SECOND,
      eligible: true,
    },
    {
      desc: 'fibonacci delay - no reschedule tracker',
      policy: fibonacci(90 * SECOND),
      alloc: failed(now - 2 * SECOND),
      time: now - 2 * SECOND + 5 * SECOND,
      eligible: true,
    },
    {
      desc: 'fibonacci delay with reschedule tracker',
      policy: fibonacci(90 * SECOND),
      alloc: failed(now - 2 * SECOND, [event(now - 2 * HOUR, 5 * SECOND), event(now - 5 * SECOND, 5 * SECOND)]),
      time: now - 2 * SECOND + 10 * SECOND,
      eligible: true,
    },
    {
      desc: 'fibonacci delay with more events',
      policy: fibonacci(90 * SECOND),
      alloc: failed(now - 2 * SECOND, [event(now - 2 * HOUR, 5 * SECOND), ...hourAgo(5, 10, 15, 25)]),
      time: now - 2 * SECOND + 40 * SECOND,
      eligible: true,
    },
    {
      desc: 'fibonacci delay with delay ceiling reached',
      policy: fibonacci(50 * SECOND),
      alloc: failed(now - 15 * SECOND, [
        event(now - 2 * HOUR, 5 * SECOND),
        ...hourAgo(5, 10, 15, 25),
        event(now - 40 * SECOND, 40 * SECOND),
      ]),
      time: now - 15 * SECOND + 50 * SECOND,
      eligible: true,
    },
    {
      desc: 'fibonacci delay with delay reset condition met',
      policy: fibonacci(50 * SECOND),
      alloc: failed(now - 5 * MINUTE, [event(now - 2 * HOUR, 5 * SECOND), ...hourAgo(5, 10, 15, 25, 40)]),
      time: now - 5 * MINUTE + 5 * SECOND,
      eligible: true,
    },
    {
      desc: 'fibonacci delay with the most recent event that reset delay value',
      policy: fibonacci(50 * SECOND),
      alloc: failed(now - 5 * SECOND, [
        event(now - 2 * HOUR, 5 * SECOND),
        ...hourAgo(5, 10, 15, 25, 40, 50),
        event(now - MINUTE, 5 * SECOND),
      ]),
      time: now - 5 * SECOND + 5 * SECOND,
      eligible: true,
    },
  ];

  it.each(cases)('$desc', (tc) => {
    const a = alloc(tc.alloc);
    // As upstream, a case without a policy keeps testJob's own.
    if (tc.policy !== null) a.Job.TaskGroups[0]!.ReschedulePolicy = tc.policy;
    expect(nextRescheduleTime(a)).toEqual({ time: tc.time, eligible: tc.eligible });
  });

  it('is not eligible for a stopped or completed allocation', () => {
    const stopped = alloc({ ClientStatus: 'failed', DesiredStatus: 'stop', ModifyTime: now });
    expect(nextRescheduleTime(stopped)).toEqual({ time: ZERO_TIME, eligible: false });
    const complete = alloc({ ClientStatus: 'complete', ModifyTime: now });
    expect(nextRescheduleTime(complete)).toEqual({ time: ZERO_TIME, eligible: false });
  });

  it('has no delay and no eligibility when the group is gone from the job', () => {
    const a = alloc({ ClientStatus: 'failed', ModifyTime: now, TaskGroup: 'gone' });
    expect(nextDelay(a)).toBe(0);
    expect(nextRescheduleTime(a)).toEqual({ time: ZERO_TIME, eligible: false });
  });

  it('is not eligible when the delay reaches the interval, even with attempts left', () => {
    const a = alloc(failed(now, [event(now - 9 * MINUTE, 5 * MINUTE)]));
    a.Job.TaskGroups[0]!.ReschedulePolicy = policy({
      DelayFunction: 'exponential',
      Delay: 5 * MINUTE,
      Interval: 10 * MINUTE,
      Attempts: 3,
    });
    expect(nextDelay(a)).toBe(10 * MINUTE);
    expect(nextRescheduleTime(a)).toEqual({ time: now + 10 * MINUTE, eligible: false });
  });

  it('treats an unknown or empty delay function as constant', () => {
    for (const DelayFunction of ['', 'linear']) {
      const a = alloc(failed(now, [event(now - MINUTE, 40 * SECOND)]));
      a.Job.TaskGroups[0]!.ReschedulePolicy = policy({ DelayFunction, Delay: 7 * SECOND, Unlimited: true });
      expect(nextDelay(a)).toBe(7 * SECOND);
    }
  });
});

describe('TestAllocation_WaitClientStop', () => {
  const withStop = (stop: number, ClientStatus: AllocClientStatus): Allocation => {
    const a = alloc({ ClientStatus, TaskStates: {} });
    a.Job.TaskGroups[0]!.StopAfterClientDisconnect = stop;
    if (ClientStatus === 'lost') a.AllocStates = [{ Field: 'ClientStatus', Value: 'lost', Time: NOW }];
    return a;
  };

  it('running: should stop', () => {
    expect(shouldClientStop(withStop(2 * SECOND, 'running'))).toBe(true);
  });

  it('no stop_after_client_disconnect: should not stop', () => {
    expect(shouldClientStop(withStop(0, 'lost'))).toBe(false);
    const unset = withStop(0, 'lost');
    unset.Job.TaskGroups[0]!.StopAfterClientDisconnect = null;
    expect(shouldClientStop(unset)).toBe(false);
  });

  it('stop: waits the disconnect time plus the default kill timeout from when it was lost', () => {
    const a = withStop(2 * SECOND, 'lost');
    expect(shouldClientStop(a)).toBe(true);
    expect(waitClientStop(a, NOW + HOUR)).toBe(NOW + (2 + 5) * SECOND);
  });

  it('counts from now when the allocation has not been marked lost yet, and uses the longest kill timeout', () => {
    const a = withStop(2 * SECOND, 'running');
    a.Job.TaskGroups[0]!.Tasks[0]!.KillTimeout = 30 * SECOND;
    expect(waitClientStop(a, NOW)).toBe(NOW + 32 * SECOND);
  });

  it('uses the first lost transition', () => {
    const a = withStop(2 * SECOND, 'lost');
    a.AllocStates = [
      { Field: 'ClientStatus', Value: 'running', Time: NOW - HOUR },
      { Field: 'ClientStatus', Value: 'lost', Time: NOW - MINUTE },
      { Field: 'ClientStatus', Value: 'lost', Time: NOW },
    ];
    expect(waitClientStop(a, NOW + HOUR)).toBe(NOW - MINUTE + 7 * SECOND);
  });
});

describe('ranSuccessfully', () => {
  it('needs at least one task, and every task dead and not failed', () => {
    expect(ranSuccessfully(alloc({ TaskStates: null }))).toBe(false);
    expect(ranSuccessfully(alloc({ TaskStates: {} }))).toBe(false);
    expect(ranSuccessfully(alloc({ TaskStates: { a: finished(NOW, 'dead') } }))).toBe(true);
    expect(
      ranSuccessfully(
        alloc({ TaskStates: { a: finished(NOW, 'dead'), b: { ...finished(NOW, 'dead'), Failed: true } } }),
      ),
    ).toBe(false);
    expect(ranSuccessfully(alloc({ TaskStates: { a: finished(NOW, 'running') } }))).toBe(false);
  });
});

// ---------------------------------------------------------------------------
// Job, Node, UpdateStrategy, Deployment

describe('TestJob_CombinedTaskMeta', () => {
  const j = mockJob();
  j.Meta = { job_test: 'job', group_test: 'job', task_test: 'job' };
  const tg = j.TaskGroups[0]!;
  tg.Name = 'group';
  tg.Meta = { group_test: 'group', task_test: 'group' };
  tg.Tasks[0]!.Name = 'task';
  tg.Tasks[0]!.Meta = { task_test: 'task' };

  it('lets the deepest scope win', () => {
    expect({ ...combinedTaskMeta(j, 'group', 'task') }).toEqual({
      job_test: 'job',
      group_test: 'group',
      task_test: 'task',
    });
  });

  it('merges group over job for an unknown task', () => {
    expect({ ...combinedTaskMeta(j, 'group', '') }).toEqual({
      job_test: 'job',
      group_test: 'group',
      task_test: 'group',
    });
  });

  it('gives the job meta for an unknown group', () => {
    expect({ ...combinedTaskMeta(j, '', 'task') }).toEqual({
      job_test: 'job',
      group_test: 'job',
      task_test: 'job',
    });
  });
});

describe('Node status', () => {
  it('taints only down nodes by status, as ShouldDrainNode and TerminalStatus do', () => {
    expect(shouldDrainNode('down')).toBe(true);
    expect(shouldDrainNode('ready')).toBe(false);
    expect(shouldDrainNode('initializing')).toBe(false);
    const node = {
      ID: 'n',
      Name: '',
      Datacenter: 'dc1',
      NodeClass: '',
      Status: 'down',
      Drain: false,
      SchedulingEligibility: 'eligible',
      NodeResources: null,
      ReservedResources: null,
    } as const;
    expect(nodeTerminalStatus(node)).toBe(true);
    expect(nodeTerminalStatus({ ...node, Status: 'ready' })).toBe(false);
  });
});

describe('UpdateStrategy.IsEmpty', () => {
  it('is empty when absent or when max_parallel is 0', () => {
    const u = mockJob().TaskGroups[0]!.Update;
    expect(updateStrategyIsEmpty(u)).toBe(true);
    const strategy = {
      Stagger: 30 * SECOND,
      MaxParallel: 1,
      HealthCheck: 'checks',
      MinHealthyTime: 10 * SECOND,
      HealthyDeadline: 5 * MINUTE,
      ProgressDeadline: 10 * MINUTE,
      AutoRevert: false,
      AutoPromote: false,
      Canary: 0,
    };
    expect(updateStrategyIsEmpty(strategy)).toBe(false);
    expect(updateStrategyIsEmpty({ ...strategy, MaxParallel: 0, Canary: 2 })).toBe(true);
  });
});

describe('Deployment', () => {
  function deployment(status: DeploymentStatus, groups: Partial<DeploymentState>[]): Deployment {
    const d = newDeployment(mockJob(), 'd1');
    d.Status = status;
    groups.forEach((g, i) => d.TaskGroups.set(`g${i}`, { ...newDeploymentState(), ...g }));
    return d;
  }

  it('Active: running, paused, blocked and unblocking are active', () => {
    const active: DeploymentStatus[] = ['running', 'paused', 'blocked', 'unblocking'];
    const inactive: DeploymentStatus[] = ['failed', 'successful', 'cancelled', 'pending'];
    for (const s of active) expect(deploymentActive(deployment(s, []))).toBe(true);
    for (const s of inactive) expect(deploymentActive(deployment(s, []))).toBe(false);
  });

  it('RequiresPromotion: a running deployment with an unpromoted canary group', () => {
    expect(requiresPromotion(deployment('running', []))).toBe(false);
    expect(requiresPromotion(deployment('running', [{ DesiredCanaries: 0 }]))).toBe(false);
    expect(requiresPromotion(deployment('running', [{ DesiredCanaries: 2 }]))).toBe(true);
    expect(requiresPromotion(deployment('running', [{ DesiredCanaries: 2, Promoted: true }]))).toBe(false);
    expect(requiresPromotion(deployment('paused', [{ DesiredCanaries: 2 }]))).toBe(false);
  });

  it('HasAutoPromote: a running deployment whose every group auto-promotes', () => {
    expect(hasAutoPromote(deployment('running', []))).toBe(false);
    expect(hasAutoPromote(deployment('running', [{ AutoPromote: true }, { AutoPromote: true }]))).toBe(true);
    expect(hasAutoPromote(deployment('running', [{ AutoPromote: true }, { AutoPromote: false }]))).toBe(false);
    expect(hasAutoPromote(deployment('failed', [{ AutoPromote: true }]))).toBe(false);
  });

  it('NewDeployment takes JobModifyIndex from the job ModifyIndex and JobSpecModifyIndex from its JobModifyIndex', () => {
    const job = mockJob();
    job.ModifyIndex = 120;
    job.JobModifyIndex = 110;
    const d = newDeployment(job, 'd2');
    expect(d).toMatchObject({
      ID: 'd2',
      JobID: job.ID,
      JobVersion: 0,
      JobModifyIndex: 120,
      JobSpecModifyIndex: 110,
      JobCreateIndex: 42,
      IsMultiregion: false,
      Status: 'running',
      StatusDescription: 'Deployment is running',
    });
  });
});

// ---------------------------------------------------------------------------
// Bitmap

describe('TestBitmap', () => {
  it('rejects sizes that are zero or not byte aligned', () => {
    expect(() => new Bitmap(0)).toThrow();
    expect(() => new Bitmap(7)).toThrow();
  });

  it('sets, checks, lists and unsets indexes', () => {
    const b = new Bitmap(256);
    expect(b.size()).toBe(256);

    b.set(0);
    b.set(255);
    expect(b.check(0)).toBe(true);
    expect(b.check(255)).toBe(true);
    for (let i = 1; i < 255; i++) expect(b.check(i)).toBe(false);

    expect(b.indexesInRange(true, 0, 500)).toEqual([0, 255]);
    expect(b.indexesInRange(true, 1, 255)).toEqual([255]);
    expect(b.indexesInRange(false, 0, 256)).toHaveLength(254);
    expect(b.indexesInRange(false, 100, 200)).toHaveLength(101);

    // Upstream then copies and clears the bitmap; the engine's has neither.
    b.unset(0);
    b.unset(255);
    expect(b.check(0)).toBe(false);
    expect(b.check(255)).toBe(false);
    expect(b.indexesInRange(true, 0, 255)).toEqual([]);
  });

  it('unsets one index without touching its neighbours', () => {
    const b = new Bitmap(16);
    for (let i = 0; i < 16; i++) b.set(i);
    b.unset(9);
    expect(b.indexesInRange(false, 0, 15)).toEqual([9]);
  });

  it('lastIndexBelow wraps for a count of zero, as uint(0) - 1 does', () => {
    expect(lastIndexBelow(5)).toBe(4);
    const b = new Bitmap(8);
    b.set(3);
    expect(b.indexesInRange(true, 0, lastIndexBelow(0))).toEqual([3]);
  });
});
