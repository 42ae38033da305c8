// The rollout simulator under Nomad 1.6: a client that stops heartbeating is
// disconnected while an allocation on it may reconnect (nomad/heartbeat.go
// at v1.6.5); the reconciler marks its allocations unknown, reschedules them
// after their policy's delay and gives them up at max_client_disconnect; a
// client that comes back in time keeps its allocations and the replacements
// stop. Under 0.12 the same event takes the node down.

import { describe, expect, it } from 'vitest';
import type { FilmEvaluation } from '../../src/simulator/simulate.ts';
import { at, liveAllocs, loadRollout, runRollout, triggers } from './helpers.ts';

const T0 = at('2026-01-01T00:00:00Z');
const SECOND = 1e9;
const MINUTE = 60 * SECOND;

// nodeHappenings are what happened to nodes before an evaluation (clients' health reports left out).
const nodeHappenings = (step: FilmEvaluation) =>
  step.Happenings.filter((h) => h.Kind.startsWith('node-')).map((h) => [h.Kind, h.NodeID]);

describe('a client that disconnects (Nomad 1.6)', () => {
  it('is disconnected, its allocation unknown, replaced after 30 s, and lost at max_client_disconnect', () => {
    const { film } = loadRollout('disconnect-reconnect');
    expect(triggers(film)).toEqual([
      'scenario',
      'node-update',
      'alloc-failure',
      'max-disconnect-timeout',
      'node-update',
    ]);
    const [, disconnected, rescheduled, timedOut, nodeDown] = film.Steps;

    expect(nodeHappenings(disconnected!)).toEqual([['node-disconnected', 'node-3']]);
    expect(disconnected!.Applied.map((h) => [h.Kind, h.AllocID])).toEqual([['alloc-unknown', 'api-2']]);
    expect(disconnected!.Document.Place).toEqual([]);
    expect(disconnected!.Document.Stop).toEqual([]);
    // The reschedule's follow-up 30 s later (the policy's delay), the timeout's 10 minutes later.
    expect(
      Object.values(disconnected!.Document.DesiredFollowupEvals)
        .flat()
        .map((e) => [e.TriggeredBy, e.WaitUntil]),
    ).toEqual([
      ['max-disconnect-timeout', '2026-01-01T00:10:00Z'],
      ['alloc-failure', '2026-01-01T00:00:30Z'],
    ]);

    expect(rescheduled!.Time).toBe(T0 + 30 * SECOND);
    expect(rescheduled!.Document.Place).toMatchObject([
      { Name: 'api.api[2]', PreviousAllocID: 'api-2', Reschedule: true },
    ]);
    // The unknown allocation is not stopped: its client may still come back.
    expect(rescheduled!.Document.Stop).toEqual([]);
    expect(rescheduled!.Placed[0]!.NodeID).not.toBe('node-3');

    expect(timedOut!.Time).toBe(T0 + 10 * MINUTE);
    expect(nodeHappenings(timedOut!)).toEqual([['node-down', 'node-3']]);
    expect(timedOut!.Document.Stop.map((s) => [s.AllocID, s.ClientStatus])).toEqual([['api-2', 'lost']]);
    // Its replacement already runs: the group has its count, nothing more is placed.
    expect(timedOut!.Document.Place).toEqual([]);
    expect(nodeDown!.Document.Stop).toEqual([]);
    expect(
      liveAllocs(film)
        .map((a) => a.Name)
        .sort(),
    ).toEqual(['api.api[0]', 'api.api[1]', 'api.api[2]']);
    expect(liveAllocs(film).some((a) => a.ID === 'api-2')).toBe(false);
  });

  it('that comes back in time keeps its allocation, which reconnects; the replacement stops', () => {
    const { film } = loadRollout('disconnect-reconnect', [
      { After: 3, Delay: '1m', Kind: 'node-up', NodeID: 'node-3' },
    ]);
    expect(triggers(film)).toEqual([
      'scenario',
      'node-update',
      'alloc-failure',
      'node-update',
      'max-disconnect-timeout',
    ]);
    const back = film.Steps[3]!;
    expect(nodeHappenings(back)).toEqual([['node-reconnected', 'node-3']]);
    const replacement = film.Steps[2]!.Placed[0]!.AllocID;
    expect(back.Document.Stop.map((s) => [s.AllocID, s.StatusDescription])).toEqual([
      [replacement, 'alloc not needed due to disconnected client reconnect'],
    ]);
    expect(back.Applied.filter((h) => h.Kind === 'alloc-reconnected').map((h) => h.AllocID)).toEqual(['api-2']);
    // At the timeout the allocation has reconnected: nothing is lost.
    expect(film.Steps[4]!.Document.Stop).toEqual([]);
    expect(film.End.Scenario.Nodes.find((n) => n.ID === 'node-3')!.Status).toBe('ready');
    expect(
      liveAllocs(film)
        .map((a) => a.ID)
        .sort(),
    ).toEqual(['api-0', 'api-1', 'api-2']);
  });

  it('that comes back keeps the replacement instead when only the replacement has a placement score', () => {
    const { document } = loadRollout('disconnect-reconnect');
    const doc = structuredClone(document) as { Allocations: { Metrics?: unknown }[] };
    for (const a of doc.Allocations) delete a.Metrics;
    const { film } = runRollout(doc, [
      { After: 1, Kind: 'node-down', NodeID: 'node-3' },
      { After: 3, Delay: '1m', Kind: 'node-up', NodeID: 'node-3' },
    ]);
    // pickReconnectingAlloc: a scored, running replacement beats an original without a score.
    expect(film.Steps[3]!.Document.Stop.map((s) => [s.AllocID, s.StatusDescription])).toEqual([
      ['api-2', 'alloc not needed due to job update'],
    ]);
    expect(film.Steps[3]!.Applied.filter((h) => h.Kind === 'alloc-reconnected')).toEqual([]);
  });

  it('without max_client_disconnect the node is down and its allocation lost at once', () => {
    const { document } = loadRollout('disconnect-reconnect');
    const doc = structuredClone(document) as { Job: { TaskGroups: { MaxClientDisconnect?: string }[] } };
    delete doc.Job.TaskGroups[0]!.MaxClientDisconnect;
    const { film } = runRollout(doc, [{ After: 1, Kind: 'node-down', NodeID: 'node-3' }]);
    expect(film.Steps[1]!.Happenings.map((h) => h.Kind)).toEqual(['node-down']);
    expect(film.Steps[1]!.Document.Stop.map((s) => [s.AllocID, s.ClientStatus])).toEqual([['api-2', 'lost']]);
    expect(film.Steps[1]!.Document.Place).toMatchObject([{ Name: 'api.api[2]', PreviousAllocID: 'api-2' }]);
  });
});

