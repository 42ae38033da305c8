import { describe, expect, it } from 'vitest';
import { upstreamName } from '../../src/graph/stepNames.ts';
import { members, setLabel, sortDecisions, stepKeys } from '../../src/ui/explain/describe.ts';
import type { AllocDecision } from '../../src/engine/types.ts';

describe('explanation words', () => {
  it('names sets for a reader and leaves unknown ones as they are', () => {
    expect(setLabel('rescheduleNow')).toBe('reschedule now');
    expect(setLabel('somethingNew')).toBe('somethingNew');
  });

  it('turns allocation IDs into names and keeps placement names', () => {
    const names = new Map([['a1', 'web.web[1]']]);
    expect(members(['a1', 'web.web[2]'], names)).toEqual([
      { key: 'a1', name: 'web.web[1]', alloc: true },
      { key: 'web.web[2]', name: 'web.web[2]', alloc: false },
    ]);
  });

  it('collects every member of a step', () => {
    expect(stepKeys({ step: 'computeStop', note: '', sets: { a: ['x', 'y'], b: ['y', 'z'] } })).toEqual(
      new Set(['x', 'y', 'z']),
    );
  });

  it('orders decisions by name index', () => {
    const d = (allocID: string, name: string): AllocDecision => ({
      allocID,
      name,
      action: 'ignore',
      step: 'computeStop',
      code: 'stop-highest-index',
      reason: '',
    });
    expect(sortDecisions([d('c', 'w.w[10]'), d('b', 'w.w[2]'), d('a', 'w.w[2]')]).map((x) => x.allocID)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('gives upstream’s name beside a step, none for the group’s allocations before any step', () => {
    expect(upstreamName('computeStop')).toBe('computeStop');
    expect(upstreamName('removed group')).toBe('computeGroup');
    expect(upstreamName('start')).toBe('');
  });
});
