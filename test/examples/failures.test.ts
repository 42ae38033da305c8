// The examples where the cluster or the job goes away under the
// allocations: lost and draining nodes, failures and their reschedules, a
// batch job, stop_after_client_disconnect, a removed group, a stopped job.
// Expectations worked out by hand from upstream's reconcile.go,
// reconcile_util.go and structs.go at dccea99f7e before the engine ran.

import { describe, expect, it } from 'vitest';
import { byName, names, plus, runExample, zeroCounts } from './helpers.ts';

const LOST = 'alloc is lost since its node is down';
const NOT_NEEDED = 'alloc not needed due to job update';
const RESCHEDULED = 'alloc was rescheduled because it failed';

describe('failure examples', () => {
  it('node down: lost allocations stopped and placed again under their names', () => {
    const r = runExample('node-down');
    const { doc } = r;
    // filterByTainted: web[1] and web[3] are on a down node: lost. computeStop
    // stops them with client status lost. nameIndex holds 0 and 2 (lost are
    // not in it); existing 2 < 4, Next(2) = the free indexes 1 and 3, placed
    // without a previous allocation. web[0], web[2]: same JobModifyIndex: ignore.
    expect(byName(doc.Stop)).toEqual(
      [1, 3].map((i) => ({
        AllocID: r.id(`web.web[${i}]`),
        Name: `web.web[${i}]`,
        ClientStatus: 'lost',
        StatusDescription: LOST,
        FollowupEvalID: '',
      })),
    );
    expect(byName(doc.Place)).toEqual(
      [1, 3].map((i) => ({
        Name: `web.web[${i}]`,
        TaskGroup: 'web',
        Canary: false,
        PreviousAllocID: '',
        Reschedule: false,
      })),
    );
    expect(doc.DesiredTGUpdates).toEqual({ web: { ...zeroCounts, Place: 2, Stop: 2, Ignore: 2 } });
    // Allocations of this version ran (hadRunning) and nothing updates the
    // spec: no deployment for mere replacements.
    expect(doc.Deployment).toBeNull();
    expect(doc.DeploymentUpdates).toEqual([]);
  });

  it('node draining: only the allocation marked to migrate moves', () => {
    const r = runExample('node-drain');
    const { doc } = r;
    // filterByTainted: web[1] has DesiredTransition.Migrate: migrate. web[2]
    // is on the draining node but unmarked, and the node is not down:
    // untainted. Migrations are stopped as migrating and placed under the same
    // name with the old one as previous allocation; counted as Migrate only.
    expect(doc.Stop).toEqual([
      {
        AllocID: r.id('web.web[1]'),
        Name: 'web.web[1]',
        ClientStatus: '',
        StatusDescription: 'alloc is being migrated',
        FollowupEvalID: '',
      },
    ]);
    expect(doc.Place).toEqual([
      { Name: 'web.web[1]', TaskGroup: 'web', Canary: false, PreviousAllocID: r.id('web.web[1]'), Reschedule: false },
    ]);
    expect(doc.DesiredTGUpdates).toEqual({ web: { ...zeroCounts, Migrate: 1, Ignore: 2 } });
    // computePlacements: existing = 2 untainted + 1 migrate = count: nothing
    // more; DesiredTotal 0: no deployment.
    expect(doc.Deployment).toBeNull();
  });

  it('failed allocations: one rescheduled now, one later after an exponential delay', () => {
    const r = runExample('reschedule-now-and-later');
    const { doc } = r;
    const now = r.raw.Now;
    // Service defaults: Unlimited, Delay 30s, exponential, MaxDelay 1h.
    // api[1]: no reschedule events, NextDelay = 30s; failed at now-45s, so its
    // time (now-15s) is within rescheduleWindowSize of now: rescheduleNow.
    // Placed as a reschedule of itself, and stopped as rescheduled.
    expect(doc.Place).toEqual([
      { Name: 'api.api[1]', TaskGroup: 'api', Canary: false, PreviousAllocID: r.id('api.api[1]'), Reschedule: true },
    ]);
    expect(doc.Stop).toEqual([
      {
        AllocID: r.id('api.api[1]'),
        Name: 'api.api[1]',
        ClientStatus: '',
        StatusDescription: RESCHEDULED,
        FollowupEvalID: '',
      },
    ]);
    // api[2]: last event's Delay 1m, doubled = 2m (< MaxDelay); failed at
    // now-50s: time now+70s, no follow-up yet: rescheduleLater. It stays
    // untainted (same JobModifyIndex: ignored with api[0]); handleDelayedReschedules
    // creates one evaluation at that time (TriggeredBy is upstream's
    // EvalTriggerRetryFailedAlloc, "alloc-failure") and annotates the allocation.
    expect(doc.DesiredTGUpdates).toEqual({ api: { ...zeroCounts, Place: 1, Stop: 1, Ignore: 2 } });
    expect(doc.DesiredFollowupEvals.api).toHaveLength(1);
    const evalDoc = doc.DesiredFollowupEvals.api![0]!;
    expect(evalDoc).toMatchObject({
      WaitUntil: plus(now, 70),
      TriggeredBy: 'alloc-failure',
      JobID: 'api',
      Namespace: 'default',
      Priority: 50,
      Type: 'service',
      Status: 'pending',
      StatusDescription: 'created for delayed rescheduling',
      JobModifyIndex: 800,
    });
    expect(doc.AttributeUpdates).toEqual([
      { AllocID: r.id('api.api[2]'), Name: 'api.api[2]', FollowupEvalID: evalDoc.ID },
    ]);
    // Job unchanged, allocations of this version ran: no deployment.
    expect(doc.Deployment).toBeNull();
  });

  it('batch job: complete allocations are kept, the failed one is rescheduled', () => {
    const r = runExample('batch-finished-kept');
    const { doc } = r;
    // Batch: filterOldTerminalAllocs drops only terminal allocations of an
    // older version (none here). shouldFilter (batch): complete and running
    // allocations are untainted, so they fill 3 of the 4 slots. report[3]
    // failed at now-120s; batch default: 1 attempt in 24h, constant 5s, no
    // events yet: eligible, time now-115s: rescheduleNow. existing = 3 + 1:
    // only the reschedule is placed. The 3 untainted: same JobModifyIndex: ignore.
    expect(doc.Place).toEqual([
      {
        Name: 'nightly-report.report[3]',
        TaskGroup: 'report',
        Canary: false,
        PreviousAllocID: r.id('nightly-report.report[3]'),
        Reschedule: true,
      },
    ]);
    expect(doc.Stop).toEqual([
      {
        AllocID: r.id('nightly-report.report[3]'),
        Name: 'nightly-report.report[3]',
        ClientStatus: '',
        StatusDescription: RESCHEDULED,
        FollowupEvalID: '',
      },
    ]);
    expect(doc.DesiredTGUpdates).toEqual({ report: { ...zeroCounts, Place: 1, Stop: 1, Ignore: 3 } });
    // No update strategy: no deployment; nothing delayed: no follow-ups.
    expect(doc.Deployment).toBeNull();
    expect(doc.DesiredFollowupEvals).toEqual({});
  });

  it('stop_after_client_disconnect: the lost allocation is stopped with a follow-up, and not replaced yet', () => {
    const r = runExample('stop-after-client-disconnect');
    const { doc } = r;
    // ledger[1] is on a down node: lost. ShouldClientStop (90s set); no lost
    // AllocState, so WaitClientStop counts from now: now + 90s + the largest
    // of kill_timeout 10s and DefaultKillTimeout 5s = now+100s: lostLater.
    // handleDelayedLost makes one evaluation at that time; computeStop marks
    // the lost stop with its ID. With lostLater non-empty, computePlacements
    // is skipped: no replacement in this evaluation.
    expect(doc.DesiredFollowupEvals.ledger).toHaveLength(1);
    const evalDoc = doc.DesiredFollowupEvals.ledger![0]!;
    expect(evalDoc).toMatchObject({
      WaitUntil: plus(r.raw.Now, 100),
      TriggeredBy: 'alloc-failure',
      StatusDescription: 'created for delayed rescheduling',
      JobModifyIndex: 1000,
    });
    expect(doc.Stop).toEqual([
      {
        AllocID: r.id('ledger.ledger[1]'),
        Name: 'ledger.ledger[1]',
        ClientStatus: 'lost',
        StatusDescription: LOST,
        FollowupEvalID: evalDoc.ID,
      },
    ]);
    expect(doc.Place).toEqual([]);
    expect(doc.DesiredTGUpdates).toEqual({ ledger: { ...zeroCounts, Stop: 1, Ignore: 1 } });
    // Lost allocations get no attribute update (only delayed reschedules do).
    expect(doc.AttributeUpdates).toEqual([]);
    expect(doc.Deployment).toBeNull();
  });

  it('removed task group: its allocation stops, the other group is updated in place', () => {
    const r = runExample('removed-group');
    const { doc } = r;
    // metrics: LookupTaskGroup is nil: every allocation stopped as not needed.
    // web: the job's JobModifyIndex changed, its own group did not: in place.
    expect(doc.Stop).toEqual([
      {
        AllocID: r.id('web.metrics[0]'),
        Name: 'web.metrics[0]',
        ClientStatus: '',
        StatusDescription: NOT_NEEDED,
        FollowupEvalID: '',
      },
    ]);
    expect(names(doc.InplaceUpdate)).toEqual(['web.web[0]', 'web.web[1]']);
    expect(doc.DesiredTGUpdates).toEqual({
      web: { ...zeroCounts, InPlaceUpdate: 2 },
      metrics: { ...zeroCounts, Stop: 1 },
    });
    // A deployment for version 5, with state for web only (the removed group
    // returns before any deployment state is made).
    expect(doc.Deployment).toMatchObject({
      JobVersion: 5,
      Status: 'running',
      StatusDescription: 'Deployment is running',
    });
    expect(Object.keys(doc.Deployment?.TaskGroups ?? {})).toEqual(['web']);
    expect(doc.Deployment?.TaskGroups.web).toMatchObject({ DesiredTotal: 2 });
  });

  it('stopped job: everything not finished stops, the lost one as lost, and the deployment is cancelled', () => {
    const r = runExample('stopped-job');
    const { doc } = r;
    // cancelDeployments: the job is stopped and its deployment active:
    // cancelled. handleStop: filterByTerminal drops the complete web[2];
    // web[0] stops as not needed, web[1] (down node) as lost; Stop = 2.
    expect(doc.DeploymentUpdates).toEqual([
      {
        DeploymentID: (r.raw.Deployment as { ID: string }).ID,
        Status: 'cancelled',
        StatusDescription: 'Cancelled because job is stopped',
      },
    ]);
    expect(byName(doc.Stop)).toEqual([
      {
        AllocID: r.id('web.web[0]'),
        Name: 'web.web[0]',
        ClientStatus: '',
        StatusDescription: NOT_NEEDED,
        FollowupEvalID: '',
      },
      {
        AllocID: r.id('web.web[1]'),
        Name: 'web.web[1]',
        ClientStatus: 'lost',
        StatusDescription: LOST,
        FollowupEvalID: '',
      },
    ]);
    expect(doc.DesiredTGUpdates).toEqual({ web: { ...zeroCounts, Stop: 2 } });
    expect(doc.Place).toEqual([]);
    expect(doc.Deployment).toBeNull();
  });
});
