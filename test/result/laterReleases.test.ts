// The notes on releases after 1.6.5: each attaches only where the scenario
// shows the behaviour the changelog entry changed.

import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { tasksUpdated } from '../../src/engine/v0.12/util.ts';
import { laterNotes } from '../../src/result/laterReleases.ts';
import { runScenario } from '../../src/result/run.ts';
import { readScenario } from '../../src/scenario/read.ts';
import { EXAMPLES_DIR } from '../examples/helpers.ts';

interface GroupDoc {
  Name: string;
  Count: number;
  Affinities?: unknown[];
  Spreads?: unknown[];
  Tasks: { Config: { image: string } }[];
}
interface Doc {
  Job: { TaskGroups: GroupDoc[] };
  JobVersions: { TaskGroups: GroupDoc[] }[];
}

const example = (id: string): Doc => JSON.parse(readFileSync(`${EXAMPLES_DIR}${id}.json`, 'utf8')) as Doc;

function notesOf(doc: Doc) {
  const read = readScenario(JSON.stringify(doc));
  if (!read.ok) throw new Error(JSON.stringify(read.diagnostics));
  const { document } = runScenario(read.scenario, { generateID: () => 'id' });
  return { notes: laterNotes(read.scenario, document, tasksUpdated), document };
}

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

describe('laterNotes', () => {
  test('a destructive update forced by an affinity alone is noted as in place from 1.10', () => {
    const { notes, document } = notesOf(rollingUpdateWith((g) => (g.Affinities = [AFFINITY])));
    expect(document.DestructiveUpdate.length).toBeGreaterThan(0);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.change.code).toBe('affinity-spread-in-place');
    expect(notes[0]!.change.release).toBe('1.10.0');
    expect(notes[0]!.allocIDs.sort()).toEqual(document.DestructiveUpdate.map((d) => d.StopAllocID).sort());
  });

  test('a spread change alone is noted the same way', () => {
    const { notes } = notesOf(
      rollingUpdateWith((g) => (g.Spreads = [{ Attribute: '${node.datacenter}', Weight: 50 }])),
    );
    expect(notes.map((n) => n.change.code)).toEqual(['affinity-spread-in-place']);
  });

  test('an affinity changed with the image is not: the image replaces the allocations in every release', () => {
    const doc = example('rolling-update');
    doc.Job.TaskGroups[0]!.Affinities = [AFFINITY];
    const { notes, document } = notesOf(doc);
    expect(document.DestructiveUpdate.length).toBeGreaterThan(0);
    expect(notes).toEqual([]);
  });

  test('a group scaled to count 0 is noted as a removed group from 1.11', () => {
    const { notes } = notesOf(rollingUpdateWith((g) => (g.Count = 0)));
    expect(notes.map((n) => [n.change.code, n.group])).toEqual([['count-zero-removes-group', 'web']]);
  });

  test('stop_after_client_disconnect is noted as replaced by the disconnect block of 1.8', () => {
    const { notes } = notesOf(example('stop-after-client-disconnect'));
    expect(notes.map((n) => [n.change.code, n.group, n.change.release])).toEqual([
      ['disconnect-block', 'ledger', '1.8.0'],
    ]);
  });

  test('an example with none of these behaviours has no notes', () => {
    expect(notesOf(example('rolling-update')).notes).toEqual([]);
  });
});
