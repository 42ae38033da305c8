// The reader's small nested records: reschedule events, alloc states and
// node capacities. Every spelling of a value reads the same, and every bad
// field is reported at its path, in field order.

import { describe, expect, it } from 'vitest';
import { ZERO_TIME } from '../../src/engine/structs.ts';
import { DiagnosticCode } from '../../src/scenario/diagnostics.ts';
import { minimalDoc, readErrors, readOk } from './helpers.ts';

const T = 1_767_225_600_000_000_000;

describe('reschedule events', () => {
  it('reads numbers, strings and absent fields alike', () => {
    const s = readOk(
      minimalDoc({
        Allocations: [
          {
            ID: 'a',
            TaskGroup: 'web',
            RescheduleTracker: {
              Events: [
                { RescheduleTime: T, PrevAllocID: 'p', PrevNodeID: 'n', Delay: 5_000_000_000 },
                { RescheduleTime: '2026-01-01T00:00:00Z', Delay: '5s' },
                { RescheduleTime: null, PrevAllocID: null, PrevNodeID: null, Delay: null },
                {},
                { RescheduleTime: 0, Delay: -1 },
              ],
            },
          },
        ],
      }),
    );
    expect(s.Allocations[0]!.RescheduleTracker).toEqual({
      Events: [
        { RescheduleTime: T, PrevAllocID: 'p', PrevNodeID: 'n', Delay: 5_000_000_000 },
        { RescheduleTime: T, PrevAllocID: '', PrevNodeID: '', Delay: 5_000_000_000 },
        { RescheduleTime: 0, PrevAllocID: '', PrevNodeID: '', Delay: 0 },
        { RescheduleTime: 0, PrevAllocID: '', PrevNodeID: '', Delay: 0 },
        { RescheduleTime: 0, PrevAllocID: '', PrevNodeID: '', Delay: -1 },
      ],
    });
  });

  it('keeps a nil Events list (absent or null) apart from an empty one, as Go does', () => {
    const s = readOk(
      minimalDoc({
        Allocations: [
          { ID: 'a', TaskGroup: 'web', RescheduleTracker: {} },
          { ID: 'b', TaskGroup: 'web', RescheduleTracker: { Events: null } },
          { ID: 'c', TaskGroup: 'web', RescheduleTracker: { Events: [] } },
          { ID: 'd', TaskGroup: 'web', RescheduleTracker: null },
        ],
      }),
    );
    expect(s.Allocations.map((a) => a.RescheduleTracker)).toEqual([
      { Events: null },
      { Events: null },
      { Events: [] },
      null,
    ]);
  });

  it('reports every bad field of an event, in field order, after good events', () => {
    const diagnostics = readErrors(
      minimalDoc({
        Allocations: [
          { ID: 'ok', TaskGroup: 'web' },
          {
            ID: 'a',
            TaskGroup: 'web',
            RescheduleTracker: {
              Events: [
                { RescheduleTime: T, Delay: 1 },
                { RescheduleTime: 1.5, PrevAllocID: 7, PrevNodeID: 'n', Delay: 1e300 },
                'not an event',
              ],
            },
          },
        ],
      }),
    );
    expect(diagnostics.map((d) => [d.code, d.path])).toEqual([
      [DiagnosticCode.OutOfRange, 'Allocations[1].RescheduleTracker.Events[1].RescheduleTime'],
      [DiagnosticCode.WrongType, 'Allocations[1].RescheduleTracker.Events[1].PrevAllocID'],
      [DiagnosticCode.OutOfRange, 'Allocations[1].RescheduleTracker.Events[1].Delay'],
      [DiagnosticCode.WrongType, 'Allocations[1].RescheduleTracker.Events[2]'],
    ]);
  });

  it('reports Events that are not a list at the tracker', () => {
    const diagnostics = readErrors(
      minimalDoc({ Allocations: [{ ID: 'a', TaskGroup: 'web', RescheduleTracker: { Events: {} } }] }),
    );
    expect(diagnostics.map((d) => [d.code, d.path, d.message])).toEqual([
      [DiagnosticCode.WrongType, 'Allocations[0].RescheduleTracker.Events', 'expected an array, got an object'],
    ]);
  });
});

