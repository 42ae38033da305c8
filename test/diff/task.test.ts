// Task-level diffs, after the cases of upstream's TestTaskDiff
// (nomad/structs/diff_test.go at dccea99f7e) for the fields the model has.

import { describe, expect, test } from 'vitest';
import { taskDiff } from '../../src/diff/task.ts';
import type { Obj } from '../../src/jobspec/canonical/values.ts';
import { added, deleted, edited, object, readGroup, same } from './helpers.ts';

// readTask reads one task (Name "foo" unless given) with the playground's defaults.
function readTask(value: Record<string, unknown>): Obj {
  return (readGroup({ Tasks: [{ Name: 'foo', ...value }] }).Tasks as Obj[])[0]!;
}

describe('taskDiff', () => {
  test('primitive only that is the same', () => {
    const t = { Driver: 'exec', User: 'foo', Env: { FOO: 'bar' }, Meta: { foo: 'bar' }, KillTimeout: '1s' };
    expect(taskDiff(readTask(t), readTask(t), true)).toEqual({
      Type: 'None',
      Name: 'foo',
      Fields: [],
      Objects: [],
      Annotations: [],
      Update: null,
    });
  });

  test('primitive only that has diffs', () => {
    const d = taskDiff(
      readTask({ Driver: 'exec', User: 'foo', Env: { FOO: 'bar' }, Meta: { foo: 'bar' }, KillTimeout: '1s' }),
      readTask({ Driver: 'docker', User: 'bar', Env: { FOO: 'baz' }, Meta: { foo: 'baz' }, KillTimeout: '2s' }),
      true,
    );
    expect(d.Type).toBe('Edited');
    expect(d.Fields).toEqual([
      edited('Driver', 'exec', 'docker'),
      edited('Env[FOO]', 'bar', 'baz'),
      edited('KillTimeout', '1000000000', '2000000000'),
      edited('Meta[foo]', 'bar', 'baz'),
      edited('User', 'foo', 'bar'),
    ]);
  });

  test('map diff: env and meta keys added and removed', () => {
    const d = taskDiff(
      readTask({ Env: { foo: 'foo', bar: 'bar' }, Meta: { foo: 'foo', bar: 'bar' } }),
      readTask({ Env: { bar: 'bar', baz: 'baz' }, Meta: { bar: 'bar', baz: 'baz' } }),
      true,
    );
    expect(d.Fields).toEqual([
      added('Env[baz]', 'baz'),
      deleted('Env[foo]', 'foo'),
      added('Meta[baz]', 'baz'),
      deleted('Meta[foo]', 'foo'),
    ]);
  });

  test('a user set where there was none is an addition', () => {
    expect(taskDiff(readTask({}), readTask({ User: 'nobody' }), true).Fields).toEqual([added('User', 'nobody')]);
  });

  describe('config', () => {
    const oldConfig = { foo: 1, bar: 'baz', bam: ['a', 'b'], baz: { a: 1, b: 2 }, boom: { Label: 'boom_port' } };
    const newConfig = { foo: 2, bar: 'baz', bam: ['a', 'c', 'd'], baz: { b: 3, c: 4 }, boom: { Label: 'boom_port2' } };

    test('config same', () => {
      expect(taskDiff(readTask({ Config: oldConfig }), readTask({ Config: oldConfig }), true).Type).toBe('None');
    });

    test('config edited: every nested value is a field; lists by index, maps by key', () => {
      const d = taskDiff(readTask({ Config: oldConfig }), readTask({ Config: newConfig }), false);
      expect(d.Objects).toEqual([
        object('Edited', 'Config', [
          edited('bam[1]', 'b', 'c'),
          added('bam[2]', 'd'),
          deleted('baz[a]', '1'),
          edited('baz[b]', '2', '3'),
          added('baz[c]', '4'),
          // Upstream's case nests a Go struct (boom.Label); JSON config nests a map.
          edited('boom[Label]', 'boom_port', 'boom_port2'),
          edited('foo', '1', '2'),
        ]),
      ]);
    });

    test('config edited with context: unchanged values listed unmarked', () => {
      const d = taskDiff(readTask({ Config: oldConfig }), readTask({ Config: newConfig }), true);
      expect(d.Objects[0]!.Fields).toEqual([
        same('bam[0]', 'a'),
        edited('bam[1]', 'b', 'c'),
        added('bam[2]', 'd'),
        same('bar', 'baz'),
        deleted('baz[a]', '1'),
        edited('baz[b]', '2', '3'),
        added('baz[c]', '4'),
        edited('boom[Label]', 'boom_port', 'boom_port2'),
        edited('foo', '1', '2'),
      ]);
    });

    test('config added to a task that had none', () => {
      const d = taskDiff(readTask({}), readTask({ Config: { image: 'redis' } }), true);
      expect(d.Objects).toEqual([object('Added', 'Config', [added('image', 'redis')])]);
    });
  });

  test('resources edited (no networks)', () => {
    const d = taskDiff(
      readTask({ Resources: { CPU: 100, MemoryMB: 100 } }),
      readTask({ Resources: { CPU: 200, MemoryMB: 200 } }),
      false,
    );
    expect(d.Objects).toEqual([
      object('Edited', 'Resources', [edited('CPU', '100', '200'), edited('MemoryMB', '100', '200')]),
    ]);
  });

  test('resources edited with context', () => {
    const d = taskDiff(
      readTask({ Resources: { CPU: 100, MemoryMB: 100 } }),
      readTask({ Resources: { CPU: 200, MemoryMB: 100 } }),
      true,
    );
    // DiskMB and IOPS are fields of the Go struct, listed at their zero values.
    expect(d.Objects).toEqual([
      object('Edited', 'Resources', [
        edited('CPU', '100', '200'),
        same('DiskMB', '0'),
        same('IOPS', '0'),
        same('MemoryMB', '100'),
      ]),
    ]);
  });

  test('network resources edited: device, CIDR and IP are not shown; static ports, then dynamic', () => {
    const d = taskDiff(
      readTask({
        Resources: {
          Networks: [
            {
              Device: 'foo',
              CIDR: 'foo',
              IP: 'foo',
              MBits: 100,
              ReservedPorts: [{ Label: 'foo', Value: 80 }],
              DynamicPorts: [{ Label: 'bar', To: 8080 }],
            },
          ],
        },
      }),
      readTask({
        Resources: {
          Networks: [
            {
              Device: 'bar',
              CIDR: 'bar',
              IP: 'bar',
              MBits: 200,
              ReservedPorts: [{ Label: 'foo', Value: 81 }],
              DynamicPorts: [{ Label: 'baz', To: 8081 }],
            },
          ],
        },
      }),
      false,
    );
    expect(d.Objects).toEqual([
      object(
        'Edited',
        'Resources',
        [],
        [
          object(
            'Added',
            'Network',
            [added('MBits', '200')],
            [
              object('Added', 'Static Port', [added('Label', 'foo'), added('To', '0'), added('Value', '81')]),
              object('Added', 'Dynamic Port', [added('Label', 'baz'), added('To', '8081')]),
            ],
          ),
          object(
            'Deleted',
            'Network',
            [deleted('MBits', '100')],
            [
              object('Deleted', 'Static Port', [deleted('Label', 'foo'), deleted('To', '0'), deleted('Value', '80')]),
              object('Deleted', 'Dynamic Port', [deleted('Label', 'bar'), deleted('To', '8080')]),
            ],
          ),
        ],
      ),
    ]);
  });

  test('device resources edited: matched by name', () => {
    const dev = (Name: string, Count: number) => ({ Name, Count });
    const d = taskDiff(
      readTask({ Resources: { Devices: [dev('foo', 2), dev('bar', 2), dev('baz', 2)] } }),
      readTask({ Resources: { Devices: [dev('foo', 2), dev('bar', 3), dev('bam', 2)] } }),
      false,
    );
    expect(d.Objects).toEqual([
      object(
        'Edited',
        'Resources',
        [],
        [
          object('Edited', 'Device', [edited('Count', '2', '3')]),
          object('Added', 'Device', [added('Count', '2'), added('Name', 'bam')]),
          object('Deleted', 'Device', [deleted('Count', '2'), deleted('Name', 'baz')]),
        ],
      ),
    ]);
  });

  test('artifacts edited: a set of blocks, getter options as a map', () => {
    const d = taskDiff(
      readTask({
        Artifacts: [
          { GetterSource: 'foo', GetterOptions: { foo: 'bar' }, RelativeDest: 'foo' },
          { GetterSource: 'bar', GetterOptions: { bar: 'baz' }, GetterMode: 'dir', RelativeDest: 'bar' },
        ],
      }),
      readTask({
        Artifacts: [
          { GetterSource: 'foo', GetterOptions: { foo: 'bar' }, RelativeDest: 'foo' },
          { GetterSource: 'bam', GetterOptions: { bam: 'baz' }, GetterMode: 'file', RelativeDest: 'bam' },
        ],
      }),
      false,
    );
    expect(d.Objects).toEqual([
      object('Added', 'Artifact', [
        added('GetterMode', 'file'),
        added('GetterOptions[bam]', 'baz'),
        added('GetterSource', 'bam'),
        added('RelativeDest', 'bam'),
      ]),
      object('Deleted', 'Artifact', [
        deleted('GetterMode', 'dir'),
        deleted('GetterOptions[bar]', 'baz'),
        deleted('GetterSource', 'bar'),
        deleted('RelativeDest', 'bar'),
      ]),
    ]);
  });

  test('vault added', () => {
    const d = taskDiff(
      readTask({}),
      readTask({ Vault: { Policies: ['foo', 'bar'], Env: true, ChangeMode: 'signal', ChangeSignal: 'SIGUSR1' } }),
      false,
    );
    expect(d.Objects).toEqual([
      object(
        'Added',
        'Vault',
        [added('ChangeMode', 'signal'), added('ChangeSignal', 'SIGUSR1'), added('Env', 'true')],
        [object('Added', 'Policies', [added('Policies', 'bar'), added('Policies', 'foo')])],
      ),
    ]);
  });

  test('vault edited: fields, then policies as a set', () => {
    const d = taskDiff(
      readTask({ Vault: { Policies: ['foo', 'bar'], Env: true, ChangeMode: 'signal', ChangeSignal: 'SIGUSR1' } }),
      readTask({ Vault: { Policies: ['bar', 'baz'], Env: false, ChangeMode: 'restart', ChangeSignal: 'foo' } }),
      false,
    );
    expect(d.Objects).toEqual([
      object(
        'Edited',
        'Vault',
        [
          edited('ChangeMode', 'signal', 'restart'),
          edited('ChangeSignal', 'SIGUSR1', 'foo'),
          edited('Env', 'true', 'false'),
        ],
        [object('Edited', 'Policies', [added('Policies', 'baz'), deleted('Policies', 'foo')])],
      ),
    ]);
  });

  test('template edited: absent Envvars and VaultGrace show their zero values, absent delimiters their defaults', () => {
    const tmpl = (n: string, splay: number, perms: string, envvars: boolean) => ({
      SourcePath: `foo${n}`,
      DestPath: `bar${n}`,
      EmbeddedTmpl: `baz${n}`,
      ChangeMode: `bam${n}`,
      ChangeSignal: `SIGHUP${n}`,
      Splay: splay,
      Perms: perms,
      ...(envvars ? { Envvars: true } : {}),
    });
    const d = taskDiff(
      readTask({ Templates: [tmpl('', 1, '0644', false), tmpl('2', 2, '0666', true)] }),
      readTask({ Templates: [tmpl('', 1, '0644', false), tmpl('3', 3, '0776', false)] }),
      false,
    );
    expect(d.Objects).toEqual([
      object('Added', 'Template', [
        added('ChangeMode', 'bam3'),
        added('ChangeSignal', 'SIGHUP3'),
        added('DestPath', 'bar3'),
        added('EmbeddedTmpl', 'baz3'),
        added('Envvars', 'false'),
        added('LeftDelim', '{{'),
        added('Perms', '0776'),
        added('RightDelim', '}}'),
        added('SourcePath', 'foo3'),
        added('Splay', '3'),
        added('VaultGrace', '0'),
      ]),
      object('Deleted', 'Template', [
        deleted('ChangeMode', 'bam2'),
        deleted('ChangeSignal', 'SIGHUP2'),
        deleted('DestPath', 'bar2'),
        deleted('EmbeddedTmpl', 'baz2'),
        deleted('Envvars', 'true'),
        deleted('LeftDelim', '{{'),
        deleted('Perms', '0666'),
        deleted('RightDelim', '}}'),
        deleted('SourcePath', 'foo2'),
        deleted('Splay', '2'),
        deleted('VaultGrace', '0'),
      ]),
    ]);
  });

  test('affinities edited', () => {
    const a = (v: string) => ({ LTarget: v, RTarget: v, Operand: v, Weight: 20 });
    const d = taskDiff(
      readTask({ Affinities: [a('foo'), a('bar')] }),
      readTask({ Affinities: [a('foo'), a('baz')] }),
      false,
    );
    expect(d.Objects.map((o) => [o.Type, o.Name])).toEqual([
      ['Added', 'Affinity'],
      ['Deleted', 'Affinity'],
    ]);
  });
});
