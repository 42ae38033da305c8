// Autosave: one save per pause in typing, and at once on flush (page hide).

import { describe, expect, it } from 'vitest';
import { createAutosave } from '../../src/share/autosave.ts';

function fakeTimers() {
  let next = 1;
  const pending = new Map<number, () => void>();
  return {
    timers: {
      setTimeout: (fn: () => void) => {
        pending.set(next, fn);
        return next++;
      },
      clearTimeout: (h: unknown) => void pending.delete(h as number),
    },
    fire() {
      const fns = [...pending.values()];
      pending.clear();
      for (const fn of fns) fn();
    },
    count: () => pending.size,
  };
}

const T = (s: string) => ({ job: s, cluster: '{}' });

describe('createAutosave', () => {
  it('saves only the latest texts after a pause', () => {
    const saved: string[] = [];
    const t = fakeTimers();
    const a = createAutosave((x) => saved.push(x.job), t.timers, 100);
    a.schedule(T('1'));
    a.schedule(T('2'));
    expect(t.count()).toBe(1);
    expect(saved).toEqual([]);
    t.fire();
    expect(saved).toEqual(['2']);
  });

  it('saves pending texts at once on flush, and only once', () => {
    const saved: string[] = [];
    const t = fakeTimers();
    const a = createAutosave((x) => saved.push(x.job), t.timers, 100);
    a.schedule(T('3'));
    a.flush();
    a.flush();
    t.fire();
    expect(saved).toEqual(['3']);
  });
});
