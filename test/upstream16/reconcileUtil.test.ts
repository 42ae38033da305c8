// Upstream: hashicorp/nomad scheduler/reconcile_util_test.go at v1.6.5.
//
// The value types under the 1.6 reconciler: how a group's allocations are
// split by their nodes (filterByTainted, with 1.6's disconnecting,
// reconnecting and ignored sets), which count as running (shouldFilter),
// which are replaced now or later (filterByRescheduleable), and the index
// of names, which 1.6 taught to see duplicate names.
//
// Upstream's tables write each expected set out in full, allocation by
// allocation, as a copy of the input's entry; here a set is written as the
// IDs of its allocations, and the check is that the engine's set holds
// exactly the input's allocations with those IDs, unchanged.

import { describe, expect, test } from 'vitest';
import { AllocSet } from '../../src/engine/allocSet.ts';
import { bitmapFrom } from '../../src/engine/allocNameIndex.ts';
import {
  AllocClientStatusComplete,
  AllocClientStatusFailed,
  AllocClientStatusLost,
  AllocClientStatusPending,
  AllocClientStatusRunning,
  AllocClientStatusUnknown,
  AllocDesiredStatusEvict,
  AllocDesiredStatusRun,
  AllocDesiredStatusStop,
  NodeStatusDisconnected,
  NodeStatusDown,
  NodeStatusReady,
  SECOND,
} from '../../src/engine/structs.ts';
import type { AllocClientStatus, AllocDesiredStatus, Allocation, Job, Node } from '../../src/engine/structs.ts';
import {
  AllocNameIndex,
  filterByRescheduleable,
  filterByTainted,
  shouldFilter,
} from '../../src/engine/v1.6/reconcileUtil.ts';
import { wallClockNow } from '../upstream/harness.ts';
import { allocation, mockDrainNode, mockJob, node, unknownSince } from './mock.ts';

// idsOf lists the IDs of a set's allocations, sorted, as the table writes them.
function idsOf(set: AllocSet): string[] {
  return set.keys().sort();
}

// expectSet checks that a set holds exactly the allocations of all with the
// given IDs, the very objects given (so unchanged).
function expectSet(set: AllocSet, all: readonly Allocation[], ids: readonly string[], what: string): void {
  expect(idsOf(set), what).toEqual([...ids].sort());
  for (const id of ids) expect(set.get(id), `${what}: ${id}`).toBe(all.find((a) => a.ID === id));
}

