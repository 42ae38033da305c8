// Tests for src/engine/v0.12/util.ts (and the shared jsonEqual), after upstream's scheduler/util_test.go at
// hashicorp/nomad dccea99f7e (TestTaintedNodes, TestTaskUpdatedAffinity,
// TestTaskUpdatedSpread, TestTasksUpdated), followed by the engine's own
// cases for reasons, the contract's deviations and genericAllocUpdateFn.

import { describe, expect, it } from 'vitest';
import {
  genericAllocUpdateFn,
  networkUpdatedReason,
  taintedNodes,
  tasksUpdated,
  tasksUpdatedReason,
} from '../../src/engine/v0.12/util.ts';
import { jsonEqual } from '../../src/engine/jsonEqual.ts';
import { devicesEqual } from '../../src/engine/util.ts';
import type { Allocation, Job, Node, RequestedDevice, Task, TaskGroup } from '../../src/engine/structs.ts';
import { mockAlloc, mockJob, mockNode, network, port } from './fixtures.ts';

// ---------------------------------------------------------------------------
// helpers

function group(job: Job): TaskGroup {
  return job.TaskGroups[0]!;
}

function task(job: Job): Task {
  return group(job).Tasks[0]!;
}

function nodeMap(...nodes: Node[]): Map<string, Node> {
  return new Map(nodes.map((n) => [n.ID, n]));
}

const DC1_AFFINITY = { LTarget: 'node.datacenter', RTarget: 'dc1', Operand: '=', Weight: 100 };
const R1_R2_SPREAD = {
  Attribute: 'node.datacenter',
  Weight: 100,
  SpreadTarget: [
    { Value: 'r1', Percent: 50 },
    { Value: 'r2', Percent: 50 },
  ],
};

// ---------------------------------------------------------------------------
// upstream scenarios

describe('TestTaintedNodes', () => {
  it('maps down and draining nodes to themselves, vanished nodes to null, and leaves healthy nodes out', () => {
    const node1 = mockNode();
    const node2 = mockNode();
    node2.Datacenter = 'dc2';
    const node3 = mockNode();
    node3.Datacenter = 'dc2';
    node3.Status = 'down';
    const node4 = mockNode();
    node4.Drain = true;
    const nodes = nodeMap(node1, node2, node3, node4);

    const gone = '12345678-abcd-efab-cdef-123456789abc';
    const allocs = [node1.ID, node2.ID, node3.ID, node4.ID, gone].map((NodeID) => ({ ...mockAlloc(), NodeID }));
    const tainted = taintedNodes(nodes, allocs);

    expect(tainted.size).toBe(3);
    expect(tainted.has(node1.ID)).toBe(false);
    expect(tainted.has(node2.ID)).toBe(false);
    expect(tainted.get(node3.ID)).toBe(node3);
    expect(tainted.get(node4.ID)).toBe(node4);
    expect(tainted.has(gone)).toBe(true);
    expect(tainted.get(gone)).toBeNull();
  });
});

describe('TestTaskUpdatedAffinity', () => {
  it('sees a group or task affinity added, but not one moved between levels', () => {
    const j1 = mockJob();
    const j2 = mockJob();
    const name = group(j1).Name;
    expect(tasksUpdated(j1, j2, name)).toBe(false);

    group(j2).Affinities = [{ ...DC1_AFFINITY }];
    expect(tasksUpdated(j1, j2, name)).toBe(true);

    const j3 = mockJob();
    task(j3).Affinities = [{ ...DC1_AFFINITY }];
    expect(tasksUpdated(j1, j3, name)).toBe(true);

    const j4 = mockJob();
    task(j4).Affinities = [{ ...DC1_AFFINITY }];
    expect(tasksUpdated(j1, j4, name)).toBe(true);

    // The same affinity at job level in one and group level in the other.
    const j5 = mockJob();
    j5.Affinities = [{ ...DC1_AFFINITY }];
    const j6 = mockJob();
    j6.Affinities = [];
    group(j6).Affinities = [{ ...DC1_AFFINITY }];
    expect(tasksUpdated(j5, j6, name)).toBe(false);
  });
});

describe('TestTaskUpdatedSpread', () => {
  it('sees a group spread added, but not one moved between job and group', () => {
    const j1 = mockJob();
    const j2 = mockJob();
    const name = group(j1).Name;
    expect(tasksUpdated(j1, j2, name)).toBe(false);

    group(j2).Spreads = [structuredClone(R1_R2_SPREAD)];
    expect(tasksUpdated(j1, j2, name)).toBe(true);

    const j5 = mockJob();
    j5.Spreads = [structuredClone(R1_R2_SPREAD)];
    const j6 = mockJob();
    group(j6).Spreads = [structuredClone(R1_R2_SPREAD)];
    expect(tasksUpdated(j5, j6, name)).toBe(false);
  });
});

