// Tests for src/engine/v1.6/util.ts and structs.ts, after upstream's
// scheduler/util_test.go at v1.6.5 (TestTaintedNodes, TestTasksUpdated,
// TestNetworkUpdated, TestTasksUpdated_connectServiceUpdated,
// TestInplaceUpdate_WildcardDatacenters and _NodePools, restart's
// render_templates), followed by the engine's own cases of what 1.6 reads
// that 0.12 does not.

import { describe, expect, it } from 'vitest';
import {
  genericAllocUpdateFn,
  networkUpdatedReason,
  taintedNodes,
  tasksUpdated,
  tasksUpdatedReason,
} from '../../src/engine/v1.6/util.ts';
import { tasksUpdated as tasksUpdated012 } from '../../src/engine/v0.12/util.ts';
import { expired, isInAnyDC, needsToReconnect } from '../../src/engine/v1.6/structs.ts';
import type { Job, Node, Task, TaskGroup } from '../../src/engine/structs.ts';
import { mockAlloc, mockJob, mockNode, network, port } from './fixtures.ts';

function group(job: Job): TaskGroup {
  return job.TaskGroups[0]!;
}

function task(job: Job): Task {
  return group(job).Tasks[0]!;
}

// changed gives a copy of mockJob() changed by `change`, with a new JobModifyIndex.
function changed(change: (j: Job) => void): Job {
  const j = mockJob();
  j.JobModifyIndex += 1;
  change(j);
  return j;
}

describe('TestTaintedNodes (v1.6.5)', () => {
  it('maps down, draining and disconnected nodes to themselves, vanished nodes to null, and leaves healthy nodes out', () => {
    const node1 = mockNode();
    const node2 = mockNode();
    node2.Datacenter = 'dc2';
    const node3 = mockNode();
    node3.Status = 'down';
    const node4 = mockNode();
    node4.DrainStrategy = { Deadline: 0 };
    const node5 = mockNode();
    node5.Status = 'disconnected';
    const nodes = new Map<string, Node>([node1, node2, node3, node4, node5].map((n) => [n.ID, n]));
    const gone = '12345678-abcd-efab-cdef-123456789abc';
    const allocs = [node1.ID, node2.ID, node3.ID, node4.ID, node5.ID, gone].map((NodeID) => ({
      ...mockAlloc(),
      NodeID,
    }));

    const tainted = taintedNodes(nodes, allocs);
    expect([...tainted.keys()].sort()).toEqual([node3.ID, node4.ID, node5.ID, gone].sort());
    expect(tainted.get(node4.ID)).toBe(node4);
    expect(tainted.get(node5.ID)).toBe(node5);
    expect(tainted.get(gone)).toBeNull();
  });

  it('still reads Drain: true as draining, so that 0.12 documents keep their meaning', () => {
    const node = mockNode();
    node.Drain = true;
    expect(taintedNodes(new Map([[node.ID, node]]), [{ ...mockAlloc(), NodeID: node.ID }]).get(node.ID)).toBe(node);
  });
});

