// The autosave's timers: a due save waits for idle time, is cancelled by a
// newer one, and is never lost (flush saves pending texts at once).

import { describe, expect, it } from 'vitest';
import { createAutosave } from '../../src/share/autosave.ts';
import { IDLE_WAIT_MS, type IdleScheduler, idleTimers } from '../../src/share/idleTimers.ts';

// fakeWindow queues timeouts and idle callbacks for the test to run.
function fakeWindow(idle: boolean) {
  let next = 1;
  const timeouts = new Map<number, () => void>();
  const idles = new Map<number, { fn: () => void; timeout: number }>();
  const win: IdleScheduler = {
    setTimeout: (fn) => (timeouts.set(next, fn), next++),
    clearTimeout: (h) => void timeouts.delete(h),
    ...(idle
      ? {
          requestIdleCallback: (fn: () => void, o: { timeout: number }) => (
            idles.set(next, { fn, timeout: o.timeout }),
            next++
          ),
          cancelIdleCallback: (h: number) => void idles.delete(h),
        }
      : {}),
  };
  const run = (m: Map<number, unknown>, call: (v: never) => void) => {
    const all = [...m.values()];
    m.clear();
    for (const v of all) call(v as never);
  };
  return {
    win,
    timeouts,
    idles,
    due: () => run(timeouts, (fn: () => void) => fn()),
    idle: () => run(idles, (i: { fn: () => void }) => i.fn()),
  };
}

const T = (s: string) => ({ job: s, cluster: '{}' });

// setup makes an autosave on idle timers over a fake window, recording what it saves.
function setup(idle = true) {
  const w = fakeWindow(idle);
  const saved: string[] = [];
  const autosave = createAutosave((t) => saved.push(t.job), idleTimers(w.win));
  return { w, saved, autosave };
}

describe('idleTimers', () => {
  it('run a due save in idle time, waiting at most IDLE_WAIT_MS for it', () => {
    const { w, saved, autosave } = setup();
    autosave.schedule(T('a'));
    w.due();
    expect(saved).toEqual([]);
    expect([...w.idles.values()].map((i) => i.timeout)).toEqual([IDLE_WAIT_MS]);
    w.idle();
    expect(saved).toEqual(['a']);
  });

  it('drop a save waiting for idle time when newer texts come, and save those', () => {
    const { w, saved, autosave } = setup();
    autosave.schedule(T('a'));
    w.due();
    autosave.schedule(T('ab'));
    expect(w.idles.size).toBe(0);
    w.due();
    w.idle();
    expect(saved).toEqual(['ab']);
  });

  it('lose nothing: a flush saves texts still waiting for idle time', () => {
    const { w, saved, autosave } = setup();
    autosave.schedule(T('a'));
    w.due();
    autosave.flush();
    expect(saved).toEqual(['a']);
    expect(w.idles.size).toBe(0);
  });

  it('save when due where the browser has no idle callbacks', () => {
    const { w, saved, autosave } = setup(false);
    autosave.schedule(T('a'));
    w.due();
    expect(saved).toEqual(['a']);
  });
});