describe('TestAllocSet_filterByTainted', () => {
  const nodes = new Map<string, Node | null>([
    ['draining', node({ ID: 'draining', DrainStrategy: mockDrainNode().DrainStrategy })],
    ['lost', node({ ID: 'lost', Status: NodeStatusDown })],
    ['nil', null],
    ['normal', node({ ID: 'normal', Status: NodeStatusReady })],
    ['disconnected', node({ ID: 'disconnected', Status: NodeStatusDisconnected })],
  ]);

  const testJob = mockJob();
  testJob.TaskGroups[0]!.MaxClientDisconnect = 5 * SECOND;
  const now = wallClockNow();

  const testJobNoMaxDisconnect = mockJob();
  testJobNoMaxDisconnect.TaskGroups[0]!.MaxClientDisconnect = null;

  const unknownAllocState = unknownSince(now);
  const expiredAllocState = unknownSince(now - 60 * SECOND);
  const reconnectedAllocState = [
    ...unknownSince(now - SECOND),
    { Field: 'ClientStatus' as const, Value: AllocClientStatusRunning, Time: now },
  ];

  // alloc is a table entry: the fields every entry sets, and the others given.
  const alloc = (
    ID: string,
    ClientStatus: AllocClientStatus,
    NodeID: string,
    fields: Partial<Allocation> = {},
  ): Allocation => allocation({ ID, ClientStatus, NodeID, Job: testJob, ...fields });
  // disco is an entry of the disconnected-client cases, which also set a name, a desired status and the group.
  const disco = (
    ID: string,
    Name: string,
    ClientStatus: AllocClientStatus,
    DesiredStatus: AllocDesiredStatus,
    NodeID: string,
    fields: Partial<Allocation> = {},
  ): Allocation => alloc(ID, ClientStatus, NodeID, { Name, DesiredStatus, TaskGroup: 'web', ...fields });

  const running = AllocClientStatusRunning;
  const run = AllocDesiredStatusRun;
  const stop = AllocDesiredStatusStop;

  interface Case {
    name: string;
    supportsDisconnectedClients: boolean;
    // skipNilNodeTest: the case means something only with the tainted nodes given.
    skipNilNodeTest: boolean;
    all: Allocation[];
    untainted?: string[];
    migrate?: string[];
    lost?: string[];
    disconnecting?: string[];
    reconnecting?: string[];
    ignore?: string[];
  }

  const cases: Case[] = [
    // The first two keep to what happened before clients could disconnect.
    {
      name: 'lost-client',
      supportsDisconnectedClients: false,
      skipNilNodeTest: false,
      all: [
        alloc('untainted1', running, 'normal'),
        // Terminal allocations are untainted, on any node.
        alloc('untainted2', AllocClientStatusComplete, 'normal'),
        alloc('untainted3', AllocClientStatusComplete, 'draining'),
        alloc('untainted4', AllocClientStatusComplete, 'lost'),
        // Running ones asked to migrate do so, from a draining node or a gone one.
        alloc('migrating1', running, 'draining', { DesiredTransition: migrate() }),
        alloc('migrating2', running, 'nil', { DesiredTransition: migrate() }),
      ],
      untainted: ['untainted1', 'untainted2', 'untainted3', 'untainted4'],
      migrate: ['migrating1', 'migrating2'],
    },
    {
      name: 'lost-client-only-tainted-nodes',
      supportsDisconnectedClients: false,
      skipNilNodeTest: true,
      all: [alloc('lost1', AllocClientStatusPending, 'lost'), alloc('lost2', running, 'lost')],
      lost: ['lost1', 'lost2'],
    },
    {
      name: 'disco-client-disconnect-unset-max-disconnect',
      supportsDisconnectedClients: true,
      skipNilNodeTest: true,
      all: [
        // Without max_client_disconnect a disconnected node's allocation is lost.
        disco('lost-running', 'lost-running', running, run, 'disconnected', { Job: testJobNoMaxDisconnect }),
      ],
      lost: ['lost-running'],
    },
    // Everything below has clients that may disconnect.
    {
      name: 'disco-client-untainted-reconnect-failed-and-replaced',
      supportsDisconnectedClients: true,
      skipNilNodeTest: false,
      all: [
        disco('running-replacement', 'web', running, run, 'normal', { PreviousAllocation: 'failed-original' }),
        // A failed original on a node that is back, still wanted running, reconnects so that it can be stopped.
        disco('failed-original', 'web', AllocClientStatusFailed, run, 'normal', { AllocStates: unknownAllocState }),
      ],
      untainted: ['running-replacement'],
      reconnecting: ['failed-original'],
    },
    {
      name: 'disco-client-reconnecting-running-no-replacement',
      supportsDisconnectedClients: true,
      skipNilNodeTest: false,
      all: [
        disco('reconnecting-running-no-replacement', 'web', running, run, 'normal', {
          AllocStates: unknownAllocState,
        }),
      ],
      reconnecting: ['reconnecting-running-no-replacement'],
    },
    {
      name: 'disco-client-terminal',
      supportsDisconnectedClients: true,
      skipNilNodeTest: false,
      all: [
        disco('ignored-reconnect-complete', 'ignored-reconnect-complete', AllocClientStatusComplete, run, 'normal', {
          AllocStates: unknownAllocState,
        }),
        // A failed one reconnects, so that the server marks it stopped.
        disco('reconnecting-failed', 'reconnecting-failed', AllocClientStatusFailed, run, 'normal', {
          AllocStates: unknownAllocState,
        }),
        disco('ignored-reconnect-lost', 'ignored-reconnect-lost', AllocClientStatusLost, stop, 'normal', {
          AllocStates: unknownAllocState,
        }),
        disco(
          'ignored-reconnect-complete-replacement',
          'ignored-reconnect-complete',
          AllocClientStatusComplete,
          run,
          'normal',
          { AllocStates: unknownAllocState, PreviousAllocation: 'untainted-reconnect-complete' },
        ),
        disco(
          'ignored-reconnect-failed-replacement',
          'ignored-reconnect-failed',
          AllocClientStatusFailed,
          stop,
          'normal',
          { PreviousAllocation: 'reconnecting-failed' },
        ),
        disco('ignored-reconnect-lost-replacement', 'ignored-reconnect-lost', AllocClientStatusLost, stop, 'normal', {
          AllocStates: unknownAllocState,
          PreviousAllocation: 'untainted-reconnect-lost',
        }),
      ],
      reconnecting: ['reconnecting-failed'],
      ignore: [
        'ignored-reconnect-complete',
        'ignored-reconnect-lost',
        'ignored-reconnect-complete-replacement',
        'ignored-reconnect-failed-replacement',
        'ignored-reconnect-lost-replacement',
      ],
    },
    {
      name: 'disco-client-disconnect',
      supportsDisconnectedClients: true,
      skipNilNodeTest: true,
      all: [
        disco('disconnect-running', 'disconnect-running', running, run, 'disconnected'),
        // Already unknown: acknowledged, so not replaced again.
        disco('untainted-unknown', 'untainted-unknown', AllocClientStatusUnknown, run, 'disconnected', {
          AllocStates: unknownAllocState,
        }),
        disco('lost-unknown', 'lost-unknown', AllocClientStatusUnknown, run, 'disconnected', {
          AllocStates: expiredAllocState,
        }),
        disco('lost-pending', 'lost-pending', AllocClientStatusPending, run, 'disconnected'),
        disco('lost-expired', 'lost-expired', AllocClientStatusUnknown, run, 'normal', {
          AllocStates: expiredAllocState,
        }),
        disco(
          'ignore-reconnected-failed-stopped',
          'ignore-reconnected-failed-stopped',
          AllocClientStatusFailed,
          stop,
          'disconnected',
          { AllocStates: unknownAllocState },
        ),
      ],
      untainted: ['untainted-unknown'],
      disconnecting: ['disconnect-running'],
      ignore: ['ignore-reconnected-failed-stopped'],
      lost: ['lost-unknown', 'lost-pending', 'lost-expired'],
    },
    {
      name: 'disco-client-reconnect',
      supportsDisconnectedClients: true,
      skipNilNodeTest: false,
      all: [
        disco('lost-expired-reconnect', 'lost-expired-reconnect', AllocClientStatusUnknown, run, 'normal', {
          AllocStates: expiredAllocState,
        }),
      ],
      lost: ['lost-expired-reconnect'],
    },
    {
      name: 'disco-client-running-reconnecting-and-replacement-untainted',
      supportsDisconnectedClients: true,
      skipNilNodeTest: false,
      all: [
        disco('running-replacement', 'web', running, run, 'normal', { PreviousAllocation: 'running-original' }),
        disco('running-original', 'web', running, run, 'normal', { AllocStates: unknownAllocState }),
      ],
      untainted: ['running-replacement'],
      reconnecting: ['running-original'],
    },
    {
      // Once reconnected, an allocation is untainted again, so that job updates reach it.
      name: 'disco-client-reconnected-alloc-untainted',
      supportsDisconnectedClients: true,
      skipNilNodeTest: false,
      all: [disco('running-reconnected', 'web', running, run, 'normal', { AllocStates: reconnectedAllocState })],
      untainted: ['running-reconnected'],
    },
  ];

  test.each(cases)('$name', (tc) => {
    const check = (taintedNodes: ReadonlyMap<string, Node | null>, label: string) => {
      const r = filterByTainted(AllocSet.group(tc.all), taintedNodes, tc.supportsDisconnectedClients, now);
      expectSet(r.untainted, tc.all, tc.untainted ?? [], `${label}: untainted`);
      expectSet(r.migrate, tc.all, tc.migrate ?? [], `${label}: migrate`);
      expectSet(r.lost, tc.all, tc.lost ?? [], `${label}: lost`);
      expectSet(r.disconnecting, tc.all, tc.disconnecting ?? [], `${label}: disconnecting`);
      expectSet(r.reconnecting, tc.all, tc.reconnecting ?? [], `${label}: reconnecting`);
      expectSet(r.ignore, tc.all, tc.ignore ?? [], `${label}: ignore`);
    };
    check(nodes, 'with-nodes');
    if (tc.skipNilNodeTest) return;
    // The same split with no tainted nodes at all.
    check(new Map(), 'without-nodes');
  });
});