describe('TestTasksUpdated', () => {
  const j1 = mockJob();
  const name = group(j1).Name;

  it('is false for two identical jobs', () => {
    expect(tasksUpdated(j1, mockJob(), name)).toBe(false);
  });

  // Each case edits a fresh mock job; every edit is destructive.
  const cases: [string, (j: Job) => void][] = [
    ['j2: config command', (j) => (task(j).Config['command'] = '/bin/other')],
    ['j3: task renamed', (j) => (task(j).Name = 'foo')],
    ['j4: driver', (j) => (task(j).Driver = 'foo')],
    ['j5: task appended', (j) => group(j).Tasks.push(task(j))],
    [
      'j6: dynamic port added',
      (j) => (task(j).Resources.Networks[0]!.DynamicPorts = [port('http'), port('https'), port('admin')]),
    ],
    ['j7: env added', (j) => (task(j).Env['NEW_ENV'] = 'NEW_VALUE')],
    ['j8: user', (j) => (task(j).User = 'foo')],
    ['j9: artifact added', (j) => (task(j).Artifacts = [{ GetterSource: 'http://foo.com/bar' }])],
    ['j10: task meta added', (j) => (task(j).Meta['baz'] = 'boom')],
    ['j11: CPU', (j) => (task(j).Resources.CPU = 1337)],
    ['j12: network MBits', (j) => (task(j).Resources.Networks[0]!.MBits = 100)],
    ['j13: dynamic port label', (j) => (task(j).Resources.Networks[0]!.DynamicPorts[0]!.Label = 'foobar')],
    ['j14: reserved port added', (j) => (task(j).Resources.Networks[0]!.ReservedPorts = [port('foo', 1312)])],
    ['j15: vault added', (j) => (task(j).Vault = { Policies: ['foo'] })],
    ['j16: sticky disk', (j) => (group(j).EphemeralDisk.Sticky = true)],
    ['j17: group meta added', (j) => (group(j).Meta['j17_test'] = 'roll_baby_roll')],
    ['j18: job meta added', (j) => (j.Meta['j18_test'] = 'roll_baby_roll')],
  ];
  it.each(cases)('is true after %s', (_desc, edit) => {
    const j = mockJob();
    edit(j);
    expect(tasksUpdated(j1, j, name)).toBe(true);
  });

  it('j11d1/j11d2: is true when a device count changes', () => {
    const a = mockJob();
    task(a).Resources.Devices = [{ Name: 'gpu', Count: 1, Constraints: [], Affinities: [] }];
    const b = mockJob();
    task(b).Resources.Devices = [{ Name: 'gpu', Count: 2, Constraints: [], Affinities: [] }];
    expect(tasksUpdated(a, b, name)).toBe(true);
  });

  it('j19/j20: group networks compare like task networks, and their mode counts', () => {
    const moveToGroup = (j: Job): Job => {
      group(j).Networks = task(j).Resources.Networks;
      task(j).Resources.Networks = [];
      return j;
    };
    const j19 = moveToGroup(mockJob());
    const j20 = moveToGroup(mockJob());
    expect(tasksUpdated(j19, j20, name)).toBe(false);

    group(j20).Networks[0]!.Mode = 'bridge';
    expect(tasksUpdated(j19, j20, name)).toBe(true);
  });
});

// ---------------------------------------------------------------------------
// reasons, in upstream's order of checks

