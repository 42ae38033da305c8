// The result document under Nomad 1.6, on hand-made scenarios (the
// fixtures in test/fixtures/nomad16/): clients that disconnect with and
// without max_client_disconnect, one that reconnects, one whose
// disconnection expired, and an initializing multiregion deployment.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ResultDocument } from '../../src/result/document.ts';
import { runScenario } from '../../src/result/run.ts';
import { readScenario } from '../../src/scenario/read.ts';

// fixtureDoc is one of the 1.6 fixtures as JSON, to vary.
function fixtureDoc(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`../fixtures/nomad16/${name}.json`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;
}

// run reads a document and reconciles it, with IDs g1, g2, … for what it creates.
function run(doc: Record<string, unknown>): ResultDocument {
  const read = readScenario(JSON.stringify(doc));
  if (!read.ok) throw new Error(JSON.stringify(read.diagnostics));
  let n = 0;
  return runScenario(read.scenario, { generateID: () => `g${++n}` }).document;
}

const counts = (c: Partial<ResultDocument['DesiredTGUpdates'][string]>) => ({
  Ignore: 0,
  Place: 0,
  Migrate: 0,
  Stop: 0,
  InPlaceUpdate: 0,
  DestructiveUpdate: 0,
  Canary: 0,
  ...c,
});

describe('a client disconnects', () => {
  it('with MaxClientDisconnect: the allocation is marked unknown, with a timeout evaluation and a later reschedule', () => {
    const doc = run(fixtureDoc('disconnect'));
    const followups = doc.DesiredFollowupEvals.web!;
    expect(followups.map((e) => [e.TriggeredBy, e.WaitUntil, e.StatusDescription, e.Priority])).toEqual([
      ['max-disconnect-timeout', '2026-01-01T00:15:00Z', 'created for delayed disconnect timeout', 50],
      ['alloc-failure', '2026-01-01T00:10:30Z', 'created for delayed rescheduling', 50],
    ]);
    // Upstream overwrites the timeout evaluation with the reschedule one.
    expect(doc.DisconnectUpdates).toEqual([
      {
        AllocID: 'alloc-1',
        Name: 'web.web[1]',
        TaskGroup: 'web',
        ClientStatus: 'unknown',
        ClientDescription: 'alloc is unknown since its node is disconnected',
        FollowupEvalID: followups[1]!.ID,
      },
    ]);
    expect([doc.Place, doc.Stop, doc.ReconnectUpdates]).toEqual([[], [], []]);
    expect(doc.DesiredTGUpdates.web).toEqual(counts({ Ignore: 2 }));
  });

  it('with MaxClientDisconnect 0: no disconnect update and no timeout evaluation', () => {
    const d = fixtureDoc('disconnect');
    (d.Job as { TaskGroups: Record<string, unknown>[] }).TaskGroups[0]!.MaxClientDisconnect = 0;
    const doc = run(d);
    expect(doc.DisconnectUpdates).toEqual([]);
    expect((doc.DesiredFollowupEvals.web ?? []).map((e) => e.TriggeredBy)).not.toContain('max-disconnect-timeout');
  });

  it('with EvalPriority: every follow-up evaluation takes it', () => {
    const doc = run({ ...fixtureDoc('disconnect'), EvalPriority: 80 });
    expect(doc.DesiredFollowupEvals.web!.map((e) => e.Priority)).toEqual([80, 80]);
  });

  it('without MaxClientDisconnect: the allocation is lost, stopped and replaced, and the replacement names it', () => {
    const doc = run(fixtureDoc('disconnect-no-max'));
    expect(doc.Stop).toEqual([
      {
        AllocID: 'alloc-1',
        Name: 'web.web[1]',
        ClientStatus: 'lost',
        StatusDescription: 'alloc is lost since its node is down',
        FollowupEvalID: '',
      },
    ]);
    expect(doc.Place).toEqual([
      {
        Name: 'web.web[1]',
        TaskGroup: 'web',
        Canary: false,
        PreviousAllocID: 'alloc-1',
        Reschedule: false,
        Lost: true,
        DowngradeNonCanary: false,
        MinJobVersion: 0,
      },
    ]);
    expect([doc.DisconnectUpdates, doc.ReconnectUpdates]).toEqual([[], []]);
  });
});

describe('a client reconnects', () => {
  it('keeps the original, which it lists as reconnected, and stops its replacement', () => {
    const doc = run(fixtureDoc('reconnect'));
    expect(doc.ReconnectUpdates).toEqual([
      { AllocID: 'alloc-1', Name: 'web.web[1]', TaskGroup: 'web', ClientStatus: 'running' },
    ]);
    expect(doc.Stop).toEqual([
      {
        AllocID: 'alloc-2',
        Name: 'web.web[1]',
        ClientStatus: '',
        StatusDescription: 'alloc not needed due to disconnected client reconnect',
        FollowupEvalID: '',
      },
    ]);
    expect(doc.DesiredTGUpdates.web).toEqual(counts({ Ignore: 2, Stop: 1 }));
  });

  it('keeps the replacement when only it has a placement score', () => {
    const d = fixtureDoc('reconnect');
    const allocs = d.Allocations as Record<string, unknown>[];
    allocs[2]!.Metrics = { ScoreMetaData: [{ NodeID: 'node-1', NormScore: 0.9 }] };
    const doc = run(d);
    expect(doc.ReconnectUpdates).toEqual([]);
    expect(doc.Stop.map((s) => [s.AllocID, s.StatusDescription])).toEqual([
      ['alloc-1', 'alloc not needed due to job update'],
    ]);
  });
});

describe('a disconnection expires', () => {
  it('stops the unknown allocation as lost and replaces it', () => {
    const doc = run(fixtureDoc('expired'));
    expect(doc.Stop.map((s) => [s.AllocID, s.ClientStatus, s.StatusDescription])).toEqual([
      ['alloc-1', 'lost', 'alloc is lost since its node is down'],
    ]);
    expect(doc.Place.map((p) => [p.PreviousAllocID, p.Lost])).toEqual([['alloc-1', true]]);
  });
});

describe('an initializing deployment', () => {
  it('is sent whole, with its EvalPriority, pauses placements and is reported pending', () => {
    const doc = run(fixtureDoc('initializing'));
    expect(doc.Deployment).toMatchObject({ ID: 'deploy-1', Status: 'initializing', EvalPriority: 50 });
    expect(doc.DeploymentUpdates).toEqual([
      {
        DeploymentID: 'deploy-1',
        Status: 'pending',
        StatusDescription: 'Deployment is pending, waiting for peer region',
      },
    ]);
    expect(doc.Place).toEqual([]);
  });

  it('a created deployment carries the evaluation’s priority', () => {
    const d = fixtureDoc('disconnect-no-max');
    (d.Job as Record<string, unknown>).Update = { MaxParallel: 1 };
    const doc = run({ ...d, Allocations: [], EvalPriority: 65 });
    expect(doc.Deployment).toMatchObject({ ID: 'g1', Status: 'running', EvalPriority: 65 });
  });
});

describe('a 0.12 result', () => {
  it('has no 1.6 field, even for the same allocations', () => {
    const doc = run({ ...fixtureDoc('disconnect-no-max'), NomadVersion: '0.12', Nodes: [] });
    expect(Object.keys(doc)).not.toContain('DisconnectUpdates');
    expect(Object.keys(doc)).not.toContain('ReconnectUpdates');
    expect(Object.keys(doc.Place[0]!)).toEqual(['Name', 'TaskGroup', 'Canary', 'PreviousAllocID', 'Reschedule']);
  });
});
