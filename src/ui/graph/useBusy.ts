// A button's busy state while it exports: what is being made, shown on
// screen until the file is handed over (or the work fails, said so).

import { useCallback, useState } from 'react';
import { nextPaint } from './savePicture.ts';

/** Busy is what is being made ("PNG at 2×"), or null when idle; `error` says why the last one failed. */
export interface Busy {
  busy: string | null;
  error: string | null;
  run: (label: string, task: () => Promise<void> | void) => Promise<void>;
}

/** useBusy runs one export at a time, with its label on screen while it runs; a second one started meanwhile is ignored. */
export function useBusy(): Busy {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(
    async (label: string, task: () => Promise<void> | void) => {
      if (busy !== null) return;
      setBusy(label);
      setError(null);
      try {
        await nextPaint();
        await task();
      } catch (err) {
        setError(`${label} failed: ${err instanceof Error ? err.message : String(err)}`);
      } finally {
        setBusy(null);
      }
    },
    [busy],
  );
  return { busy, error, run };
}