describe('the same event under Nomad 0.12', () => {
  it('takes the node down: 0.12 knows no disconnected clients', () => {
    const { document } = loadRollout('disconnect-reconnect');
    const doc = structuredClone(document);
    delete doc.NomadVersion;
    const { film } = runRollout(doc, [{ After: 1, Kind: 'node-down', NodeID: 'node-3' }]);
    expect(film.Steps[1]!.Happenings.map((h) => h.Kind)).toEqual(['node-down']);
    expect(film.Steps[1]!.Document.Stop.map((s) => [s.AllocID, s.ClientStatus])).toEqual([['api-2', 'lost']]);
    // 0.12 places the replacement without naming the lost allocation.
    expect(film.Steps[1]!.Document.Place).toMatchObject([{ Name: 'api.api[2]', PreviousAllocID: '' }]);
  });
});

describe('the deployment watcher of Nomad 1.6', () => {
  // canary-promote, promoted five minutes after its canaries turned healthy.
  function promotedLate(version: '1.6' | undefined) {
    const { document } = loadRollout('canary-promote');
    const doc = structuredClone(document);
    if (version !== undefined) doc.NomadVersion = version;
    const { film } = runRollout(doc, [{ After: 2, Delay: '5m', Kind: 'deployment-promote' }]);
    const at = film.Steps.findIndex((s) => s.Happenings.some((h) => h.Kind === 'canaries-promoted'));
    const group = (i: number) => film.Steps[i]!.Scenario.Deployment!.TaskGroups.get('web')!;
    return { promotion: film.Steps[at]!, before: group(at - 1).RequireProgressBy, deadline: group(at) };
  }

  it('restarts a started progress deadline when the canaries are promoted', () => {
    const { promotion, before, deadline } = promotedLate('1.6');
    expect(deadline.Promoted).toBe(true);
    expect(deadline.RequireProgressBy).toBe(promotion.Time + 10 * MINUTE);
    expect(deadline.RequireProgressBy).toBeGreaterThan(before);
  });

  it('where 0.12 keeps the deadline its healthy canaries set', () => {
    const { promotion, before, deadline } = promotedLate(undefined);
    expect(deadline.Promoted).toBe(true);
    expect(deadline.RequireProgressBy).toBe(before);
    expect(deadline.RequireProgressBy).toBeLessThan(promotion.Time + 10 * MINUTE);
  });
});

describe('an unhealthy canary whose group may not be rescheduled', () => {
  // canary-promote with no reschedules allowed, its first canary's checks never passing.
  function failure(version: '1.6' | undefined): (string | undefined)[] {
    const { document } = loadRollout('canary-promote');
    const doc = structuredClone(document) as Record<string, unknown> & {
      Job: { TaskGroups: Record<string, unknown>[] };
    };
    doc.Job.TaskGroups[0]!.ReschedulePolicy = { Attempts: 0, Interval: 0, Unlimited: false };
    if (version !== undefined) doc.NomadVersion = version;
    const canary = runRollout(doc, []).film.Steps[0]!.Placed[0]!.AllocID;
    const { film } = runRollout(doc, [{ After: 1, Kind: 'alloc-unhealthy', AllocID: canary }]);
    return film.Steps.flatMap((s) => s.Happenings)
      .filter((h) => h.Kind === 'deployment-failed')
      .map((h) => h.Detail);
  }

  it('fails the deployment as soon as it is unhealthy under 1.6', () => {
    expect(failure('1.6')).toEqual(['Failed due to unhealthy allocations']);
  });

  it('where 0.12 waits for the progress deadline', () => {
    expect(failure(undefined)).toEqual(['Failed due to progress deadline']);
  });
});