describe('TestTasksUpdated (v1.6.5): what 1.6 compares beyond 0.12', () => {
  const name = 'web';

  it('sees the changes 1.6 added, which 0.12 updates in place', () => {
    // Each job has one template, so that only the field a case sets differs.
    const withTemplate = (change: (j: Job) => void) =>
      changed((j) => {
        task(j).Templates = [{}];
        change(j);
      });
    const j1 = withTemplate(() => {});
    const cases: [string, Job][] = [
      ['cores', withTemplate((j) => (task(j).Resources.Cores = 4))],
      ['memory max', withTemplate((j) => (task(j).Resources.MemoryMaxMB = 1024))],
      ['volume', withTemplate((j) => (group(j).Volumes = { v: { Name: 'v', Type: 'csi', Source: 'vol[0]' } }))],
      ['CSI plugin', withTemplate((j) => (task(j).CSIPluginConfig = { ID: 'p', Type: 'node' }))],
      ['volume mount', withTemplate((j) => (task(j).VolumeMounts = [{ Volume: 'v', Destination: '/data' }]))],
      ['identity', withTemplate((j) => (task(j).Identity = { Env: true }))],
      ['log collection', withTemplate((j) => (task(j).LogConfig = { Disabled: true }))],
      ['group render_templates', withTemplate((j) => (group(j).RestartPolicy = { RenderTemplates: true }))],
      ['task render_templates', withTemplate((j) => (task(j).RestartPolicy = { RenderTemplates: true }))],
      ['consul namespace', withTemplate((j) => (group(j).Consul = { Namespace: 'team' }))],
      ['template error on missing key', withTemplate((j) => (task(j).Templates = [{ ErrMissingKey: true }]))],
    ];
    for (const [what, j2] of cases) {
      expect(tasksUpdated(j1, j2, name), what).toBe(true);
      expect(tasksUpdated012(j1, j2, name), `${what} (0.12)`).toBe(false);
    }
  });

  it('takes an absent value as its zero value, as Go does', () => {
    const j1 = mockJob();
    const j2 = changed((j) => {
      task(j).Resources.Cores = 0;
      task(j).LogConfig = { Disabled: false };
      group(j).RestartPolicy = { RenderTemplates: false };
      task(j).Templates = [{ ErrMissingKey: false }];
    });
    const j3 = changed((j) => (task(j).Templates = [{}]));
    expect(tasksUpdatedReason(j3, j2, name)).toBeNull();
    expect(tasksUpdated(j1, j1, name)).toBe(false);
  });

  it('compares affinities as a set, where 0.12 compares them in order', () => {
    const a = { LTarget: 'node.datacenter', RTarget: 'dc1', Operand: '=', Weight: 100 };
    const b = { LTarget: 'node.class', RTarget: 'big', Operand: '=', Weight: 50 };
    const j1 = changed((j) => (group(j).Affinities = [a, b]));
    const j2 = changed((j) => (group(j).Affinities = [b, a]));
    expect(tasksUpdated(j1, j2, name)).toBe(false);
    expect(tasksUpdated012(j1, j2, name)).toBe(true);
  });
});

describe('TestNetworkUpdated (v1.6.5)', () => {
  it('compares ports in order with their inner port and host network, a dynamic value not counting', () => {
    const a = [network(0, [port('web', 80)], [port('http')])];
    expect(networkUpdatedReason(a, [network(0, [port('web', 80)], [port('http', 25000)])])).toBeNull();
    expect(networkUpdatedReason(a, [{ ...network(0, [port('web', 80)], [port('http')]), Hostname: 'h' }])).toBe(
      'network hostname changed',
    );
    expect(networkUpdatedReason(a, [network(0, [port('web', 80)], [{ ...port('http'), To: 8080 }])])).toBe(
      'network ports changed',
    );
    expect(networkUpdatedReason(a, [network(0, [{ ...port('web', 80), HostNetwork: 'public' }], [port('http')])])).toBe(
      'network ports changed',
    );
    expect(
      networkUpdatedReason(a, [{ ...network(0, [port('web', 80)], [port('http')]), DNS: { Servers: ['1.1.1.1'] } }]),
    ).toBe('network DNS changed');
  });
});