describe('tasksUpdatedReason', () => {
  const name = 'web';

  it('is null when nothing destructive changed', () => {
    const b = mockJob();
    // Fields outside tasksUpdated: the job may be updated in place.
    b.Version = 3;
    b.JobModifyIndex = 200;
    group(b).Count = 3;
    group(b).ReschedulePolicy!.Attempts = 7;
    task(b).KillTimeout = 30e9;
    expect(tasksUpdatedReason(mockJob(), b, name)).toBeNull();
  });

  const cases: [string, (j: Job) => void][] = [
    ['task count changed', (j) => group(j).Tasks.push({ ...task(j), Name: 'sidecar' })],
    ['ephemeral disk changed', (j) => (group(j).EphemeralDisk.SizeMB = 300)],
    ['group networks added or removed', (j) => (group(j).Networks = [network(10)])],
    ['affinities changed', (j) => (j.Affinities = [{ ...DC1_AFFINITY }])],
    ['spreads changed', (j) => (j.Spreads = [structuredClone(R1_R2_SPREAD)])],
    ['task "web": not in the other job', (j) => (task(j).Name = 'other')],
    ['task "web": driver changed', (j) => (task(j).Driver = 'docker')],
    ['task "web": user changed', (j) => (task(j).User = 'nobody')],
    ['task "web": config changed', (j) => (task(j).Config['args'] = ['-u'])],
    ['task "web": env changed', (j) => (task(j).Env['FOO'] = 'baz')],
    ['task "web": artifacts changed', (j) => (task(j).Artifacts = [{ GetterSource: 'http://x' }])],
    ['task "web": vault changed', (j) => (task(j).Vault = { Policies: ['p'] })],
    ['task "web": templates changed', (j) => (task(j).Templates = [{ DestPath: 'local/x' }])],
    ['task "web": meta changed (combined job/group/task meta)', (j) => (j.Meta['owner'] = 'someone')],
    ['task "web": networks added or removed', (j) => (task(j).Resources.Networks = [])],
    ['task "web": network mode changed', (j) => (task(j).Resources.Networks[0]!.Mode = 'host')],
    ['task "web": network bandwidth changed', (j) => (task(j).Resources.Networks[0]!.MBits = 10)],
    ['task "web": network ports changed', (j) => task(j).Resources.Networks[0]!.ReservedPorts.push(port('db', 5432))],
    ['task "web": CPU changed', (j) => (task(j).Resources.CPU = 100)],
    ['task "web": memory changed', (j) => (task(j).Resources.MemoryMB = 512)],
    [
      'task "web": devices changed',
      (j) => task(j).Resources.Devices.push({ Name: 'gpu', Count: 1, Constraints: [], Affinities: [] }),
    ],
  ];
  it.each(cases)('says "%s"', (reason, edit) => {
    const b = mockJob();
    edit(b);
    expect(tasksUpdatedReason(mockJob(), b, name)).toBe(reason);
  });

  it('reports the first change in upstream order when several changed', () => {
    const b = mockJob();
    task(b).Resources.CPU = 100;
    task(b).Driver = 'docker';
    group(b).EphemeralDisk.Sticky = true;
    expect(tasksUpdatedReason(mockJob(), b, name)).toBe('ephemeral disk changed');
    group(b).EphemeralDisk.Sticky = false;
    expect(tasksUpdatedReason(mockJob(), b, name)).toBe('task "web": driver changed');
  });

  it('treats a group missing from either job as a change', () => {
    const b = mockJob();
    group(b).Name = 'api';
    expect(tasksUpdatedReason(mockJob(), b, name)).toBe('group "web" is not in both jobs');
    expect(tasksUpdatedReason(b, mockJob(), name)).toBe('group "web" is not in both jobs');
  });

  it('does not see meta moved between job, group and task while its value stays', () => {
    const b = mockJob();
    delete b.Meta['owner'];
    task(b).Meta['owner'] = 'armon';
    expect(tasksUpdatedReason(mockJob(), b, name)).toBeNull();
    // A task value that shadows a different job value is a change.
    task(b).Meta['owner'] = 'other';
    expect(tasksUpdatedReason(mockJob(), b, name)).toBe('task "web": meta changed (combined job/group/task meta)');
  });

  it('compares port labels and reserved values, not dynamic values or port order', () => {
    const b = mockJob();
    task(b).Resources.Networks[0]!.DynamicPorts = [port('admin', 22001), port('http', 22000)];
    expect(tasksUpdatedReason(mockJob(), b, name)).toBeNull();

    const a = mockJob();
    task(a).Resources.Networks[0]!.ReservedPorts = [port('db', 5432)];
    const c = mockJob();
    task(c).Resources.Networks[0]!.ReservedPorts = [port('db', 5433)];
    expect(tasksUpdatedReason(a, c, name)).toBe('task "web": network ports changed');
  });

  it('compares config maps regardless of key order but lists in order', () => {
    const a = mockJob();
    task(a).Config = { command: '/bin/date', args: ['-u', '-R'], opts: { x: 1, y: 2 } };
    const b = mockJob();
    task(b).Config = { opts: { y: 2, x: 1 }, args: ['-u', '-R'], command: '/bin/date' };
    expect(tasksUpdatedReason(a, b, name)).toBeNull();
    task(b).Config['args'] = ['-R', '-u'];
    expect(tasksUpdatedReason(a, b, name)).toBe('task "web": config changed');
  });

  it('treats an absent map or list as empty (the contract deviation)', () => {
    const a = mockJob();
    const b = mockJob();
    // Simulate documents that leave the fields out entirely.
    const loose = task(b) as unknown as Record<string, unknown>;
    loose['Artifacts'] = null;
    loose['Templates'] = undefined;
    loose['Env'] = null;
    task(a).Env = {};
    task(a).Vault = {};
    task(a).Config['args'] = [];
    group(b).Affinities = null as unknown as [];
    expect(tasksUpdatedReason(a, b, name)).toBeNull();
    expect(tasksUpdatedReason(b, a, name)).toBeNull();
  });

  it('still tells an empty string in a config map from an absent key', () => {
    const b = mockJob();
    task(b).Config['args'] = '';
    expect(tasksUpdatedReason(mockJob(), b, name)).toBe('task "web": config changed');
  });

  it('treats an absent struct field as its zero value in artifacts, vault, templates and affinities', () => {
    const a = mockJob();
    task(a).Artifacts = [{ GetterSource: 'http://x' }];
    task(a).Vault = { Policies: ['p'] };
    const b = mockJob();
    task(b).Artifacts = [{ GetterSource: 'http://x', RelativeDest: '', GetterOptions: null }];
    task(b).Vault = { Policies: ['p'], Namespace: '', Env: false };
    expect(tasksUpdatedReason(a, b, name)).toBeNull();
    task(b).Vault = { Policies: ['p'], Env: true };
    expect(tasksUpdatedReason(a, b, name)).toBe('task "web": vault changed');
  });
});

