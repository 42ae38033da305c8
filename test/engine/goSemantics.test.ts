// Shapes where upstream decides by Go's types rather than by anything a
// reader sees: a nil list told from an empty one, a field whose zero value
// means something, and int64 durations that wrap around. Each scenario goes
// through the reader and the engine; each expectation is worked out from
// upstream's code at dccea99f7e (nomad/structs/structs.go, scheduler/) and
// was confirmed by running upstream's reconciler on the same shapes.

import { describe, expect, test } from 'vitest';
import { runScenario } from '../../src/result/run.ts';
import type { ResultDocument } from '../../src/result/document.ts';
import { readScenario } from '../../src/scenario/read.ts';

const NOW = '2026-01-01T00:00:00Z';

type Doc = Record<string, unknown>;

// job is a service job of one group "web" of count 1, with the group's extra fields.
function job(group: Doc): Doc {
  return { ID: 'app', TaskGroups: [{ Name: 'web', Count: 1, Tasks: [{ Name: 'app', Driver: 'docker' }], ...group }] };
}

// run reads a document (text, or an object to write as JSON) and reconciles it.
function run(doc: Doc | string): ResultDocument {
  const r = readScenario(typeof doc === 'string' ? doc : JSON.stringify(doc));
  if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
  let n = 0;
  return runScenario(r.scenario, { generateID: () => `gen-${++n}` }).document;
}

// failed is a failed allocation of "web" that finished a minute before NOW.
function failed(extra: Doc): Doc {
  return {
    ID: 'a1',
    Name: 'app.web[0]',
    TaskGroup: 'web',
    NodeID: 'n1',
    ClientStatus: 'failed',
    TaskStates: { app: { State: 'dead', Failed: true, FinishedAt: '2025-12-31T23:59:00Z' } },
    ...extra,
  };
}

// rescheduled is what upstream decides for a1 when it replaces it now.
const rescheduled = {
  Place: [{ Name: 'app.web[0]', TaskGroup: 'web', Canary: false, PreviousAllocID: 'a1', Reschedule: true }],
  Stop: [
    {
      AllocID: 'a1',
      Name: 'app.web[0]',
      ClientStatus: '',
      StatusDescription: 'alloc was rescheduled because it failed',
      FollowupEvalID: '',
    },
  ],
};

describe('a RescheduleTracker whose Events is nil (NextRescheduleTime)', () => {
  const limited = job({
    ReschedulePolicy: { Attempts: 2, Interval: '1h', Delay: '5s', DelayFunction: 'constant', Unlimited: false },
  });
  const scenario = (tracker: unknown) => ({
    Now: NOW,
    EvalID: 'eval-1',
    Job: limited,
    Nodes: [{ ID: 'n1', Status: 'ready' }],
    Allocations: [failed({ RescheduleTracker: tracker })],
  });

  test.each([
    ['{}', {}],
    ['{"Events": null}', { Events: null }],
  ])(
    'a limited policy never reschedules with %s: the interval check is skipped and eligibility stays false',
    (_name, tracker) => {
      const r = run(scenario(tracker));
      expect(r.Place).toEqual([]);
      expect(r.Stop).toEqual([]);
      expect(r.DesiredFollowupEvals).toEqual({});
      expect(r.DesiredTGUpdates.web).toMatchObject({ Ignore: 1, Place: 0, Stop: 0 });
    },
  );

  test('an empty list is checked against the interval: no attempts yet, so it is replaced now', () => {
    const r = run(scenario({ Events: [] }));
    expect(r).toMatchObject(rescheduled);
    expect(r.DesiredTGUpdates.web).toMatchObject({ Ignore: 0, Place: 1, Stop: 1 });
  });

  test('no tracker at all is eligible for a limited policy', () => {
    expect(run(scenario(null))).toMatchObject(rescheduled);
  });

  test('an unlimited policy reschedules a nil list too', () => {
    const unlimited = job({ ReschedulePolicy: { Delay: '5s', DelayFunction: 'constant', Unlimited: true } });
    expect(run({ ...scenario({}), Job: unlimited })).toMatchObject(rescheduled);
  });
});

