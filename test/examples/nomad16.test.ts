// The examples that teach what Nomad 1.6 decides about clients that
// disconnect and come back. Expectations worked out by hand from
// scheduler/reconcile.go and reconcile_util.go at v1.6.5 (filterByTainted,
// filterByRescheduleable, createTimeoutLaterEvals, createRescheduleLaterEvals,
// reconcileReconnecting, pickReconnectingAlloc, computePlacements) before
// the 1.6 engine ran.

import { describe, expect, it } from 'vitest';
import { runExample, zeroCounts } from './helpers.ts';

const NOW = Date.parse('2026-03-10T14:30:00Z');
const at = (ms: number) => new Date(NOW + ms).toISOString().replace('.000Z', 'Z');

describe('Nomad 1.6 examples', () => {
  it('max_client_disconnect: the allocation turns unknown; a reschedule in 30 s and a timeout in 10 min', () => {
    const r = runExample('disconnect-max-client-disconnect');
    const { doc } = r;
    // filterByTainted: api[2] runs on a disconnected node and its group sets
    // MaxClientDisconnect: disconnecting. filterByRescheduleable(disconnecting):
    // the default policy's first delay is 30 s, past the 1 s window and not
    // this evaluation's follow-up: rescheduled later, kept as untainted.
    expect(doc.Place).toEqual([]);
    expect(doc.Stop).toEqual([]);
    expect(doc.DesiredTGUpdates).toEqual({ api: { ...zeroCounts, Ignore: 3 } });
    // createTimeoutLaterEvals first (Now + 10m), then createRescheduleLaterEvals
    // (Now + 30s), whose evaluation overwrites the disconnect update's FollowupEvalID.
    const evals = doc.DesiredFollowupEvals.api!;
    expect(evals.map((e) => [e.TriggeredBy, e.WaitUntil, e.StatusDescription])).toEqual([
      ['max-disconnect-timeout', at(600_000), 'created for delayed disconnect timeout'],
      ['alloc-failure', at(30_000), 'created for delayed rescheduling'],
    ]);
    expect(doc.DisconnectUpdates).toEqual([
      {
        AllocID: r.id('api.api[2]'),
        Name: 'api.api[2]',
        TaskGroup: 'api',
        ClientStatus: 'unknown',
        ClientDescription: 'alloc is unknown since its node is disconnected',
        FollowupEvalID: evals[1]!.ID,
      },
    ]);
    expect(doc.ReconnectUpdates).toEqual([]);
    expect(doc.AttributeUpdates).toEqual([]);
  });

  it('without max_client_disconnect: lost, stopped, and replaced at once, naming the lost allocation', () => {
    const r = runExample('disconnect-without-max-client-disconnect');
    const { doc } = r;
    const lost = r.id('api.api[2]');
    expect(doc.Stop).toEqual([
      {
        AllocID: lost,
        Name: 'api.api[2]',
        ClientStatus: 'lost',
        StatusDescription: 'alloc is lost since its node is down',
        FollowupEvalID: '',
      },
    ]);
    expect(doc.Place).toEqual([
      {
        Name: 'api.api[2]',
        TaskGroup: 'api',
        Canary: false,
        PreviousAllocID: lost,
        Reschedule: false,
        Lost: true,
        DowngradeNonCanary: false,
        MinJobVersion: 0,
      },
    ]);
    expect(doc.DesiredTGUpdates).toEqual({ api: { ...zeroCounts, Place: 1, Stop: 1, Ignore: 2 } });
    expect(doc.DisconnectUpdates).toEqual([]);
    expect(doc.DesiredFollowupEvals).toEqual({});
  });

  it('reconnect: the original is kept and sent back running; its replacement stops', () => {
    const r = runExample('disconnect-reconnect');
    const { doc } = r;
    const original = r.raw.Allocations.find((a) => a.Name === 'api.api[2]' && a.NodeName === 'ip-10-0-3-96')!;
    const replacement = r.raw.Allocations.find((a) => a.Name === 'api.api[2]' && a.NodeName === 'ip-10-0-1-17')!;
    expect(doc.Stop).toEqual([
      {
        AllocID: replacement.ID,
        Name: 'api.api[2]',
        ClientStatus: '',
        StatusDescription: 'alloc not needed due to disconnected client reconnect',
        FollowupEvalID: '',
      },
    ]);
    expect(doc.ReconnectUpdates).toEqual([
      { AllocID: original.ID, Name: 'api.api[2]', TaskGroup: 'api', ClientStatus: 'running' },
    ]);
    expect(doc.Place).toEqual([]);
    expect(doc.DesiredTGUpdates).toEqual({ api: { ...zeroCounts, Stop: 1, Ignore: 3 } });
  });
});