describe('tasksUpdatedReason and fields newer than dccea99f7e', () => {
  const name = group(mockJob()).Name;
  // Upstream compares its Go structs, which at dccea99f7e lack these fields:
  // Go's decoder drops them, so no value of theirs makes an update destructive.
  const newer: [string, (j: Job) => void][] = [
    ['Vault.Namespace', (j) => (task(j).Vault = { Policies: ['p'], Namespace: 'team-b' })],
    ['Template.Wait', (j) => (task(j).Templates = [{ EmbeddedTmpl: 'x', Wait: { Min: 5e9 } }])],
    ['Template.ChangeScript', (j) => (task(j).Templates = [{ EmbeddedTmpl: 'x', ChangeScript: { Command: '/x' } }])],
    [
      'TaskArtifact.GetterHeaders',
      (j) => (task(j).Artifacts = [{ GetterSource: 'http://x', GetterHeaders: { a: 'b' } }]),
    ],
    ['Affinity.extra', (j) => (group(j).Affinities = [{ ...DC1_AFFINITY, Extra: 1 }])],
    [
      'Spread.extra',
      (j) =>
        (group(j).Spreads = [
          { Attribute: 'a', Weight: 50, SpreadTarget: [{ Value: 'x', Percent: 5, Extra: 1 }], Extra: 2 },
        ]),
    ],
  ];
  const base = (j: Job) => {
    task(j).Vault = { Policies: ['p'] };
    task(j).Templates = [{ EmbeddedTmpl: 'x' }];
    task(j).Artifacts = [{ GetterSource: 'http://x' }];
    group(j).Affinities = [DC1_AFFINITY];
    group(j).Spreads = [{ Attribute: 'a', Weight: 50, SpreadTarget: [{ Value: 'x', Percent: 5 }] }];
  };

  it.each(newer)('ignores %s', (_, set) => {
    const a = mockJob();
    base(a);
    const b = structuredClone(a);
    set(b);
    expect(tasksUpdatedReason(a, b, name)).toBeNull();
  });

  it('still compares the fields the structs had', () => {
    const a = mockJob();
    base(a);
    const b = structuredClone(a);
    task(b).Vault = { Policies: ['p'], ChangeMode: 'noop', Namespace: 'team-b' };
    expect(tasksUpdatedReason(a, b, name)).toBe('task "web": vault changed');
    const c = structuredClone(a);
    group(c).Spreads = [{ Attribute: 'a', Weight: 50, SpreadTarget: [{ Value: 'x', Percent: 6 }] }];
    expect(tasksUpdatedReason(a, c, name)).toBe('spreads changed');
  });

  it('updates an allocation in place when the new version differs only in Vault.Namespace', () => {
    const node = mockNode();
    const alloc = mockAlloc();
    alloc.NodeID = node.ID;
    alloc.ClientStatus = 'running';
    task(alloc.Job).Vault = { Policies: ['p'] };
    const newJob = structuredClone(alloc.Job);
    newJob.Version = 1;
    newJob.JobModifyIndex = 100;
    task(newJob).Vault = { Policies: ['p'], Namespace: 'team-b' };
    const d = genericAllocUpdateFn(nodeMap(node))(alloc, newJob, group(newJob));
    expect(d).toMatchObject({ ignore: false, destructive: false });
    expect(d.updated?.Job).toBe(newJob);
  });
});

