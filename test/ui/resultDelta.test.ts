// The worker sends each success as what changed since the previous one, and
// the page rebuilds it from its copy: the rebuilt result must equal the
// worker's, keep the page's objects of every unchanged part, and never
// change the copy it was built from.

import { describe, expect, it } from 'vitest';
import { generateScenario } from '../../bench/generate.ts';
import { EXAMPLES } from '../../src/examples/index.ts';
import { splitScenario } from '../../src/scenario/tabs.ts';
import { applyDelta, deltaOf, SAME } from '../../src/worker/delta.ts';
import { handleRun } from '../../src/worker/handle.ts';
import type { ResultParts, RunResponse, RunSuccess } from '../../src/worker/protocol.ts';
import { deepFreeze, send } from './sendResult.ts';

// runsCurrentJob lists, for each allocation, whether it runs the scenario's own Job object (as the views tell it).
function runsCurrentJob(r: RunSuccess): boolean[] {
  return r.scenario.Allocations.map((a) => a.Job === r.scenario.Job);
}

function success(texts: { job: string; cluster: string }, seq = 1): RunSuccess {
  const r: RunResponse = handleRun({ type: 'run', seq, texts });
  if (r.type !== 'result' || !r.ok) throw new Error('the scenario did not reconcile');
  return r;
}

describe('deltaOf and applyDelta', () => {
  it('rebuild any value from the previous one: keys added, removed and reordered, arrays grown and shrunk, other objects whole', () => {
    const prev = deepFreeze({ a: 1, b: { c: [1, 2, 3], d: 'x' }, e: [{ f: 1 }], m: new Map([[1, 2]]), gone: true });
    const next = { b: { d: 'y', c: [1, 2] }, a: 1, e: [{ f: 1 }, { f: 2 }], m: new Map([[1, 3]]), added: null };
    const rebuilt = applyDelta(structuredClone(deltaOf(next, prev)), prev) as typeof next;
    expect(rebuilt).toEqual(next);
    expect(Object.keys(rebuilt)).toEqual(Object.keys(next));
    expect(Object.keys(rebuilt.b)).toEqual(['d', 'c']);
    expect(rebuilt.e[0]).toBe(prev.e[0]);
  });

  it('call equal values SAME, and keep the previous objects of unchanged parts', () => {
    const prev = deepFreeze({ a: [{ x: 1 }, { x: 2 }], b: { y: 'z' } });
    expect(deltaOf(structuredClone(prev), prev)).toBe(SAME);
    const rebuilt = applyDelta(deltaOf({ a: [{ x: 1 }, { x: 3 }], b: { y: 'z' } }, prev), prev) as typeof prev;
    expect(rebuilt.a[0]).toBe(prev.a[0]);
    expect(rebuilt.b).toBe(prev.b);
    expect(rebuilt.a[1]).toEqual({ x: 3 });
  });

  it('keep an object shared in the worker shared on the page', () => {
    const job = { Version: 1, Count: 2, Meta: { a: 'b' }, k4: 4, k5: 5, k6: 6, k7: 7, k8: 8 };
    const prev = deepFreeze(structuredClone({ job, allocs: [{ job }, { job }] }));
    const nextJob = { ...job, Count: 3 };
    const rebuilt = applyDelta(deltaOf({ job: nextJob, allocs: [{ job: nextJob }, { job: nextJob }] }, prev), prev) as {
      job: typeof job;
      allocs: { job: typeof job }[];
    };
    expect(rebuilt.job.Count).toBe(3);
    expect(rebuilt.allocs[0]!.job).toBe(rebuilt.job);
    expect(rebuilt.allocs[1]!.job).toBe(rebuilt.job);
    expect(rebuilt.job.Meta).toBe(prev.job.Meta);
  });
});

