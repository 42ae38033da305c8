// The notes on releases after 1.6.5: each attaches to the allocations whose
// decision the changelog entry changed, and only where the scenario shows
// that behaviour.

import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { laterIndex, laterNotes } from '../../src/result/laterReleases.ts';
import { runScenario } from '../../src/result/run.ts';
import { readScenario } from '../../src/scenario/read.ts';
import { EXAMPLES_DIR } from '../examples/helpers.ts';

interface GroupDoc {
  Name: string;
  Count: number;
  Affinities?: unknown[];
  Spreads?: unknown[];
  StopAfterClientDisconnect?: string | null;
  ReschedulePolicy?: { Attempts: number; Unlimited: boolean };
  Tasks: { Config: { image: string } }[];
}
interface AllocDoc {
  ID: string;
  Name: string;
  DesiredStatus: string;
  ClientStatus: string;
}
interface Doc {
  Job: { TaskGroups: GroupDoc[] };
  JobVersions: { TaskGroups: GroupDoc[] }[];
  Allocations: AllocDoc[];
}

const example = (id: string): Doc => JSON.parse(readFileSync(`${EXAMPLES_DIR}${id}.json`, 'utf8')) as Doc;

function run(doc: Doc) {
  const read = readScenario(JSON.stringify(doc));
  if (!read.ok) throw new Error(JSON.stringify(read.diagnostics));
  const { document } = runScenario(read.scenario, { generateID: () => 'id' });
  return { index: laterIndex(read.scenario, document), notes: laterNotes(read.scenario, document), document };
}

// attached lists, by allocation name, the allocations a change attaches to.
function attached(doc: Doc, code: string): string[] {
  const { index } = run(doc);
  return doc.Allocations.filter((a) => index.allocs.get(a.ID)?.includes(code as never))
    .map((a) => a.Name)
    .sort();
}

const alloc = (doc: Doc, prefix: string): AllocDoc => doc.Allocations.find((a) => a.ID.startsWith(prefix))!;

// rolling-update's running version 0 is nginx:1.26 and the job nginx:1.27:
// the same job with the old image and one change of our choosing.
function rollingUpdateWith(change: (group: GroupDoc) => void): Doc {
  const doc = example('rolling-update');
  const group = doc.Job.TaskGroups[0]!;
  group.Tasks[0]!.Config.image = doc.JobVersions[0]!.TaskGroups[0]!.Tasks[0]!.Config.image;
  change(group);
  return doc;
}

const AFFINITY = { LTarget: '${node.datacenter}', RTarget: 'dc1', Operand: '=', Weight: 50 };

describe('1.10.0: affinity and spread changes in place', () => {
  test('every allocation an affinity change alone replaces, now or in its turn, carries the note', () => {
    const doc = rollingUpdateWith((g) => (g.Affinities = [AFFINITY]));
    const { index, document } = run(doc);
    expect(document.DestructiveUpdate.length).toBeGreaterThan(0);
    const replacedNow = document.DestructiveUpdate.map((d) => d.StopAllocID);
    for (const id of replacedNow) expect(index.allocs.get(id)).toEqual(['affinity-spread-in-place']);
    // Those max_parallel holds back are replaced later for the same reason; [0] and [1] already run the job.
    expect(replacedNow.length).toBeLessThan(3);
    expect(attached(doc, 'affinity-spread-in-place')).toEqual(['web.web[2]', 'web.web[3]', 'web.web[4]']);
  });

  test('a spread change alone is noted the same way', () => {
    const doc = rollingUpdateWith((g) => (g.Spreads = [{ Attribute: '${node.datacenter}', Weight: 50 }]));
    expect(run(doc).notes.map((n) => n.change.code)).toEqual(['affinity-spread-in-place']);
  });

  test('an affinity changed with the image is not: the image replaces the allocations in every release', () => {
    const doc = example('rolling-update');
    doc.Job.TaskGroups[0]!.Affinities = [AFFINITY];
    const { index, document } = run(doc);
    expect(document.DestructiveUpdate.length).toBeGreaterThan(0);
    expect(index.allocs.size).toBe(0);
  });
});