describe('networkUpdatedReason', () => {
  it('lets a dynamic label shadow a reserved label of the same name, as upstream', () => {
    const a = [network(10, [port('http', 8080)], [port('http')])];
    const b = [network(10, [], [port('http')])];
    expect(networkUpdatedReason(a, b)).toBeNull();
  });

  it('treats absent networks as none', () => {
    expect(networkUpdatedReason(null, [])).toBeNull();
    expect(networkUpdatedReason(undefined, [network(1)])).toBe('networks added or removed');
  });
});

describe('devicesEqual', () => {
  const gpu = (
    Count: number,
    extra: Partial<Pick<RequestedDevice, 'Constraints' | 'Affinities'>> = {},
  ): RequestedDevice => ({
    Name: 'gpu',
    Count,
    Constraints: [],
    Affinities: [],
    ...extra,
  });

  it('compares device asks as a set keyed by name', () => {
    const fpga = { Name: 'fpga', Count: 1, Constraints: [], Affinities: [] };
    expect(devicesEqual([gpu(1), fpga], [fpga, gpu(1)])).toBe(true);
    expect(devicesEqual([gpu(1)], [gpu(2)])).toBe(false);
    expect(devicesEqual([gpu(1)], [])).toBe(false);
    expect(devicesEqual(null, [])).toBe(true);
  });

  it('compares device constraints and affinities as sets of their targets, operand and weight', () => {
    const c1 = { LTarget: '${device.model}', RTarget: 'T4', Operand: '=' };
    const c2 = { LTarget: '${device.vendor}', RTarget: 'nvidia', Operand: '=' };
    expect(devicesEqual([gpu(1, { Constraints: [c1, c2] })], [gpu(1, { Constraints: [c2, c1] })])).toBe(true);
    expect(devicesEqual([gpu(1, { Constraints: [c1] })], [gpu(1, { Constraints: [c2] })])).toBe(false);
    const aff = { LTarget: '${device.model}', RTarget: 'T4', Operand: '=', Weight: 50 };
    expect(devicesEqual([gpu(1, { Affinities: [aff] })], [gpu(1, { Affinities: [{ ...aff, Weight: 60 }] })])).toBe(
      false,
    );
    expect(devicesEqual([gpu(1, { Affinities: [aff] })], [gpu(1, { Affinities: [{ ...aff }] })])).toBe(true);
  });

  it('keeps the last ask of a name repeated on the left, as upstream', () => {
    expect(devicesEqual([gpu(1), gpu(2)], [gpu(2), gpu(2)])).toBe(true);
    expect(devicesEqual([gpu(2), gpu(1)], [gpu(2), gpu(2)])).toBe(false);
  });
});

describe('jsonEqual', () => {
  it('is order-sensitive for lists and key-order-insensitive for maps', () => {
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
    expect(jsonEqual({ a: 1, b: [1, { c: 'x' }] }, { b: [1, { c: 'x' }], a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: '1' })).toBe(false);
    expect(jsonEqual([], {})).toBe(false);
    expect(jsonEqual(null, [])).toBe(true);
    expect(jsonEqual({ a: null }, {})).toBe(true);
    expect(jsonEqual({ a: 0 }, {})).toBe(false);
    expect(jsonEqual({ a: 0 }, {}, true)).toBe(true);
  });

  it('compares deeply nested values without recursion', () => {
    const deep = (n: number, leaf: number): unknown => {
      let v: unknown = leaf;
      for (let i = 0; i < n; i++) v = i % 2 === 0 ? [v] : { k: v };
      return v;
    };
    expect(jsonEqual(deep(100_000, 1), deep(100_000, 1))).toBe(true);
    expect(jsonEqual(deep(100_000, 1), deep(100_000, 2))).toBe(false);
  });
});

// ---------------------------------------------------------------------------
// genericAllocUpdateFn