describe('an AllocStates entry without Field is the client status (WaitClientStop)', () => {
  // A group with stop_after_client_disconnect of 1m; its allocation's node
  // is down, and the client was marked lost two minutes before NOW.
  const scenario = (state: Doc) => ({
    Now: NOW,
    EvalID: 'eval-1',
    Job: job({ StopAfterClientDisconnect: '1m' }),
    Nodes: [{ ID: 'n1', Status: 'down' }],
    Allocations: [{ ID: 'a1', Name: 'app.web[0]', TaskGroup: 'web', NodeID: 'n1', AllocStates: [state] }],
  });
  const lostNow = {
    Place: [{ Name: 'app.web[0]', TaskGroup: 'web', Canary: false, PreviousAllocID: '', Reschedule: false }],
    Stop: [
      {
        AllocID: 'a1',
        Name: 'app.web[0]',
        ClientStatus: 'lost',
        StatusDescription: 'alloc is lost since its node is down',
        FollowupEvalID: '',
      },
    ],
    DesiredFollowupEvals: {},
  };

  test.each([
    ['absent', {}],
    ['0, as Nomad prints it', { Field: 0 }],
    ['"ClientStatus"', { Field: 'ClientStatus' }],
  ])(
    'Field %s: lost at 23:58, so 1m + the 5s kill timeout have passed and the replacement is placed now',
    (_name, field) => {
      expect(run(scenario({ ...field, Value: 'lost', Time: '2025-12-31T23:58:00Z' }))).toMatchObject(lostNow);
    },
  );

  test('without a lost record the wait counts from now, and a follow-up evaluation is made', () => {
    const r = run(scenario({ Value: 'running', Time: '2025-12-31T23:58:00Z' }));
    expect(r.Place).toEqual([]);
    expect(r.Stop).toEqual([{ ...lostNow.Stop[0], FollowupEvalID: 'gen-1' }]);
    expect(r.DesiredFollowupEvals.web?.map((e) => e.WaitUntil)).toEqual(['2026-01-01T00:01:05Z']);
  });

  test('another number is refused, naming the path', () => {
    const r = readScenario(JSON.stringify(scenario({ Field: 1, Value: 'lost' })));
    expect(r.ok).toBe(false);
    expect(!r.ok && r.diagnostics.map((d) => [d.path, d.message])).toEqual([
      [
        'Allocations[0].AllocStates[0].Field',
        '1 is not an allocation state field: the only one is the client status, 0 (or "ClientStatus")',
      ],
    ]);
  });
});

describe('durations wrap around as Go int64s', () => {
  // An unlimited policy without MaxDelay: nothing caps the growth.
  const scenario = (fn: string, delays: number[]) => ({
    Now: NOW,
    EvalID: 'eval-1',
    Job: job({ ReschedulePolicy: { Delay: '30s', DelayFunction: fn, MaxDelay: 0, Unlimited: true } }),
    Nodes: [{ ID: 'n1', Status: 'ready' }],
    Allocations: [
      failed({
        RescheduleTracker: {
          Events: delays.map((Delay, i) => ({
            RescheduleTime: '2025-12-31T23:00:00Z',
            PrevAllocID: `p${i}`,
            PrevNodeID: 'n1',
            Delay,
          })),
        },
      }),
    ],
  });

  test('exponential: doubling 30s × 2^28 passes 2^63 and turns negative, so the replacement is due at once', () => {
    // Go: 8053063680000000000 * 2 wraps to -2340616713709551616.
    expect(run(scenario('exponential', [8053063680000000000]))).toMatchObject({
      ...rescheduled,
      DesiredFollowupEvals: {},
    });
  });

  test('exponential below the limit: the delay is centuries long, and a follow-up evaluation waits for it', () => {
    const r = run(scenario('exponential', [4000000000000000000]));
    expect(r.Place).toEqual([]);
    expect(r.AttributeUpdates).toEqual([{ AllocID: 'a1', Name: 'app.web[0]', FollowupEvalID: 'gen-1' }]);
    // 23:59:00 plus 8e18 ns, as Go's time.Add gives it.
    expect(r.DesiredFollowupEvals.web?.map((e) => e.WaitUntil)).toEqual(['2279-07-06T14:12:20Z']);
  });

  test('fibonacci: 5e18 + 5e18 wraps to -8446744073709551616, so the replacement is due at once', () => {
    expect(run(scenario('fibonacci', [5000000000000000000, 5000000000000000000]))).toMatchObject({
      ...rescheduled,
      DesiredFollowupEvals: {},
    });
  });

  test('fibonacci below the limit waits', () => {
    const r = run(scenario('fibonacci', [3000000000000000000, 4000000000000000000]));
    expect(r.Place).toEqual([]);
    expect(r.DesiredFollowupEvals.web).toHaveLength(1);
  });

  test('stop_after_client_disconnect of int64 max plus the kill timeout wraps: the lost allocation is replaced now', () => {
    // Written as Nomad's JSON writes it: the exact integer.
    const text = JSON.stringify({
      Now: NOW,
      EvalID: 'eval-1',
      Job: job({ StopAfterClientDisconnect: 'MAX' }),
      Nodes: [{ ID: 'n1', Status: 'down' }],
      Allocations: [{ ID: 'a1', Name: 'app.web[0]', TaskGroup: 'web', NodeID: 'n1' }],
    }).replace('"MAX"', '9223372036854775807');
    const r = run(text);
    expect(r.Place).toEqual([
      { Name: 'app.web[0]', TaskGroup: 'web', Canary: false, PreviousAllocID: '', Reschedule: false },
    ]);
    expect(r.DesiredFollowupEvals).toEqual({});
  });

  test('stop_after_client_disconnect just short of the limit waits centuries', () => {
    const r = run({
      Now: NOW,
      EvalID: 'eval-1',
      Job: job({ StopAfterClientDisconnect: 9223372030000000000 }),
      Nodes: [{ ID: 'n1', Status: 'down' }],
      Allocations: [{ ID: 'a1', Name: 'app.web[0]', TaskGroup: 'web', NodeID: 'n1' }],
    });
    expect(r.Place).toEqual([]);
    // NOW plus 9223372030000000000 ns and the 5s kill timeout.
    expect(r.DesiredFollowupEvals.web?.map((e) => e.WaitUntil)).toEqual(['2318-04-12T23:47:15Z']);
  });
});
