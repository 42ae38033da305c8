// Group-level diffs, after the cases of upstream's TestTaskGroupDiff
// (nomad/structs/diff_test.go at dccea99f7e) for the fields the model has.
// Groups are read with the playground's defaults, so an added block shows
// its defaulted fields where upstream's bare structs show zeros.

import { describe, expect, test } from 'vitest';
import { taskGroupDiff } from '../../src/diff/group.ts';
import { added, deleted, edited, object, readGroup, same } from './helpers.ts';

describe('taskGroupDiff', () => {
  test('primitive only that is the same', () => {
    const g = { Count: 10, Meta: { foo: 'bar' } };
    expect(taskGroupDiff(readGroup(g), readGroup(g), true)).toEqual({
      Type: 'None',
      Name: 'foo',
      Fields: [],
      Objects: [],
      Tasks: [],
      Update: null,
    });
  });

  test('primitive only that has diffs: count and meta', () => {
    const d = taskGroupDiff(
      readGroup({ Count: 10, Meta: { foo: 'bar' } }),
      readGroup({ Count: 100, Meta: { foo: 'baz' } }),
      true,
    );
    expect(d.Type).toBe('Edited');
    expect(d.Fields).toEqual([edited('Count', '10', '100'), edited('Meta[foo]', 'bar', 'baz')]);
  });

  test('stop_after_client_disconnect set, as nanoseconds', () => {
    const d = taskGroupDiff(readGroup({}), readGroup({ StopAfterClientDisconnect: '1m' }), true);
    expect(d.Fields).toEqual([added('StopAfterClientDisconnect', '60000000000')]);
  });

  test('constraints edited', () => {
    const c = (v: string) => ({ LTarget: v, RTarget: v, Operand: v });
    const d = taskGroupDiff(
      readGroup({ Constraints: [c('foo'), c('bar')] }),
      readGroup({ Constraints: [c('foo'), c('baz')] }),
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

  test('reschedule policy edited', () => {
    const oldG = readGroup({
      ReschedulePolicy: {
        Attempts: 1,
        Interval: '1s',
        Delay: '5s',
        DelayFunction: 'constant',
        MaxDelay: 0,
        Unlimited: false,
      },
    });
    const newG = readGroup({
      ReschedulePolicy: {
        Attempts: 2,
        Interval: '2s',
        Delay: '5s',
        DelayFunction: 'exponential',
        MaxDelay: '20s',
        Unlimited: false,
      },
    });
    expect(taskGroupDiff(oldG, newG, false).Objects).toEqual([
      object('Edited', 'ReschedulePolicy', [
        edited('Attempts', '1', '2'),
        edited('DelayFunction', 'constant', 'exponential'),
        edited('Interval', '1000000000', '2000000000'),
        edited('MaxDelay', '0', '20000000000'),
      ]),
    ]);
  });

  test('update strategy added: every field but Stagger, added', () => {
    const d = taskGroupDiff(readGroup({}), readGroup({ Update: { AutoRevert: true } }), true);
    expect(d.Objects).toEqual([
      object('Added', 'Update', [
        added('AutoPromote', 'false'),
        added('AutoRevert', 'true'),
        added('Canary', '0'),
        added('HealthCheck', 'checks'),
        added('HealthyDeadline', '300000000000'),
        added('MaxParallel', '1'),
        added('MinHealthyTime', '10000000000'),
        added('ProgressDeadline', '600000000000'),
      ]),
    ]);
  });

  test('update strategy deleted', () => {
    const d = taskGroupDiff(readGroup({ Update: { AutoRevert: true } }), readGroup({}), false);
    expect(d.Objects[0]).toMatchObject({ Type: 'Deleted', Name: 'Update' });
    expect(d.Objects[0]!.Fields).toContainEqual(deleted('AutoRevert', 'true'));
    expect(d.Objects[0]!.Fields).toHaveLength(8);
  });

  test('update strategy edited, durations in nanoseconds', () => {
    const oldG = readGroup({
      Update: {
        MaxParallel: 5,
        HealthCheck: 'foo',
        MinHealthyTime: '1s',
        HealthyDeadline: '30s',
        ProgressDeadline: '29s',
        AutoRevert: true,
        AutoPromote: true,
        Canary: 2,
      },
    });
    const newG = readGroup({
      Update: {
        MaxParallel: 7,
        HealthCheck: 'bar',
        MinHealthyTime: '2s',
        HealthyDeadline: '31s',
        ProgressDeadline: '32s',
        AutoRevert: false,
        AutoPromote: false,
        Canary: 1,
      },
    });
    expect(taskGroupDiff(oldG, newG, false).Objects).toEqual([
      object('Edited', 'Update', [
        edited('AutoPromote', 'true', 'false'),
        edited('AutoRevert', 'true', 'false'),
        edited('Canary', '2', '1'),
        edited('HealthCheck', 'foo', 'bar'),
        edited('HealthyDeadline', '30000000000', '31000000000'),
        edited('MaxParallel', '5', '7'),
        edited('MinHealthyTime', '1000000000', '2000000000'),
        edited('ProgressDeadline', '29000000000', '32000000000'),
      ]),
    ]);
  });

  test('update strategy edited with context: unchanged fields listed unmarked', () => {
    const u = {
      MaxParallel: 5,
      HealthCheck: 'foo',
      MinHealthyTime: '1s',
      HealthyDeadline: '30s',
      ProgressDeadline: '30s',
      AutoRevert: true,
      AutoPromote: true,
      Canary: 2,
    };
    const d = taskGroupDiff(readGroup({ Update: u }), readGroup({ Update: { ...u, MaxParallel: 7 } }), true);
    expect(d.Objects).toEqual([
      object('Edited', 'Update', [
        same('AutoPromote', 'true'),
        same('AutoRevert', 'true'),
        same('Canary', '2'),
        same('HealthCheck', 'foo'),
        same('HealthyDeadline', '30000000000'),
        edited('MaxParallel', '5', '7'),
        same('MinHealthyTime', '1000000000'),
        same('ProgressDeadline', '30000000000'),
      ]),
    ]);
  });

  test('ephemeral disk edited', () => {
    const d = taskGroupDiff(
      readGroup({ EphemeralDisk: { Migrate: true, Sticky: true, SizeMB: 100 } }),
      readGroup({ EphemeralDisk: { Migrate: false, Sticky: false, SizeMB: 200 } }),
      false,
    );
    expect(d.Objects).toEqual([
      object('Edited', 'EphemeralDisk', [
        edited('Migrate', 'true', 'false'),
        edited('SizeMB', '100', '200'),
        edited('Sticky', 'true', 'false'),
      ]),
    ]);
  });

  test('networks are a set: an edited network is the old one deleted and the new one added', () => {
    const net = (mbits: number, port: number) => ({ MBits: mbits, ReservedPorts: [{ Label: 'http', Value: port }] });
    const d = taskGroupDiff(readGroup({ Networks: [net(100, 80)] }), readGroup({ Networks: [net(100, 81)] }), false);
    expect(d.Objects).toEqual([
      object(
        'Added',
        'Network',
        [added('MBits', '100')],
        [object('Added', 'Static Port', [added('Label', 'http'), added('To', '0'), added('Value', '81')])],
      ),
      object(
        'Deleted',
        'Network',
        [deleted('MBits', '100')],
        [object('Deleted', 'Static Port', [deleted('Label', 'http'), deleted('To', '0'), deleted('Value', '80')])],
      ),
    ]);
  });

  test('tasks added, deleted, edited and unchanged, sorted by name', () => {
    const oldG = readGroup({
      Tasks: [
        { Name: 'foo', Driver: 'docker' },
        { Name: 'bar', Driver: 'docker' },
        { Name: 'baz', Driver: 'docker' },
      ],
    });
    const newG = readGroup({
      Tasks: [
        { Name: 'bar', Driver: 'docker' },
        { Name: 'baz', Driver: 'exec' },
        { Name: 'bam', Driver: 'docker' },
      ],
    });
    const d = taskGroupDiff(oldG, newG, true);
    expect(d.Tasks.map((t) => [t.Name, t.Type])).toEqual([
      ['bam', 'Added'],
      ['bar', 'None'],
      ['baz', 'Edited'],
      ['foo', 'Deleted'],
    ]);
    expect(d.Tasks[2]!.Fields).toEqual([edited('Driver', 'docker', 'exec')]);
  });

  test('a migrate or spread change edits the group but shows no line, as upstream at that commit', () => {
    const d = taskGroupDiff(
      readGroup({}),
      readGroup({ Migrate: { MaxParallel: 3 }, Spreads: [{ Attribute: '${node.datacenter}' }] }),
      true,
    );
    expect(d).toMatchObject({ Type: 'Edited', Fields: [], Objects: [] });
  });
});