describe('TestTasksUpdated_connectServiceUpdated (v1.6.5)', () => {
  const service = (connect: unknown, PortLabel = '9090') => ({ Name: 'api', PortLabel, Connect: connect as never });

  it('replaces allocations when a Connect service changes destructively, not for its tags or proxy', () => {
    const sidecar = { SidecarService: { Port: '1111', Tags: ['a'] } };
    const j1 = changed((j) => (group(j).Services = [service(sidecar)]));
    expect(
      tasksUpdated(
        j1,
        changed((j) => (group(j).Services = [service({ SidecarService: { Port: '2222' } })])),
        'web',
      ),
    ).toBe(true);
    expect(
      tasksUpdated(
        j1,
        changed((j) => (group(j).Services = [service(sidecar, '9191')])),
        'web',
      ),
    ).toBe(true);
    expect(
      tasksUpdated(
        j1,
        changed((j) => (group(j).Services = [service(null)])),
        'web',
      ),
    ).toBe(true);
    expect(
      tasksUpdated(
        j1,
        changed((j) => (group(j).Services = [service({ SidecarService: { Port: '1111', Tags: ['b'] } })])),
        'web',
      ),
    ).toBe(false);
    // A service without Connect in the old job is updated in place.
    expect(
      tasksUpdated(
        changed((j) => (group(j).Services = [service(null)])),
        j1,
        'web',
      ),
    ).toBe(false);
  });
});

describe('genericAllocUpdateFn (v1.6.5): the datacenter and node pool checks', () => {
  const inPlaceChange = (change: (j: Job) => void) => {
    const existing = mockAlloc();
    const node = mockNode();
    existing.NodeID = node.ID;
    const newJob = changed(change);
    return genericAllocUpdateFn(new Map([[node.ID, node]]))(existing, newJob, group(newJob));
  };

  it('updates in place on a node that still suits the job, wildcard datacenters included', () => {
    expect(inPlaceChange((j) => (j.Datacenters = ['dc*'])).destructive).toBe(false);
    expect(inPlaceChange((j) => (j.Datacenters = [])).destructive).toBe(false);
    expect(inPlaceChange((j) => (j.NodePool = 'all')).destructive).toBe(false);
  });

  it('replaces an allocation whose node is no longer in one of the job datacenters or in its pool', () => {
    expect(inPlaceChange((j) => (j.Datacenters = ['dc2'])).destructive).toBe(true);
    expect(inPlaceChange((j) => (j.NodePool = 'gpu')).destructive).toBe(true);
  });
});

describe('isInAnyDC', () => {
  it("matches datacenters as go-glob does: '*' for any run of characters, anywhere", () => {
    const node = { ...mockNode(), Datacenter: 'us-east-1' };
    expect(isInAnyDC(node, ['*'])).toBe(true);
    expect(isInAnyDC(node, ['us-*'])).toBe(true);
    expect(isInAnyDC(node, ['*-1'])).toBe(true);
    expect(isInAnyDC(node, ['us*1'])).toBe(true);
    expect(isInAnyDC(node, ['eu-*', 'us-east-1'])).toBe(true);
    expect(isInAnyDC(node, ['us-east'])).toBe(false);
    expect(isInAnyDC(node, ['*-2'])).toBe(false);
    expect(isInAnyDC(node, ['east*'])).toBe(false);
  });
});

describe('the allocation disconnect helpers', () => {
  const now = 1_000 * 1e9;
  const unknownSince = (ago: number) => ({
    ...mockAlloc(),
    ClientStatus: 'unknown' as const,
    AllocStates: [{ Field: 'ClientStatus' as const, Value: 'unknown', Time: now - ago }],
  });

  it('needs to reconnect while the latest client status it recorded is unknown', () => {
    const a = unknownSince(0);
    expect(needsToReconnect(a)).toBe(true);
    expect(
      needsToReconnect({ ...a, AllocStates: [...a.AllocStates, { ...a.AllocStates[0]!, Value: 'running' }] }),
    ).toBe(false);
    expect(needsToReconnect(mockAlloc())).toBe(false);
  });

  it('expires once max_client_disconnect has passed since it went unknown, and never without one', () => {
    const a = unknownSince(60e9);
    const withLimit = (d: number | null) => {
      const job = mockJob();
      group(job).MaxClientDisconnect = d;
      return { ...a, Job: job };
    };
    expect(expired(withLimit(60e9), now)).toBe(true);
    expect(expired(withLimit(61e9), now)).toBe(false);
    expect(expired(withLimit(null), now)).toBe(false);
  });
});
