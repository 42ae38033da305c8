// Property tests of the 1.6 engine: the invariants reconcile.property.test.ts
// holds the 0.12 engine to, over the same generated scenarios with 1.6's
// facts laid on them (run16.ts), and what v1.6.5's code guarantees of its
// disconnect and reconnect paths.

import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { readScenario } from '../../src/scenario/read.ts';
import type { Scenario } from '../../src/scenario/read.ts';
import { type Allocation, lookupTaskGroup } from '../../src/engine/structs.ts';
import type { ReconcileResults } from '../../src/engine/v1.6/types.ts';
import { needsToReconnect } from '../../src/engine/v1.6/structs.ts';
import { scenarioArb } from './arbitraries.ts';
import { reconcile16, twist, twist16Arb } from './run16.ts';

const RUNS = 400;
// A generous limit: 400 scenarios take a second or two, more on a busy machine.
const TIMEOUT_MS = 120_000;

// scenario16Arb is a generated scenario, read, with 1.6's facts on it.
const scenario16Arb = fc.tuple(scenarioArb, twist16Arb).map(([doc, t]) => ({ doc, t }));

function read16({ doc, t }: { doc: Record<string, unknown>; t: Parameters<typeof twist>[1] }): Scenario {
  const r = readScenario(JSON.stringify(doc));
  if (!r.ok) throw new Error(`generated scenario is invalid: ${JSON.stringify(r.diagnostics.slice(0, 3))}`);
  return twist(r.scenario, t);
}

// counter gives IDs that depend only on the order they are asked for.
function counter(): () => string {
  let n = 0;
  return () => `generated-${++n}`;
}

// plain writes the results as comparable JSON: allocations by ID, task groups by name, maps as entry lists.
function plain(r: ReconcileResults): unknown {
  return JSON.parse(
    JSON.stringify({ ...r, trace: null }, (k, v: unknown) => {
      if (v instanceof Map) return [...(v as Map<string, unknown>).entries()];
      if (k === 'taskGroup' || k === 'placeTaskGroup') return (v as { Name: string }).Name;
      if (k === 'Job') return (v as { Version: number }).Version;
      return v;
    }),
  );
}

// namedAllocations lists every existing allocation the results name.
function namedAllocations(r: ReconcileResults): string[] {
  return [
    ...r.place.flatMap((p) => (p.previousAlloc ? [p.previousAlloc.ID] : [])),
    ...r.destructiveUpdate.map((d) => d.stopAlloc.ID),
    ...r.inplaceUpdate.map((a) => a.ID),
    ...r.stop.map((s) => s.alloc.ID),
    ...r.attributeUpdates.keys(),
    ...r.disconnectUpdates.keys(),
    ...r.reconnectUpdates.keys(),
  ];
}

// maxClientDisconnectSet reports whether the allocation's own job gives its group max_client_disconnect.
function maxClientDisconnectSet(a: Allocation): boolean {
  const tg = lookupTaskGroup(a.Job, a.TaskGroup);
  return tg !== undefined && tg.MaxClientDisconnect !== undefined && tg.MaxClientDisconnect !== null;
}

