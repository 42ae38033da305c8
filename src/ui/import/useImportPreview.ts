// The import dialog's preview, computed off the page: the pasted bodies
// can be megabytes, and building their scenario on the page froze it for
// seconds on every keystroke. The preview waits for a pause in typing,
// runs in a worker of its own (a newer one replaces and ends an older one),
// and is ended past the page's time limit, which is then said.

import { useEffect, useRef, useState } from 'react';
import type { ImportSource } from '../../import/build.ts';
import { importPreviewer, type ImportPreviewer } from '../../worker/checkClient.ts';
import type { ImportPreviewAnswer } from '../../worker/checkTasks.ts';
import { createCheckWorker, pageTimeoutMs, windowTimers } from '../checkWorker.ts';

/** PREVIEW_PAUSE_MS is how long typing must pause before the preview is computed again. */
const PREVIEW_PAUSE_MS = 200;

/** PreviewState is the latest preview, whether a newer one is being computed, and why the last one could not be. */
export interface PreviewState {
  preview: ImportPreviewAnswer | null;
  busy: boolean;
  stopped: string | null;
}

const NOTHING: ImportPreviewAnswer = { ok: false, problems: {}, empty: true };

// Answered is the last preview made, with the bodies and time it was made for.
interface Answered {
  texts: Partial<Record<ImportSource, string>>;
  now: string;
  preview: ImportPreviewAnswer | null;
  stopped: string | null;
}

/** useImportPreview previews the bodies at `now`, off the page; the worker starts with the first preview and ends with the dialog. */
export function useImportPreview(texts: Partial<Record<ImportSource, string>>, now: string): PreviewState {
  const [answered, setAnswered] = useState<Answered | null>(null);
  const previewer = useRef<ImportPreviewer | null>(null);
  const empty = Object.values(texts).every((t) => !t?.trim());
  useEffect(() => () => previewer.current?.dispose(), []);
  useEffect(() => {
    if (empty) return;
    let current = true;
    const timer = setTimeout(() => {
      previewer.current ??= importPreviewer(createCheckWorker, windowTimers, pageTimeoutMs());
      void previewer.current.run({ texts, now }).then((answer) => {
        if (!current || (!answer.done && answer.why === 'replaced')) return;
        if (answer.done) setAnswered({ texts, now, preview: answer.value, stopped: null });
        else {
          const stopped =
            answer.why === 'timeout'
              ? `Building the preview took longer than ${answer.limitMs / 1000} s, the page's time limit, so it was stopped.`
              : `Building the preview failed (${answer.message}).`;
          setAnswered({ texts, now, preview: null, stopped });
        }
      });
    }, PREVIEW_PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [texts, now, empty]);
  if (empty) return { preview: NOTHING, busy: false, stopped: null };
  const busy = answered === null || answered.texts !== texts || answered.now !== now;
  return { preview: answered?.preview ?? null, busy, stopped: answered?.stopped ?? null };
}
