// Job-level diffs, after the cases of upstream's TestJobDiff
// (nomad/structs/diff_test.go at dccea99f7e) for the fields the model has.
// The expectations are written out by hand from upstream's.

import { describe, expect, test } from 'vitest';
import { jobDiff } from '../../src/diff/job.ts';
import { added, deleted, edited, object, readJob, same } from './helpers.ts';

describe('jobDiff', () => {
  test('primitive only that is the same', () => {
    const j = { Region: 'foo', Name: 'foo', Type: 'batch', Priority: 10, Meta: { foo: 'bar' } };
    expect(jobDiff(readJob(j), readJob(j))).toEqual({
      Type: 'None',
      ID: 'foo',
      Fields: [],
      Objects: [],
      TaskGroups: [],
    });
  });

  test('versions, indexes and the update block are not diffed', () => {
    const oldJob = readJob({ Version: 1, JobModifyIndex: 10, ModifyIndex: 10, CreateIndex: 1 });
    const newJob = readJob({
      Version: 2,
      JobModifyIndex: 20,
      ModifyIndex: 21,
      CreateIndex: 1,
      Update: { MaxParallel: 3 },
    });
    expect(jobDiff(oldJob, newJob).Type).toBe('None');
  });

  test('primitive only that has diffs: fields sorted by name', () => {
    const oldJob = readJob({ Region: 'foo', Name: 'foo', Type: 'batch', Priority: 10, Meta: { foo: 'bar' } });
    const newJob = readJob({ Region: 'bar', Name: 'bar', Type: 'service', Priority: 100, Meta: { foo: 'baz' } });
    const d = jobDiff(oldJob, newJob);
    expect(d.Type).toBe('Edited');
    expect(d.Fields).toEqual([
      edited('Meta[foo]', 'bar', 'baz'),
      edited('Name', 'foo', 'bar'),
      edited('Priority', '10', '100'),
      edited('Region', 'foo', 'bar'),
      edited('Type', 'batch', 'service'),
    ]);
  });

  test('stopping a job edits Stop', () => {
    expect(jobDiff(readJob({}), readJob({ Stop: true })).Fields).toEqual([edited('Stop', 'false', 'true')]);
  });

  test('map diff: a meta key added and another removed', () => {
    const d = jobDiff(readJob({ Meta: { foo: 'foo', bar: 'bar' } }), readJob({ Meta: { bar: 'bar', baz: 'baz' } }));
    expect(d.Type).toBe('Edited');
    expect(d.Fields).toEqual([added('Meta[baz]', 'baz'), deleted('Meta[foo]', 'foo')]);
  });

  describe('datacenters are a set', () => {
    test('both added and removed: edited', () => {
      const d = jobDiff(readJob({ Datacenters: ['foo', 'bar'] }), readJob({ Datacenters: ['baz', 'bar'] }), false);
      expect(d.Objects).toEqual([
        object('Edited', 'Datacenters', [added('Datacenters', 'baz'), deleted('Datacenters', 'foo')]),
      ]);
    });

    test('just added', () => {
      const d = jobDiff(
        readJob({ Datacenters: ['foo', 'bar'] }),
        readJob({ Datacenters: ['foo', 'bar', 'baz'] }),
        false,
      );
      expect(d.Objects).toEqual([object('Added', 'Datacenters', [added('Datacenters', 'baz')])]);
    });

    test('just deleted', () => {
      const d = jobDiff(readJob({ Datacenters: ['foo', 'bar'] }), readJob({ Datacenters: ['foo'] }), false);
      expect(d.Objects).toEqual([object('Deleted', 'Datacenters', [deleted('Datacenters', 'bar')])]);
    });

    test('contextual, no change: nothing (a reordering is no change)', () => {
      const d = jobDiff(readJob({ Datacenters: ['foo', 'bar'] }), readJob({ Datacenters: ['bar', 'foo'] }), true);
      expect(d).toMatchObject({ Type: 'None', Objects: [] });
    });

    test('contextual: the kept datacenters are listed unchanged', () => {
      const d = jobDiff(
        readJob({ Datacenters: ['foo', 'bar'] }),
        readJob({ Datacenters: ['foo', 'bar', 'baz'] }),
        true,
      );
      expect(d.Objects).toEqual([
        object('Added', 'Datacenters', [
          added('Datacenters', 'baz'),
          same('Datacenters', 'bar'),
          same('Datacenters', 'foo'),
        ]),
      ]);
    });
  });

  test('constraints edited: a set, so the changed one is deleted and its replacement added', () => {
    const c = (v: string) => ({ LTarget: v, RTarget: v, Operand: v });
    const d = jobDiff(
      readJob({ Constraints: [c('foo'), c('bar')] }),
      readJob({ Constraints: [c('foo'), c('baz')] }),
      false,
    );
    expect(d.Objects).toEqual([
      object('Added', 'Constraint', [added('LTarget', 'baz'), added('Operand', 'baz'), added('RTarget', 'baz')]),
      object('Deleted', 'Constraint', [
        deleted('LTarget', 'bar'),
        deleted('Operand', 'bar'),
        deleted('RTarget', 'bar'),
      ]),
    ]);
  });

  test('affinities edited', () => {
    const a = (v: string) => ({ LTarget: v, RTarget: v, Operand: v, Weight: 20 });
    const d = jobDiff(
      readJob({ Affinities: [a('foo'), a('bar')] }),
      readJob({ Affinities: [a('foo'), a('baz')] }),
      false,
    );
    expect(d.Objects).toEqual([
      object('Added', 'Affinity', [
        added('LTarget', 'baz'),
        added('Operand', 'baz'),
        added('RTarget', 'baz'),
        added('Weight', '20'),
      ]),
      object('Deleted', 'Affinity', [
        deleted('LTarget', 'bar'),
        deleted('Operand', 'bar'),
        deleted('RTarget', 'bar'),
        deleted('Weight', '20'),
      ]),
    ]);
  });

  test('an affinity written without Weight shows the weight Nomad stores for it (50)', () => {
    const d = jobDiff(readJob({}), readJob({ Affinities: [{ LTarget: 'a', RTarget: 'b', Operand: '=' }] }), false);
    expect(d.Objects[0]!.Fields).toContainEqual(added('Weight', '50'));
  });

  test('task groups edited: added, unchanged, edited and deleted groups, sorted by name', () => {
    const oldJob = readJob({
      TaskGroups: [
        { Name: 'foo', Count: 1 },
        { Name: 'bar', Count: 1 },
        { Name: 'baz', Count: 1 },
      ],
    });
    const newJob = readJob({
      TaskGroups: [
        { Name: 'bar', Count: 1 },
        { Name: 'baz', Count: 2 },
        { Name: 'bam', Count: 1 },
      ],
    });
    const d = jobDiff(oldJob, newJob);
    expect(d.Type).toBe('Edited');
    expect(d.TaskGroups.map((g) => [g.Name, g.Type])).toEqual([
      ['bam', 'Added'],
      ['bar', 'None'],
      ['baz', 'Edited'],
      ['foo', 'Deleted'],
    ]);
    const byName = Object.fromEntries(d.TaskGroups.map((g) => [g.Name, g]));
    expect(byName.bam!.Fields).toEqual([added('Count', '1')]);
    expect(byName.bar!.Fields).toEqual([]);
    expect(byName.baz!.Fields).toEqual([edited('Count', '1', '2')]);
    expect(byName.foo!.Fields).toEqual([deleted('Count', '1')]);
  });

  test('multiregion: a region added', () => {
    const oldJob = readJob({ Multiregion: { Regions: [{ Name: 'west' }] } });
    const newJob = readJob({ Multiregion: { Regions: [{ Name: 'west' }, { Name: 'east' }] } });
    expect(jobDiff(oldJob, newJob, false).Objects).toEqual([
      object('Edited', 'Multiregion', [], [object('Added', 'Region', [added('Count', '1'), added('Name', 'east')])]),
    ]);
  });

  test('multiregion: a kept region edited shows old => new (upstream prints it backwards)', () => {
    const job = (count: number) => readJob({ Multiregion: { Regions: [{ Name: 'west', Count: count }] } });
    expect(jobDiff(job(1), job(2), false).Objects).toEqual([
      object('Edited', 'Multiregion', [], [object('Edited', 'Region', [edited('Count', '1', '2')])]),
    ]);
  });

  test('multiregion: a region removed shows as removed', () => {
    const oldJob = readJob({ Multiregion: { Regions: [{ Name: 'west' }, { Name: 'east' }] } });
    const newJob = readJob({ Multiregion: { Regions: [{ Name: 'west' }] } });
    expect(jobDiff(oldJob, newJob, false).Objects).toEqual([
      object(
        'Edited',
        'Multiregion',
        [],
        [object('Deleted', 'Region', [deleted('Count', '1'), deleted('Name', 'east')])],
      ),
    ]);
  });
});
