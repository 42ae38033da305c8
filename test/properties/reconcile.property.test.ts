// Property tests: what upstream's reconciler guarantees for any input, and
// nothing it does not. (Upstream's annotation counts do not always equal the
// result lists, and placement names can repeat when free indexes run out:
// those are reference behaviour, so no property claims otherwise.)

import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { readScenario } from '../../src/scenario/read.ts';
import { runScenario } from '../../src/result/run.ts';
import type { ResultDocument } from '../../src/result/document.ts';
import { scenarioArb } from './arbitraries.ts';
import {
  type Allocation,
  AllocClientStatusFailed,
  allocReschedulePolicy,
  lastEventTime,
  nextDelay,
  nextRescheduleTime,
} from '../../src/engine/structs.ts';

const RUNS = 400;
// A generous limit: 400 scenarios take a second or two, more on a busy machine.
const TIMEOUT_MS = 120_000;

function read(doc: Record<string, unknown>) {
  const r = readScenario(JSON.stringify(doc));
  if (!r.ok) throw new Error(`generated scenario is invalid: ${JSON.stringify(r.diagnostics.slice(0, 3))}`);
  return r.scenario;
}

// counter gives IDs that depend only on the order they are asked for.
function counter(): () => string {
  let n = 0;
  return () => `generated-${++n}`;
}

// withoutGeneratedIDs blanks the IDs a run makes up (deployment, follow-up
// evaluations and the references to them), which may differ between runs.
function withoutGeneratedIDs(doc: ResultDocument): unknown {
  const generated = new Set<string>();
  if (doc.Deployment) generated.add(doc.Deployment.ID);
  for (const evals of Object.values(doc.DesiredFollowupEvals)) for (const e of evals) generated.add(e.ID);
  // A stopped or annotated allocation's follow-up evaluation is always a
  // generated one, even when upstream's handleDelayedLost then drops it from
  // the group's list (a delayed lost and a delayed failed allocation in one
  // group: the second list replaces the first).
  for (const s of doc.Stop) if (s.FollowupEvalID !== '') generated.add(s.FollowupEvalID);
  for (const u of doc.AttributeUpdates) generated.add(u.FollowupEvalID);
  return JSON.parse(JSON.stringify(doc), (_k, v: unknown) =>
    typeof v === 'string' && generated.has(v) ? '<generated>' : v,
  );
}

