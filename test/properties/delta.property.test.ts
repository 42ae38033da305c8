// The worker sends each result as what changed since the previous one
// (worker/delta.ts): for any pair of values, and any pair of results, the
// page's rebuild from the delta must be exactly the new value, keys named
// like Object.prototype's (`__proto__` above all) included.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitScenario } from '../../src/scenario/tabs.ts';
import { applyDelta, deltaOf } from '../../src/worker/delta.ts';
import { handleRun } from '../../src/worker/handle.ts';
import type { ResultParts } from '../../src/worker/protocol.ts';
import { send } from '../ui/sendResult.ts';
import { HOSTILE } from './arbitraries.ts';

const KEYS = [...HOSTILE, 'a', 'b', 'Count'];

// objectOf builds an object from its entries, each an own key (as JSON.parse makes them), the last of a repeated key winning.
function objectOf(entries: readonly [string, unknown][]): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const [k, v] of entries)
    Object.defineProperty(o, k, { value: v, writable: true, enumerable: true, configurable: true });
  return o;
}

// A small domain of keys and values, so that two values drawn from it share parts, which the delta then calls unchanged.
const { value: valueArb } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(0, 1, 'x', null, true),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.array(fc.tuple(fc.constantFrom(...KEYS), tie('value')), { maxLength: 4 }).map(objectOf),
  ),
}));

// ownShape is a value with every object's own keys written as data and its prototype named, so that a key that became a prototype shows.
function ownShape(x: unknown): unknown {
  if (typeof x !== 'object' || x === null) return x;
  if (Array.isArray(x)) return x.map(ownShape);
  const proto = Object.getPrototypeOf(x) === Object.prototype ? 'Object' : String(Object.getPrototypeOf(x));
  return { proto, keys: Object.keys(x).map((k) => [k, ownShape(Object.getOwnPropertyDescriptor(x, k)!.value)]) };
}

// scenarioDoc is a job with two groups of the given names and counts, over a cluster with one of each group's allocations.
function scenarioDoc(groups: readonly [string, number][]): Record<string, unknown> {
  return {
    Now: '2026-01-01T00:00:00Z',
    EvalID: 'e',
    Job: {
      ID: 'app',
      Type: 'service',
      Version: 1,
      Datacenters: ['dc1'],
      TaskGroups: groups.map(([Name, Count]) => ({
        Name,
        Count,
        Tasks: [{ Name: 't', Driver: 'docker', Config: { image: 'a:1' }, Resources: { CPU: 100, MemoryMB: 64 } }],
      })),
    },
    Nodes: [{ ID: 'n1', Datacenter: 'dc1', Status: 'ready', SchedulingEligibility: 'eligible' }],
    Allocations: groups.map(([g]) => ({
      ID: `${g}-0`,
      Name: `app.${g}[0]`,
      TaskGroup: g,
      NodeID: 'n1',
      JobVersion: 1,
      ClientStatus: 'running',
    })),
  };
}

const groupsArb = fc
  .uniqueArray(fc.constantFrom(...HOSTILE, 'web'), { minLength: 1, maxLength: 3 })
  .chain((names) => fc.tuple(...names.map((n) => fc.tuple(fc.constant(n), fc.integer({ min: 0, max: 4 })))));

describe('the result delta with names that are prototype keys', () => {
  it('rebuilds exactly the new value from the previous one, for any pair of values', () => {
    fc.assert(
      fc.property(valueArb, valueArb, (prev, next) => {
        const rebuilt = applyDelta(structuredClone(deltaOf(next, prev)), structuredClone(prev));
        expect(ownShape(rebuilt)).toEqual(ownShape(next));
        expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('a');
      }),
      { numRuns: 300 },
    );
  });

  it('rebuilds exactly the new result from the previous one, for any pair of results (a group scaled, added or removed)', () => {
    fc.assert(
      fc.property(groupsArb, groupsArb, (before, after) => {
        let worker: ResultParts | null = null;
        let page: ResultParts | null = null;
        for (const [seq, groups] of [before, after].entries()) {
          const r = handleRun({ type: 'run', seq, texts: splitScenario(scenarioDoc(groups)) });
          if (r.type !== 'result' || !r.ok) throw new Error('the scenario did not reconcile');
          const s = send(r, worker, page);
          expect(ownShape(JSON.parse(JSON.stringify(s.rebuilt.document)))).toEqual(
            ownShape(JSON.parse(JSON.stringify(r.document))),
          );
          for (const [g, count] of groups) {
            const u = Object.getOwnPropertyDescriptor(s.rebuilt.document.DesiredTGUpdates, g)?.value as
              { Place: number } | undefined;
            expect(u?.Place ?? 0).toBe(Math.max(count - 1, 0));
          }
          ({ worker, page } = s);
        }
      }),
      { numRuns: 40 },
    );
  });
});