describe('sharing', () => {
  // A job-like object: enough keys for its sharing to be kept.
  const job = (Version: number, Count = 1) => ({ Version, Count, a: 1, b: 2, c: 3, d: 4, e: 5, f: 6 });
  type Doc = { Job: ReturnType<typeof job>; Allocations: { ID: string; Job: ReturnType<typeof job> }[] };
  // sharing lists, for each allocation, whether it runs the document's own Job object.
  const sharing = (doc: Doc) => doc.Allocations.map((a) => a.Job === doc.Job);
  const sent = (next: Doc, prev: Doc) => applyDelta(structuredClone(deltaOf(next, prev)), prev) as Doc;

  it('is the worker’s when an allocation is added that runs the current job', () => {
    const j = job(2);
    const prev = deepFreeze(structuredClone({ Job: j, Allocations: [{ ID: 'a', Job: j }] }));
    const k = job(2, 3);
    const next = {
      Job: k,
      Allocations: [
        { ID: 'a', Job: k },
        { ID: 'b', Job: k },
      ],
    };
    expect(sharing(sent(next, prev))).toEqual([true, true]);
  });

  it('is the worker’s when allocations that ran one job now run two', () => {
    const j = job(2);
    const prev = deepFreeze(
      structuredClone({
        Job: j,
        Allocations: [
          { ID: 'a', Job: j },
          { ID: 'b', Job: j },
        ],
      }),
    );
    const next = {
      Job: job(2),
      Allocations: [
        { ID: 'a', Job: job(2) },
        { ID: 'b', Job: job(2) },
      ],
    };
    next.Allocations[0]!.Job = next.Job;
    expect(sharing(sent(next, prev))).toEqual([true, false]);
  });

  it('is the worker’s when allocations that ran two equal jobs now run one', () => {
    const prev = deepFreeze({ Job: job(2), Allocations: [{ ID: 'a', Job: job(2) }] });
    const k = job(2);
    expect(sharing(sent({ Job: k, Allocations: [{ ID: 'a', Job: k }] }, prev))).toEqual([true]);
  });
});

describe('results sent as deltas', () => {
  it('rebuild every example, each sent after the one before, equal to what the worker had', async () => {
    let worker: ResultParts | null = null;
    let page: ResultParts | null = null;
    for (const [i, example] of EXAMPLES.entries()) {
      const r = success(splitScenario(await example.load()), i + 1);
      const sent = send(r, worker, page);
      expect(JSON.parse(JSON.stringify(sent.rebuilt))).toEqual(JSON.parse(JSON.stringify(r)));
      expect(runsCurrentJob(sent.rebuilt)).toEqual(runsCurrentJob(r));
      ({ worker, page } = sent);
    }
  });

  it('send an edit of one Count as a small message that keeps the unchanged allocations, nodes and groups', () => {
    const texts = splitScenario(generateScenario({ allocs: 1000, nodes: 100 }));
    const first = send(success(texts), null, null);
    const edited = { ...texts, job: texts.job.replace(/"Count": (\d+)/, '"Count": 1$1') };
    const r = success(edited, 2);
    const second = send(r, first.worker, first.page);
    expect(JSON.parse(JSON.stringify(second.rebuilt))).toEqual(JSON.parse(JSON.stringify(r)));
    expect(second.size).toBeLessThan(first.size / 10);

    const before = first.page;
    const after = second.rebuilt;
    expect(after.scenario.Nodes).toBe(before.scenario.Nodes);
    // The allocations of older job versions are the page's own objects; those of the edited job run the new job.
    const older = after.scenario.Allocations.filter((a) => a.Job.Version !== after.scenario.Job.Version);
    expect(older.length).toBeGreaterThan(0);
    for (const a of older) expect(before.scenario.Allocations).toContain(a);
    const current = after.scenario.Allocations.filter((a) => a.Job.Version === after.scenario.Job.Version);
    for (const a of current) expect(a.Job).toBe(after.scenario.Job);
    // Only the edited group's trace is new.
    const kept = after.trace!.groups.filter((g, i) => g === before.trace!.groups[i]);
    expect(kept.length).toBe(after.trace!.groups.length - 1);
    // Two runs of 1,000 allocations: seconds on a busy shared machine, not the default five.
  }, 30_000);
});