describe('1.11.0: count = 0 is a removed group', () => {
  test('a group scaled to 0 notes every allocation that is not terminal', () => {
    const doc = rollingUpdateWith((g) => (g.Count = 0));
    alloc(doc, '9f4ee423').ClientStatus = 'complete';
    expect(attached(doc, 'count-zero-removes-group')).toEqual(['web.web[1]', 'web.web[2]', 'web.web[3]', 'web.web[4]']);
  });

  test('a group scaled down to 1 is not', () => {
    expect(
      attached(
        rollingUpdateWith((g) => (g.Count = 1)),
        'count-zero-removes-group',
      ),
    ).toEqual([]);
  });
});

describe('1.11.0: a stopped canary is not stopped again', () => {
  test("a failed deployment's canary that had already stopped carries the note", () => {
    const doc = example('failed-deployment');
    alloc(doc, '4ac37414').DesiredStatus = 'stop';
    expect(run(doc).document.Stop.map((s) => s.AllocID)).toContain(alloc(doc, '4ac37414').ID);
    expect(attached(doc, 'stopped-canary-not-stopped-again')).toEqual(['checkout.checkout[0]']);
  });

  test('a running canary that is stopped does not', () => {
    const doc = example('failed-deployment');
    expect(run(doc).document.Stop.map((s) => s.AllocID)).toContain(alloc(doc, '4ac37414').ID);
    expect(attached(doc, 'stopped-canary-not-stopped-again')).toEqual([]);
  });
});

describe('1.8.0: the disconnect block', () => {
  test('stop_after_client_disconnect notes the allocations on the down node, not the others', () => {
    const doc = example('stop-after-client-disconnect');
    const { notes, index } = run(doc);
    expect(notes.map((n) => [n.change.code, n.group, n.change.release])).toEqual([
      ['disconnect-block', 'ledger', '1.8.0'],
    ]);
    expect(index.allocs.size).toBeGreaterThan(0);
    expect(index.allocs.size).toBeLessThan(doc.Allocations.length);
  });

  test('without the field, the same down node carries no note', () => {
    const doc = example('stop-after-client-disconnect');
    for (const g of doc.Job.TaskGroups) g.StopAfterClientDisconnect = null;
    expect(run(doc).index.allocs.size).toBe(0);
  });

  test('max_client_disconnect notes the allocation marked unknown (1.6)', () => {
    expect(attached(example('disconnect-max-client-disconnect'), 'disconnect-block')).toEqual(['api.api[2]']);
  });
});

describe('1.9.1: a reconnecting allocation whose replacement failed', () => {
  test('is noted', () => {
    const doc = example('disconnect-reconnect');
    alloc(doc, '8a3f5c91').ClientStatus = 'failed';
    expect(attached(doc, 'reconnect-failed-replacement')).toEqual(['api.api[2]']);
  });

  test('is not while its replacement runs', () => {
    const doc = example('disconnect-reconnect');
    expect(attached(doc, 'reconnect-failed-replacement')).toEqual([]);
    expect(attached(doc, 'disconnect-block')).toEqual(['api.api[2]']);
  });
});

describe('2.0.4: a downscale stops failed allocations first', () => {
  // scale-up-and-down's worker group goes from 5 to 2: the reconciler stops [2], [3] and [4].
  test('the running allocations stopped and the failed one kept are noted', () => {
    const doc = example('scale-up-and-down');
    // Failed for good (no reschedule attempts), it stays and counts towards the 2.
    for (const job of [doc.Job, ...doc.JobVersions])
      job.TaskGroups[1]!.ReschedulePolicy = { Attempts: 0, Unlimited: false };
    alloc(doc, 'b24b3253').ClientStatus = 'failed';
    const { document } = run(doc);
    expect(document.Stop.map((s) => s.Name).sort()).toEqual(['shop.worker[2]', 'shop.worker[3]', 'shop.worker[4]']);
    expect(attached(doc, 'downscale-stops-failed-first')).toEqual([
      'shop.worker[0]',
      'shop.worker[2]',
      'shop.worker[3]',
      'shop.worker[4]',
    ]);
  });

  test('a downscale with no failed allocation is not', () => {
    expect(attached(example('scale-up-and-down'), 'downscale-stops-failed-first')).toEqual([]);
  });
});

test('an example with none of these behaviours has no notes', () => {
  expect(run(example('rolling-update')).notes).toEqual([]);
});