// migrate is a desired transition asking the allocation to migrate.
function migrate(): Allocation['DesiredTransition'] {
  return { Migrate: true, Reschedule: null, ForceReschedule: null };
}

describe('TestReconcile_shouldFilter', () => {
  const cases: {
    description: string;
    batch: boolean;
    failed: boolean;
    desiredStatus: AllocDesiredStatus;
    clientStatus: AllocClientStatus;
    untainted: boolean;
    ignore: boolean;
  }[] = [
    {
      description: 'batch running',
      batch: true,
      failed: false,
      desiredStatus: AllocDesiredStatusRun,
      clientStatus: AllocClientStatusRunning,
      untainted: true,
      ignore: false,
    },
    {
      description: 'batch stopped success',
      batch: true,
      failed: false,
      desiredStatus: AllocDesiredStatusStop,
      clientStatus: AllocClientStatusRunning,
      untainted: true,
      ignore: false,
    },
    {
      description: 'batch stopped failed',
      batch: true,
      failed: true,
      desiredStatus: AllocDesiredStatusStop,
      clientStatus: AllocClientStatusComplete,
      untainted: false,
      ignore: true,
    },
    {
      description: 'batch evicted',
      batch: true,
      failed: false,
      desiredStatus: AllocDesiredStatusEvict,
      clientStatus: AllocClientStatusComplete,
      untainted: false,
      ignore: true,
    },
    {
      description: 'batch failed',
      batch: true,
      failed: false,
      desiredStatus: AllocDesiredStatusRun,
      clientStatus: AllocClientStatusFailed,
      untainted: false,
      ignore: false,
    },
    {
      description: 'service running',
      batch: false,
      failed: false,
      desiredStatus: AllocDesiredStatusRun,
      clientStatus: AllocClientStatusRunning,
      untainted: false,
      ignore: false,
    },
    {
      description: 'service stopped',
      batch: false,
      failed: false,
      desiredStatus: AllocDesiredStatusStop,
      clientStatus: AllocClientStatusComplete,
      untainted: false,
      ignore: true,
    },
    {
      description: 'service evicted',
      batch: false,
      failed: false,
      desiredStatus: AllocDesiredStatusEvict,
      clientStatus: AllocClientStatusComplete,
      untainted: false,
      ignore: true,
    },
    {
      description: 'service client complete',
      batch: false,
      failed: false,
      desiredStatus: AllocDesiredStatusRun,
      clientStatus: AllocClientStatusComplete,
      untainted: false,
      ignore: true,
    },
  ];

  test.each(cases)('$description', (tc) => {
    const a = allocation({
      DesiredStatus: tc.desiredStatus,
      TaskStates: { task: { State: 'dead', Failed: tc.failed, FinishedAt: 0 } },
      ClientStatus: tc.clientStatus,
    });
    const { untainted, ignore } = shouldFilter(a, tc.batch);
    expect(untainted).toBe(tc.untainted);
    expect(ignore).toBe(tc.ignore);
  });
});

