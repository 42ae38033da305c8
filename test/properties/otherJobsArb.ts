// fast-check generators of a document's OtherJobs: one or two other service
// jobs whose allocations sit on the generated scenarios' nodes (n1–n4, or a
// node that is gone), running, failed or already stopped.

import fc from 'fast-check';

const OTHER_IDS = ['other-a', 'other-b'] as const;

// otherJobArb is one other job with a migrate block and a few allocations.
const otherJobArb = (id: string) =>
  fc
    .record({
      Count: fc.integer({ min: 1, max: 3 }),
      MaxParallel: fc.integer({ min: 1, max: 2 }),
      CPU: fc.constantFrom(100, 300, 600),
      allocs: fc.array(
        fc.record({
          NodeID: fc.constantFrom('n1', 'n2', 'n3', 'n4', 'gone'),
          ClientStatus: fc.constantFrom('running', 'running', 'failed', 'pending'),
          DesiredStatus: fc.constantFrom('run', 'run', 'stop'),
          Healthy: fc.constantFrom(true, null),
        }),
        { maxLength: 4 },
      ),
    })
    .map((o) => ({
      Job: {
        ID: id,
        Type: 'service',
        Datacenters: ['dc1'],
        TaskGroups: [
          {
            Name: id,
            Count: o.Count,
            Migrate: { MaxParallel: o.MaxParallel, MinHealthyTime: '5s' },
            Tasks: [{ Name: 'app', Driver: 'raw_exec', Resources: { CPU: o.CPU, MemoryMB: 128 } }],
          },
        ],
      },
      Allocations: o.allocs.map((a, i) => ({
        ID: `${id}-${i}`,
        Name: `${id}.${id}[${i}]`,
        TaskGroup: id,
        NodeID: a.NodeID,
        ClientStatus: a.ClientStatus,
        DesiredStatus: a.DesiredStatus,
        DeploymentStatus: { Healthy: a.Healthy },
      })),
    }));

/** otherJobsArb is the OtherJobs of a document: none, one or two jobs. */
export const otherJobsArb = fc.subarray([...OTHER_IDS]).chain((ids) => fc.tuple(...ids.map((id) => otherJobArb(id))));

/** OTHER_ALLOC_IDS are IDs the generated other jobs' allocations may have, for events to aim at. */
export const OTHER_ALLOC_IDS = OTHER_IDS.flatMap((id) => [0, 1, 2, 3].map((i) => `${id}-${i}`));