describe('alloc states', () => {
  it('reads numbers, strings and absent fields alike', () => {
    const s = readOk(
      minimalDoc({
        Allocations: [
          {
            ID: 'a',
            TaskGroup: 'web',
            AllocStates: [
              { Field: 'ClientStatus', Value: 'lost', Time: T },
              { Field: 'ClientStatus', Value: 'lost', Time: '2026-01-01T00:00:00Z' },
              { Field: null, Value: null, Time: null },
              { Field: 0, Value: 'lost', Time: T },
              { Value: 'lost', Time: T },
            ],
          },
        ],
      }),
    );
    expect(s.Allocations[0]!.AllocStates).toEqual([
      { Field: 'ClientStatus', Value: 'lost', Time: T },
      { Field: 'ClientStatus', Value: 'lost', Time: T },
      { Field: 'ClientStatus', Value: '', Time: ZERO_TIME },
      { Field: 'ClientStatus', Value: 'lost', Time: T },
      { Field: 'ClientStatus', Value: 'lost', Time: T },
    ]);
  });

  it('reports bad fields in field order', () => {
    const diagnostics = readErrors(
      minimalDoc({
        Allocations: [
          {
            ID: 'a',
            TaskGroup: 'web',
            AllocStates: [
              { Field: 'ClientStatus' },
              { Field: 1, Value: 'x', Time: 'soon' },
              null,
              { Field: 'DesiredStatus' },
              { Field: true },
            ],
          },
        ],
      }),
    );
    expect(diagnostics.map((d) => [d.code, d.path])).toEqual([
      [DiagnosticCode.NotInEnum, 'Allocations[0].AllocStates[1].Field'],
      [DiagnosticCode.BadInstant, 'Allocations[0].AllocStates[1].Time'],
      [DiagnosticCode.WrongType, 'Allocations[0].AllocStates[2]'],
      [DiagnosticCode.NotInEnum, 'Allocations[0].AllocStates[3].Field'],
      [DiagnosticCode.WrongType, 'Allocations[0].AllocStates[4].Field'],
    ]);
    expect(diagnostics[0]!.message).toBe(
      '1 is not an allocation state field: the only one is the client status, 0 (or "ClientStatus")',
    );
  });
});

describe('node capacities', () => {
  it('reads declared dimensions and leaves the others null', () => {
    const s = readOk(
      minimalDoc({
        Nodes: [
          {
            ID: 'n1',
            NodeResources: { Cpu: { CpuShares: 4000 }, Memory: {}, Disk: null },
            ReservedResources: { Memory: { MemoryMB: 0 } },
          },
        ],
      }),
    );
    expect(s.Nodes[0]!.NodeResources).toEqual({ CpuShares: 4000, MemoryMB: null, DiskMB: null });
    expect(s.Nodes[0]!.ReservedResources).toEqual({ CpuShares: null, MemoryMB: 0, DiskMB: null });
  });

  it('reports a dimension that is not an object, and a value that is not a count', () => {
    const diagnostics = readErrors(
      minimalDoc({
        Nodes: [
          { ID: 'n1' },
          { ID: 'n2', NodeResources: { Cpu: 4000, Memory: { MemoryMB: -1 }, Disk: { DiskMB: '10GB' } } },
        ],
      }),
    );
    expect(diagnostics.map((d) => [d.code, d.path, d.message])).toEqual([
      [DiagnosticCode.WrongType, 'Nodes[1].NodeResources.Cpu', 'expected an object, got 4000'],
      [DiagnosticCode.OutOfRange, 'Nodes[1].NodeResources.Memory.MemoryMB', 'expected a non-negative integer, got -1'],
      [DiagnosticCode.WrongType, 'Nodes[1].NodeResources.Disk.DiskMB', 'expected a non-negative integer, got "10GB"'],
    ]);
  });
});