// An allocation whose index is a multiple of eight and above the minimum
// size still fits its bitmap (upstream's issue 3008).
test('TestBitmapFrom', () => {
  const input = AllocSet.group([allocation({ ID: '8', JobID: 'foo', TaskGroup: 'bar', Name: 'foo.bar[8]' })]);
  let { bitmap, duplicates } = bitmapFrom(input, 1);
  expect(bitmap.size()).toBe(16);
  expect(duplicates.size).toBe(0);

  ({ bitmap, duplicates } = bitmapFrom(input, 8));
  expect(bitmap.size()).toBe(16);
  expect(duplicates.size).toBe(0);
});

// cacheAllocs are the allocations of upstream's name index tables: three of
// job "example", group "cache", named with indexes 0 to 2. Upstream keys them
// by an ID its allocations do not carry; here each carries its key as its ID.
function cacheAllocs(): AllocSet {
  return AllocSet.group([
    cacheAlloc('6b255fa3-c2cb-94de-5ddd-41aac25a6851', 0),
    cacheAlloc('e24771e6-8900-5d2d-ec93-e7076284774a', 1),
    cacheAlloc('d7842822-32c4-1a1c-bac8-66c3f20dfb0f', 2),
  ]);
}

// cacheAlloc is one allocation of the name index tables.
function cacheAlloc(ID: string, index: number): Allocation {
  return allocation({ ID, Name: `example.cache[${index}]`, JobID: 'example', TaskGroup: 'cache' });
}

