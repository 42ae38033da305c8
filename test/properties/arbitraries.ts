// fast-check generators of valid scenario documents (shared/SCENARIO.md):
// small clusters in every state the reconciler distinguishes, so that the
// property tests visit its branches in many combinations.

import fc from 'fast-check';

/** HOSTILE are names that are also keys of Object.prototype: each must stay a plain name wherever a name becomes a key. */
export const HOSTILE = [
  '__proto__',
  'constructor',
  'hasOwnProperty',
  'toString',
  'valueOf',
  'prototype',
  '__defineGetter__',
  'isPrototypeOf',
];

const NOW = Date.UTC(2026, 0, 1);
const GROUPS = ['web', 'api', 'worker'] as const;

/** iso writes milliseconds since the epoch as RFC 3339. */
function iso(ms: number): string {
  return new Date(ms).toISOString();
}

const updateArb = fc.option(
  fc.record({
    MaxParallel: fc.integer({ min: 0, max: 3 }),
    Canary: fc.integer({ min: 0, max: 3 }),
    AutoPromote: fc.boolean(),
    AutoRevert: fc.boolean(),
  }),
  { nil: undefined },
);

const rescheduleArb = fc.option(
  fc.record({
    Attempts: fc.integer({ min: 0, max: 3 }),
    Interval: fc.constantFrom('0s', '10m', '1h'),
    Delay: fc.constantFrom('5s', '30s'),
    DelayFunction: fc.constantFrom('constant', 'exponential', 'fibonacci'),
    MaxDelay: fc.constantFrom('0s', '1m', '1h'),
    Unlimited: fc.boolean(),
  }),
  { nil: undefined },
);

// Durations near Go's int64 limit, where upstream's arithmetic wraps around
// (an integer of nanoseconds; 2^63 is how JSON's 9223372036854775807 reads).
const nearInt64Max = fc.constantFrom(2 ** 63, 9223372030000000000, 8053063680000000000, 5e18, 4e18);

/** eventDelayArb is a reschedule event's Delay: the usual few seconds, or one whose doubling or sum passes int64. */
const eventDelayArb = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('5s', '10s', '30s') },
  { weight: 1, arbitrary: nearInt64Max },
);

/**
 * trackerShapeArb is how an allocation's RescheduleTracker is written: absent,
 * with Events absent or null (Go's nil list), empty, or with events.
 */
const trackerShapeArb = fc.constantFrom('absent', 'no-events', 'null-events', 'empty', 'events', 'events');

/** allocStateFieldArb is an AllocStates Field in each spelling of the client status: absent, Nomad's 0, or its name. */
const allocStateFieldArb = fc.constantFrom<{ Field?: number | string }>({}, { Field: 0 }, { Field: 'ClientStatus' });

const groupArb = (name: string) =>
  fc.record({
    Name: fc.constant(name),
    Count: fc.integer({ min: 0, max: 6 }),
    Update: updateArb,
    ReschedulePolicy: rescheduleArb,
    StopAfterClientDisconnect: fc.option(fc.oneof(fc.constantFrom('0s', '30s', '5m'), nearInt64Max), {
      nil: undefined,
    }),
    Tasks: fc.constant([{ Name: 'app', Driver: 'docker', Config: { image: 'app:1' } }]),
  });

/** jobArb is a service or batch job with one to three groups. */
export const jobArb = fc
  .record({
    Type: fc.constantFrom('service', 'batch'),
    Stop: fc.constantFrom(false, false, true),
    groups: fc.subarray([...GROUPS], { minLength: 1 }),
    Version: fc.integer({ min: 1, max: 3 }),
    multiregion: fc.constantFrom(undefined, 'first', 'second'),
  })
  .chain((j) =>
    fc.tuple(...j.groups.map((g) => groupArb(g))).map((groups) => ({
      ID: 'app',
      Type: j.Type,
      Stop: j.Stop,
      Version: j.Version,
      CreateIndex: 10,
      JobModifyIndex: 100 + j.Version,
      ...(j.multiregion
        ? {
            Region: j.multiregion === 'first' ? 'west' : 'east',
            Multiregion: { Regions: [{ Name: 'west' }, { Name: 'east' }] },
          }
        : {}),
      TaskGroups: groups,
    })),
  );

const nodeArb = (id: string) =>
  fc.record({
    ID: fc.constant(id),
    Status: fc.constantFrom('ready', 'ready', 'down', 'initializing'),
    Drain: fc.boolean(),
  });

// trackerDoc writes a RescheduleTracker in the generated shape.
function trackerDoc(shape: string, events: { ago: number; delay: string | number }[]): unknown {
  switch (shape) {
    case 'absent':
      return undefined;
    case 'no-events':
      return {};
    case 'null-events':
      return { Events: null };
    case 'empty':
      return { Events: [] };
    default:
      return {
        Events: events.map((e, k) => ({
          RescheduleTime: (NOW - e.ago * 1000) * 1e6,
          PrevAllocID: `p${k}`,
          Delay: e.delay,
        })),
      };
  }
}

