// Test fixtures for the engine's util and structs tests: upstream's mocks
// (test/upstream/mock.ts) and small builders of network asks.

import { allocName } from '../../src/engine/structs.ts';
import type { Allocation, NetworkResource, Port } from '../../src/engine/structs.ts';
import { mockAlloc as upstreamMockAlloc, mockJob, mockNode } from '../upstream/mock.ts';

/** port builds a port with only a label and a value, the way upstream's tests write them. */
export function port(Label: string, Value = 0): Port {
  return { Label, Value, To: 0, HostNetwork: '' };
}

/** network builds a network ask with only bandwidth and ports set. */
export function network(MBits: number, reserved: Port[] = [], dynamic: Port[] = []): NetworkResource {
  return { Mode: '', Device: '', CIDR: '', IP: '', MBits, ReservedPorts: reserved, DynamicPorts: dynamic };
}

/** mockJob, mockNode: upstream's mock.Job() and mock.Node(), shared with the reconciler tests. */
export { mockJob, mockNode };

/**
 * mockAlloc is upstream's mock.Alloc(): a pending allocation of mockJob's
 * group "web" on node 12345678-abcd-efab-cdef-123456789abc, here named as
 * index 0 so that its name parses.
 */
export function mockAlloc(): Allocation {
  const alloc = upstreamMockAlloc();
  return { ...alloc, Name: allocName(alloc.JobID, 'web', 0) };
}