describe('the 1.6 engine keeps the 0.12 invariants', () => {
  test(
    'every scenario reconciles without throwing, and the trace changes nothing it decides',
    () => {
      fc.assert(
        fc.property(scenario16Arb, (input) => {
          const s = read16(input);
          expect(plain(reconcile16(s, { generateID: counter(), trace: true }))).toEqual(
            plain(reconcile16(s, { generateID: counter() })),
          );
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT_MS,
  );

  test(
    'reconciling the same scenario twice gives the same result',
    () => {
      fc.assert(
        fc.property(scenario16Arb, (input) => {
          expect(plain(reconcile16(read16(input), { generateID: counter() }))).toEqual(
            plain(reconcile16(read16(input), { generateID: counter() })),
          );
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT_MS,
  );

  test(
    'every allocation a result names exists, and every group has its DesiredTGUpdates entry',
    () => {
      fc.assert(
        fc.property(scenario16Arb, (input) => {
          const s = read16(input);
          const r = reconcile16(s, { generateID: counter() });
          const ids = new Set(s.Allocations.map((a) => a.ID));
          for (const id of namedAllocations(r)) expect(ids.has(id), `unknown allocation ${id}`).toBe(true);
          for (const g of new Set([...s.Job.TaskGroups.map((t) => t.Name), ...s.Allocations.map((a) => a.TaskGroup)])) {
            expect(r.desiredTGUpdates.has(g), `group ${g}`).toBe(true);
          }
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT_MS,
  );

  test(
    'every follow-up evaluation waits until after Now, with the evaluation priority',
    () => {
      fc.assert(
        fc.property(scenario16Arb, (input) => {
          const s = read16(input);
          const r = reconcile16(s, { generateID: counter() });
          for (const evals of r.desiredFollowupEvals.values()) {
            for (const e of evals) {
              expect(e.WaitUntil).toBeGreaterThan(s.Now);
              expect(e.Priority).toBe(s.Job.Priority);
            }
          }
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT_MS,
  );
});

describe('what v1.6.5 guarantees of disconnects and reconnects', () => {
  test('the generated scenarios reach the disconnect and reconnect paths', () => {
    const runs = fc
      .sample(scenario16Arb, { numRuns: RUNS, seed: 16 })
      .map((input) => reconcile16(read16(input), { generateID: counter() }));
    expect(runs.filter((r) => r.disconnectUpdates.size > 0).length).toBeGreaterThan(RUNS / 40);
    expect(runs.filter((r) => r.reconnectUpdates.size > 0).length).toBeGreaterThan(RUNS / 40);
    expect(runs.filter((r) => r.stop.some((x) => x.statusDescription.includes('reconnect'))).length).toBeGreaterThan(0);
  });

  test(
    'a disconnect update is made only for a running allocation on a disconnected node whose group has max_client_disconnect, and marks it unknown now',
    () => {
      fc.assert(
        fc.property(scenario16Arb, (input) => {
          const s = read16(input);
          const r = reconcile16(s, { generateID: counter() });
          const nodes = new Map(s.Nodes.map((n) => [n.ID, n]));
          const evals = new Set([...r.desiredFollowupEvals.values()].flat().map((e) => e.ID));
          for (const [id, updated] of r.disconnectUpdates) {
            const before = s.Allocations.find((a) => a.ID === id)!;
            expect(nodes.get(before.NodeID)?.Status).toBe('disconnected');
            expect(maxClientDisconnectSet(before)).toBe(true);
            expect(before.ClientStatus).toBe('running');
            expect(updated.ClientStatus).toBe('unknown');
            expect(updated.AllocStates.at(-1)).toEqual({ Field: 'ClientStatus', Value: 'unknown', Time: s.Now });
            expect(evals.has(updated.FollowupEvalID), `follow-up of ${id}`).toBe(true);
          }
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT_MS,
  );

  test(
    'a reconnect update is made only for a running allocation that must reconnect and whose node is not disconnected, and notes it running now',
    () => {
      fc.assert(
        fc.property(scenario16Arb, (input) => {
          const s = read16(input);
          const r = reconcile16(s, { generateID: counter() });
          const nodes = new Map(s.Nodes.map((n) => [n.ID, n]));
          // (It may still be stopped later, as any running allocation over the count is.)
          const failedStops = new Set(r.stop.filter((x) => x.clientStatus === 'failed').map((x) => x.alloc.ID));
          for (const [id, updated] of r.reconnectUpdates) {
            const before = s.Allocations.find((a) => a.ID === id)!;
            expect(needsToReconnect(before)).toBe(true);
            expect(maxClientDisconnectSet(before)).toBe(true);
            expect(before.ClientStatus).toBe('running');
            expect(nodes.get(before.NodeID)?.Status).not.toBe('disconnected');
            expect(failedStops.has(id), `${id} is both reconnected and stopped as failed`).toBe(false);
            expect(updated.AllocStates.at(-1)).toEqual({ Field: 'ClientStatus', Value: 'running', Time: s.Now });
          }
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT_MS,
  );

  test(
    'without max_client_disconnect, or on servers that do not support it, nothing is disconnected or reconnected',
    () => {
      fc.assert(
        fc.property(scenario16Arb, fc.boolean(), (input, unsupported) => {
          const t = unsupported ? input.t : { ...input.t, maxClientDisconnect: [null, null, null] };
          const s = read16({ doc: input.doc, t });
          const r = reconcile16(s, { generateID: counter(), supportsDisconnectedClients: !unsupported });
          expect(r.disconnectUpdates.size).toBe(0);
          expect(r.reconnectUpdates.size).toBe(0);
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT_MS,
  );

  test(
    'a lost allocation is replaced only while its group is short of its count, and says so',
    () => {
      fc.assert(
        fc.property(scenario16Arb, (input) => {
          const s = read16(input);
          const r = reconcile16(s, { generateID: counter() });
          for (const tg of s.Job.Stop ? [] : s.Job.TaskGroups) {
            const lost = r.place.filter((p) => p.taskGroup.Name === tg.Name && p.lost);
            expect(lost.length).toBeLessThanOrEqual(tg.Count);
            for (const p of lost) expect(p.previousAlloc?.Name).toBe(p.name);
          }
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT_MS,
  );

  test(
    'a placement that replaces an allocation asks for at least its job version',
    () => {
      fc.assert(
        fc.property(scenario16Arb, (input) => {
          const r = reconcile16(read16(input), { generateID: counter() });
          for (const p of r.place) expect(p.minJobVersion).toBe(p.previousAlloc?.Job.Version ?? 0);
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT_MS,
  );
});