describe('genericAllocUpdateFn', () => {
  function setup(): { alloc: Allocation; node: Node; newJob: Job } {
    const node = mockNode();
    const alloc = mockAlloc();
    alloc.NodeID = node.ID;
    alloc.ClientStatus = 'running';
    const newJob = structuredClone(alloc.Job);
    newJob.Version = 1;
    newJob.JobModifyIndex = 100;
    return { alloc, node, newJob };
  }

  it('ignores an allocation whose job has the same JobModifyIndex, even if its tasks differ', () => {
    const { alloc, node, newJob } = setup();
    newJob.JobModifyIndex = alloc.Job.JobModifyIndex;
    task(newJob).Driver = 'docker';
    const d = genericAllocUpdateFn(nodeMap(node))(alloc, newJob, group(newJob));
    expect(d).toEqual({ ignore: true, destructive: false, updated: null, reason: 'job modify index unchanged' });
  });

  it("replaces an allocation whose tasks changed, giving tasksUpdated's reason", () => {
    const { alloc, node, newJob } = setup();
    task(newJob).Config['command'] = '/bin/other';
    const d = genericAllocUpdateFn(nodeMap(node))(alloc, newJob, group(newJob));
    expect(d).toEqual({ ignore: false, destructive: true, updated: null, reason: 'task "web": config changed' });
  });

  it('replaces even a terminal allocation whose tasks changed (the task check comes first)', () => {
    const { alloc, node, newJob } = setup();
    alloc.ClientStatus = 'complete';
    task(newJob).Resources.CPU = 1000;
    const d = genericAllocUpdateFn(nodeMap(node))(alloc, newJob, group(newJob));
    expect(d.destructive).toBe(true);
    expect(d.reason).toBe('task "web": CPU changed');
  });

  it('ignores a terminal allocation when only in-place fields changed', () => {
    for (const status of ['complete', 'failed', 'lost'] as const) {
      const { alloc, node, newJob } = setup();
      alloc.ClientStatus = status;
      const d = genericAllocUpdateFn(nodeMap(node))(alloc, newJob, group(newJob));
      expect(d).toMatchObject({ ignore: true, destructive: false, updated: null });
      expect(d.reason).toMatch(/^alloc is terminal/);
    }
    const { alloc, node, newJob } = setup();
    alloc.DesiredStatus = 'stop';
    expect(genericAllocUpdateFn(nodeMap(node))(alloc, newJob, group(newJob)).ignore).toBe(true);
  });

  it('replaces an allocation whose node no longer exists', () => {
    const { alloc, newJob } = setup();
    const d = genericAllocUpdateFn(nodeMap(mockNode()))(alloc, newJob, group(newJob));
    expect(d).toEqual({ ignore: false, destructive: true, updated: null, reason: 'node no longer exists' });
  });

  it('updates anything else in place, as a copy running the new job', () => {
    const { alloc, node, newJob } = setup();
    group(newJob).Count = 3;
    const d = genericAllocUpdateFn(nodeMap(node))(alloc, newJob, group(newJob));
    expect(d.ignore).toBe(false);
    expect(d.destructive).toBe(false);
    expect(d.reason).toBeTruthy();
    expect(d.updated).not.toBe(alloc);
    expect(d.updated).toEqual({ ...alloc, Job: newJob });
    expect(alloc.Job).not.toBe(newJob);
  });

  it('judges each old job version on its own while reusing the answer for allocations that share one', () => {
    const { alloc, node, newJob } = setup();
    const fn = genericAllocUpdateFn(nodeMap(node));
    const changedJob = structuredClone(alloc.Job);
    task(changedJob).Driver = 'docker';
    const sibling = { ...alloc, ID: 'sibling' };
    const onChanged = { ...alloc, ID: 'changed', Job: changedJob };

    expect(fn(alloc, newJob, group(newJob)).destructive).toBe(false);
    expect(fn(onChanged, newJob, group(newJob)).reason).toBe('task "web": driver changed');
    expect(fn(sibling, newJob, group(newJob)).destructive).toBe(false);

    // A different new job is judged afresh.
    const otherNewJob = structuredClone(newJob);
    task(otherNewJob).User = 'root';
    expect(fn(alloc, otherNewJob, group(otherNewJob)).reason).toBe('task "web": user changed');
  });

  it('updates in place an allocation on a down or draining node (the reconciler handles those)', () => {
    const { alloc, node, newJob } = setup();
    node.Status = 'down';
    node.Drain = true;
    const d = genericAllocUpdateFn(nodeMap(node))(alloc, newJob, group(newJob));
    expect(d.updated?.Job).toBe(newJob);
  });
});