describe('Test_allocNameIndex_Highest', () => {
  const cases = [
    { name: 'select 1', inputN: 1, expectedOutput: ['example.cache[2]'] },
    { name: 'select all', inputN: 3, expectedOutput: ['example.cache[2]', 'example.cache[1]', 'example.cache[0]'] },
    {
      name: 'select too many',
      inputN: 13,
      expectedOutput: ['example.cache[2]', 'example.cache[1]', 'example.cache[0]'],
    },
  ];

  test.each(cases)('$name', (tc) => {
    const nameIndex = new AllocNameIndex('example', 'cache', 3, cacheAllocs());
    expect(nameIndex.highest(tc.inputN)).toEqual(new Set(tc.expectedOutput));
  });
});

describe('Test_allocNameIndex_NextCanaries', () => {
  test('single canary', () => {
    const nameIndex = new AllocNameIndex('example', 'cache', 3, cacheAllocs());
    const destructive = cacheAllocs();
    const next = nameIndex.nextCanaries(1, destructive.empty(), destructive);
    expect(new Set(next)).toEqual(new Set(['example.cache[0]']));
  });
});

describe('Test_allocNameIndex_Next', () => {
  const cases = [
    {
      name: 'empty existing bitmap',
      input: () => AllocSet.group([]),
      inputN: 3,
      expectedOutput: ['example.cache[0]', 'example.cache[1]', 'example.cache[2]'],
    },
    {
      name: 'non-empty existing bitmap simple',
      input: cacheAllocs,
      inputN: 3,
      expectedOutput: ['example.cache[0]', 'example.cache[1]', 'example.cache[2]'],
    },
  ];

  test.each(cases)('$name', (tc) => {
    const nameIndex = new AllocNameIndex('example', 'cache', 3, tc.input());
    expect(new Set(nameIndex.next(tc.inputN))).toEqual(new Set(tc.expectedOutput));
  });
});

// NameIndexProbe opens the index's bitmap and duplicate counts to the test,
// as upstream's test, in the same package, reads its unexported fields.
class NameIndexProbe extends AllocNameIndex {
  bitmapSize(): number {
    return this.b.size();
  }
  bitmapCheck(idx: number): boolean {
    return this.b.check(idx);
  }
  duplicateCount(): number {
    return this.duplicates.size;
  }
}

// Two allocations named with index 0: the index knows 0 is held twice.
// Freeing 0 forgets the duplicate but keeps 0 taken, so the next free name is 3.
test('Test_allocNameIndex_Duplicates', () => {
  const input = AllocSet.group([
    cacheAlloc('6b255fa3-c2cb-94de-5ddd-41aac25a6851', 0),
    cacheAlloc('e24771e6-8900-5d2d-ec93-e7076284774a', 1),
    cacheAlloc('d7842822-32c4-1a1c-bac8-66c3f20dfb0f', 2),
    cacheAlloc('76a6a487-016b-2fc2-8295-d811473ca93d', 0),
  ]);

  const tracker = new NameIndexProbe('example', 'cache', 4, input);
  expect(tracker.bitmapSize()).toBe(8);
  expect(tracker.duplicateCount()).toBe(1);
  expect(tracker.isDuplicate(0)).toBe(true);

  tracker.unsetIndex(0);
  expect(tracker.duplicateCount()).toBe(0);
  expect(tracker.bitmapCheck(0)).toBe(true);

  const nextAllocNames = tracker.next(1);
  expect(nextAllocNames).toEqual(['example.cache[3]']);
});

