// A clock for the importer's time limits that moves only when a test says:
// its signals abort once the test says that much time has passed.

/** FakeClock gives `after` signals (as AbortSignal.timeout does) and aborts them when `pass` reaches their time. */
export interface FakeClock {
  after: (ms: number) => AbortSignal;
  pass: (ms: number) => void;
}

/** fakeClock makes a clock at time zero. */
export function fakeClock(): FakeClock {
  const timers: { ms: number; controller: AbortController }[] = [];
  return {
    after: (ms) => {
      const controller = new AbortController();
      timers.push({ ms, controller });
      return controller.signal;
    },
    pass: (ms) => {
      for (const t of timers) if (t.ms <= ms) t.controller.abort(new DOMException('time is up', 'TimeoutError'));
    },
  };
}