describe('reconciler properties', () => {
  test(
    'every generated scenario is valid, and reconciles without throwing',
    () => {
      fc.assert(
        fc.property(scenarioArb, (doc) => {
          runScenario(read(doc), { trace: true });
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT_MS,
  );

  test(
    'reconciling the same scenario twice gives the same result, generated IDs aside',
    () => {
      fc.assert(
        fc.property(scenarioArb, (doc) => {
          const scenario = read(doc);
          const first = runScenario(scenario).document;
          const second = runScenario(read(doc)).document;
          expect(withoutGeneratedIDs(second)).toEqual(withoutGeneratedIDs(first));
          // With the same ID source the documents are identical to the letter.
          expect(runScenario(scenario, { generateID: counter() }).document).toEqual(
            runScenario(scenario, { generateID: counter() }).document,
          );
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT_MS,
  );

  test(
    'recording the trace changes nothing the reconciler decides',
    () => {
      fc.assert(
        fc.property(scenarioArb, (doc) => {
          const scenario = read(doc);
          expect(runScenario(scenario, { trace: true, generateID: counter() }).document).toEqual(
            runScenario(scenario, { trace: false, generateID: counter() }).document,
          );
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT_MS,
  );

  test(
    'every allocation a result names exists in the scenario',
    () => {
      fc.assert(
        fc.property(scenarioArb, (doc) => {
          const scenario = read(doc);
          const ids = new Set(scenario.Allocations.map((a) => a.ID));
          const r = runScenario(scenario).document;
          const named = [
            ...r.Place.map((p) => p.PreviousAllocID).filter((id) => id !== ''),
            ...r.DestructiveUpdate.map((d) => d.StopAllocID),
            ...r.InplaceUpdate.map((u) => u.AllocID),
            ...r.Stop.map((s) => s.AllocID),
            ...r.AttributeUpdates.map((u) => u.AllocID),
          ];
          for (const id of named) expect(ids.has(id), `unknown allocation ${id}`).toBe(true);
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT_MS,
  );

  test(
    'every group of the job and of the allocations has its DesiredTGUpdates entry',
    () => {
      fc.assert(
        fc.property(scenarioArb, (doc) => {
          const scenario = read(doc);
          const r = runScenario(scenario).document;
          const groups = new Set([
            ...scenario.Job.TaskGroups.map((g) => g.Name),
            ...scenario.Allocations.map((a) => a.TaskGroup),
          ]);
          for (const g of groups) {
            expect(Object.keys(r.DesiredTGUpdates[g] ?? {}).sort(), `group ${g}`).toEqual([
              'Canary',
              'DestructiveUpdate',
              'Ignore',
              'InPlaceUpdate',
              'Migrate',
              'Place',
              'Stop',
            ]);
          }
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT_MS,
  );
});

// respell writes every AllocStates Field and every nil Events list of a
// generated document in one of the spellings the contract gives them.
function respell(doc: Record<string, unknown>, field: object, nilEvents: object): Record<string, unknown> {
  const copy = structuredClone(doc);
  for (const a of copy.Allocations as Record<string, unknown>[]) {
    a.AllocStates = (a.AllocStates as Record<string, unknown>[]).map(({ Field: _old, ...rest }) => ({
      ...field,
      ...rest,
    }));
    const t = a.RescheduleTracker as { Events?: unknown } | undefined;
    if (t !== undefined && (t.Events === undefined || t.Events === null)) a.RescheduleTracker = nilEvents;
  }
  return copy;
}

// The oracle: upstream's NextDelay and NextRescheduleTime transcribed onto
// BigInt, which wraps to int64 as Go does, to hold the engine's doubles to.
const MAX_INT64 = (1n << 63n) - 1n;
const wrap = (b: bigint): bigint => BigInt.asIntN(64, b);
const i64 = (n: number): bigint => (n === 2 ** 63 ? MAX_INT64 : wrap(BigInt(n)));

function goNextDelay(a: Allocation): bigint {
  const policy = allocReschedulePolicy(a);
  if (policy === null) return 0n;
  let delay = i64(policy.Delay);
  const events = a.RescheduleTracker?.Events ?? null;
  if (events === null || events.length === 0) return delay;
  const last = events[events.length - 1]!;
  if (policy.DelayFunction === 'exponential') {
    delay = wrap(i64(last.Delay) * 2n);
  } else if (policy.DelayFunction === 'fibonacci') {
    if (events.length >= 2) {
      const n1 = i64(last.Delay);
      const n2 = i64(events[events.length - 2]!.Delay);
      delay = n2 === i64(policy.MaxDelay) && n1 === i64(policy.Delay) ? n1 : wrap(n1 + n2);
    }
  } else {
    return delay;
  }
  if (i64(policy.MaxDelay) > 0n && delay > i64(policy.MaxDelay)) {
    delay = i64(policy.MaxDelay);
    if (wrap(i64(lastEventTime(a)) - i64(last.RescheduleTime)) > delay) delay = i64(policy.Delay);
  }
  return delay;
}

function goRescheduleEligible(a: Allocation): boolean {
  const policy = allocReschedulePolicy(a)!;
  const failNanos = i64(lastEventTime(a));
  const tracker = a.RescheduleTracker;
  let eligible = policy.Unlimited || (policy.Attempts > 0 && tracker === null);
  if (policy.Attempts > 0 && tracker !== null && tracker.Events !== null) {
    const attempted = tracker.Events.filter(
      (e) => wrap(failNanos - i64(e.RescheduleTime)) < i64(policy.Interval),
    ).length;
    eligible = attempted < policy.Attempts && goNextDelay(a) < i64(policy.Interval);
  }
  return eligible;
}

describe('the shapes Go tells apart by type', () => {
  test(
    'each spelling of AllocStates.Field and of a nil Events list reconciles alike',
    () => {
      fc.assert(
        fc.property(scenarioArb, (doc) => {
          const results = [
            respell(doc, {}, {}),
            respell(doc, { Field: 0 }, { Events: null }),
            respell(doc, { Field: 'ClientStatus' }, {}),
          ].map((d) => runScenario(read(d), { generateID: counter() }).document);
          expect(results[1]).toEqual(results[0]);
          expect(results[2]).toEqual(results[0]);
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT_MS,
  );

  test(
    'a limited policy never reschedules an allocation whose Events list is nil, unless forced',
    () => {
      fc.assert(
        fc.property(scenarioArb, (doc) => {
          const scenario = read(doc);
          const r = runScenario(scenario).document;
          const replaced = new Set([
            ...r.Place.filter((p) => p.Reschedule).map((p) => p.PreviousAllocID),
            ...r.AttributeUpdates.map((u) => u.AllocID),
          ]);
          for (const a of scenario.Allocations) {
            const policy = allocReschedulePolicy(a);
            const nilList = a.RescheduleTracker !== null && a.RescheduleTracker.Events === null;
            if (
              !nilList ||
              policy === null ||
              policy.Unlimited ||
              policy.Attempts === 0 ||
              a.DesiredTransition.ForceReschedule
            )
              continue;
            expect(replaced.has(a.ID), `allocation ${a.ID}`).toBe(false);
          }
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT_MS,
  );

  test(
    'reschedule delays and eligibility follow Go int64 arithmetic, wrapping included',
    () => {
      fc.assert(
        fc.property(scenarioArb, (doc) => {
          for (const a of read(doc).Allocations) {
            if (a.ClientStatus !== AllocClientStatusFailed || allocReschedulePolicy(a) === null) continue;
            expect(nextDelay(a), `allocation ${a.ID}`).toBe(Number(goNextDelay(a)));
            if (a.DesiredStatus === 'stop') continue;
            expect(nextRescheduleTime(a).eligible, `allocation ${a.ID}`).toBe(goRescheduleEligible(a));
          }
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT_MS,
  );

  test(
    'every follow-up evaluation waits until after Now',
    () => {
      fc.assert(
        fc.property(scenarioArb, (doc) => {
          const scenario = read(doc);
          const r = runScenario(scenario).document;
          for (const evals of Object.values(r.DesiredFollowupEvals)) {
            for (const e of evals) expect(Date.parse(e.WaitUntil) * 1e6, e.WaitUntil).toBeGreaterThan(scenario.Now);
          }
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT_MS,
  );
});