/** scenarioArb is a whole valid scenario document. */
export const scenarioArb = jobArb.chain((job) => {
  const groupNames = job.TaskGroups.map((g) => g.Name);
  const older = Array.from({ length: job.Version }, (_, v) => ({
    ...structuredClone(job),
    Version: v,
    JobModifyIndex: 100 + v,
    Stop: false,
    // Older versions differ destructively (image) or in place (datacenters).
    TaskGroups: job.TaskGroups.map((g) => ({
      ...structuredClone(g),
      Tasks: [{ Name: 'app', Driver: 'docker', Config: { image: v % 2 === 0 ? 'app:0' : 'app:1' } }],
    })),
  }));
  const nodeIDs = ['n1', 'n2', 'n3', 'n4'];
  const allocArb = (i: number) =>
    fc.record({
      ID: fc.constant(`a${i}`),
      TaskGroup: fc.constantFrom(...groupNames, 'removed'),
      index: fc.integer({ min: 0, max: 7 }),
      NodeID: fc.constantFrom(...nodeIDs, 'gone'),
      JobVersion: fc.integer({ min: 0, max: job.Version }),
      DesiredStatus: fc.constantFrom('run', 'run', 'run', 'run', 'run', 'stop', 'evict'),
      ClientStatus: fc.constantFrom(
        'pending',
        'running',
        'running',
        'running',
        'running',
        'complete',
        'failed',
        'failed',
        'lost',
      ),
      migrate: fc.constantFrom(false, false, false, true),
      reschedule: fc.option(fc.boolean(), { nil: undefined }),
      force: fc.constantFrom(false, false, false, false, true),
      inDeployment: fc.boolean(),
      healthy: fc.constantFrom(null, true, false),
      canary: fc.boolean(),
      tracker: trackerShapeArb,
      events: fc.array(fc.record({ ago: fc.integer({ min: 1, max: 3600 }), delay: eventDelayArb }), {
        minLength: 1,
        maxLength: 3,
      }),
      followup: fc.constantFrom('', '', 'eval-1', 'eval-other'),
      next: fc.constantFrom('', '', '', 'replaced'),
      failedAgo: fc.integer({ min: 0, max: 7200 }),
      lostAgo: fc.option(fc.integer({ min: 0, max: 600 }), { nil: undefined }),
      stateField: allocStateFieldArb,
    });
  return fc
    .record({
      nodes: fc.tuple(...nodeIDs.map(nodeArb)),
      allocs: fc
        .integer({ min: 0, max: 14 })
        .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => allocArb(i)))),
      deployment: fc.option(
        fc.record({
          Status: fc.constantFrom('running', 'paused', 'failed', 'successful', 'cancelled', 'blocked'),
          sameVersion: fc.boolean(),
          promoted: fc.boolean(),
          desiredCanaries: fc.integer({ min: 0, max: 3 }),
          healthy: fc.integer({ min: 0, max: 6 }),
        }),
        { nil: undefined },
      ),
    })
    .map(({ nodes, allocs, deployment }) => {
      const deploymentID = 'dep-1';
      const doc: Record<string, unknown> = {
        Name: 'generated',
        Now: iso(NOW),
        EvalID: 'eval-1',
        Job: job,
        JobVersions: older,
        Nodes: nodes,
        Allocations: allocs.map((a) => ({
          ID: a.ID,
          Name: `app.${a.TaskGroup}[${a.index}]`,
          TaskGroup: a.TaskGroup,
          NodeID: a.NodeID,
          JobVersion: a.TaskGroup === 'removed' ? undefined : a.JobVersion,
          DesiredStatus: a.DesiredStatus,
          ClientStatus: a.ClientStatus,
          DesiredTransition: { Migrate: a.migrate, Reschedule: a.reschedule, ForceReschedule: a.force },
          DeploymentID: a.inDeployment ? deploymentID : '',
          DeploymentStatus: { Healthy: a.healthy, Canary: a.canary },
          RescheduleTracker: trackerDoc(a.tracker, a.events),
          FollowupEvalID: a.followup,
          NextAllocation: a.next,
          TaskStates: {
            app: { State: 'dead', Failed: a.ClientStatus === 'failed', FinishedAt: iso(NOW - a.failedAgo * 1000) },
          },
          AllocStates:
            a.lostAgo === undefined ? [] : [{ ...a.stateField, Value: 'lost', Time: iso(NOW - a.lostAgo * 1000) }],
          ModifyTime: (NOW - a.failedAgo * 1000) * 1e6,
        })),
      };
      if (deployment) {
        const groups: Record<string, unknown> = {};
        for (const g of groupNames) {
          groups[g] = {
            Promoted: deployment.promoted,
            DesiredCanaries: deployment.desiredCanaries,
            DesiredTotal: job.TaskGroups.find((t) => t.Name === g)!.Count,
            HealthyAllocs: deployment.healthy,
            PlacedCanaries: allocs.filter((a) => a.canary && a.TaskGroup === g).map((a) => a.ID),
          };
        }
        doc.Deployment = {
          ID: deploymentID,
          JobID: 'app',
          JobVersion: deployment.sameVersion ? job.Version : job.Version - 1,
          JobCreateIndex: 10,
          Status: deployment.Status,
          TaskGroups: groups,
        };
      }
      return doc;
    });
});