describe('TestAllocSet_filterByRescheduleable', () => {
  // A job whose group may not be rescheduled, and one whose group may be once.
  const noRescheduleJob = jobWithPolicy('noRescheduleTG', 0);
  const testJob = jobWithPolicy('rescheduleTG', 1);
  const now = wallClockNow();

  const cases: {
    name: string;
    isBatch: boolean;
    isDisconnecting: boolean;
    all: Allocation[];
    untainted: string[];
    resNow: string[];
  }[] = [
    {
      name: 'batch disconnecting allocation no reschedule',
      isDisconnecting: true,
      isBatch: true,
      all: [
        allocation({
          ID: 'untainted1',
          ClientStatus: AllocClientStatusRunning,
          Job: noRescheduleJob,
          TaskGroup: 'noRescheduleTG',
        }),
      ],
      untainted: ['untainted1'],
      resNow: [],
    },
    {
      name: 'batch ignore unknown disconnecting allocs',
      isDisconnecting: true,
      isBatch: true,
      all: [allocation({ ID: 'disconnection1', ClientStatus: AllocClientStatusUnknown, Job: testJob })],
      untainted: [],
      resNow: [],
    },
    {
      name: 'batch disconnecting allocation reschedule',
      isDisconnecting: true,
      isBatch: true,
      all: [
        allocation({
          ID: 'rescheduleNow1',
          ClientStatus: AllocClientStatusRunning,
          Job: testJob,
          TaskGroup: 'rescheduleTG',
        }),
      ],
      untainted: [],
      resNow: ['rescheduleNow1'],
    },
    {
      name: 'service disconnecting allocation no reschedule',
      isDisconnecting: true,
      isBatch: false,
      all: [
        allocation({
          ID: 'untainted1',
          ClientStatus: AllocClientStatusRunning,
          Job: noRescheduleJob,
          TaskGroup: 'noRescheduleTG',
        }),
      ],
      untainted: ['untainted1'],
      resNow: [],
    },
    {
      name: 'service disconnecting allocation reschedule',
      isDisconnecting: true,
      isBatch: false,
      all: [
        allocation({
          ID: 'rescheduleNow1',
          ClientStatus: AllocClientStatusRunning,
          Job: testJob,
          TaskGroup: 'rescheduleTG',
        }),
      ],
      untainted: [],
      resNow: ['rescheduleNow1'],
    },
    {
      name: 'service ignore unknown disconnecting allocs',
      isDisconnecting: true,
      isBatch: false,
      all: [allocation({ ID: 'disconnection1', ClientStatus: AllocClientStatusUnknown, Job: testJob })],
      untainted: [],
      resNow: [],
    },
    {
      name: 'service running allocation no reschedule',
      isDisconnecting: false,
      isBatch: true,
      all: [
        allocation({
          ID: 'untainted1',
          ClientStatus: AllocClientStatusRunning,
          Job: noRescheduleJob,
          TaskGroup: 'noRescheduleTG',
        }),
      ],
      untainted: ['untainted1'],
      resNow: [],
    },
  ];

  test.each(cases)('$name', (tc) => {
    const r = filterByRescheduleable(AllocSet.group(tc.all), tc.isBatch, tc.isDisconnecting, now, 'evailID', null);
    expectSet(r.untainted, tc.all, tc.untainted, 'untainted');
    expectSet(r.rescheduleNow, tc.all, tc.resNow, 'reschedule-now');
    expect(r.rescheduleLater, 'rescheduleLater').toEqual([]);
  });
});

// jobWithPolicy is a mock job whose only group, renamed, may be rescheduled
// the given number of times (no interval, no delay). Upstream's group is
// bare but for its name and policy; the rest of the mock's group is not
// read when filtering.
function jobWithPolicy(name: string, attempts: number): Job {
  const job = mockJob();
  job.TaskGroups[0] = {
    ...job.TaskGroups[0]!,
    Name: name,
    ReschedulePolicy: { Attempts: attempts, Unlimited: false, Interval: 0, Delay: 0, DelayFunction: '', MaxDelay: 0 },
  };
  return job;
}
