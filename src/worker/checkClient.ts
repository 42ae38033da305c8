// The page's checks in the check worker (checkEntry.ts): a link's
// scenario read before it opens (and before Copy link makes one), a picked
// or dropped file taken apart, and the import dialog's preview. Each is answered within the page's time limit,
// or with a message saying why not; the page never runs them itself.

import type { FileImport } from '../share/importFile.ts';
import type { DocumentCheck } from '../share/linkCodec.ts';
import type { TabTexts } from '../scenario/tabs.ts';
import { type LinkError, LinkErrorCode, linkError } from '../share/linkErrors.ts';
import type { CheckTask, ImportPreviewAnswer, ImportPreviewTask } from './checkTasks.ts';
import type { Timers } from './reconcileClient.ts';
import { type TaskAnswer, type TaskWorkerLike, TimedWorker } from './timedWorker.ts';

/** CheckWorkerLike is the check worker as the page's clients see it. */
export type CheckWorkerLike = TaskWorkerLike<CheckTask, DocumentCheck | ImportPreviewAnswer | FileImport>;

// unread is why a scenario that was not read in time, or whose read failed, is not opened.
function unread(answer: Exclude<TaskAnswer<unknown>, { done: true }>): LinkError {
  if (answer.why === 'timeout') {
    return linkError(
      LinkErrorCode.TooSlow,
      `reading it took longer than ${answer.limitMs / 1000} s, the page's time limit, so it was stopped.`,
    );
  }
  const why = answer.why === 'failed' ? answer.message : 'the page closed the reader';
  return linkError(LinkErrorCode.NotScenario, `reading it failed (${why}).`);
}

/** PageChecks are what the page reads in the check worker: a scenario document (a link's, or Copy link's), and a file picked or dropped. */
export interface PageChecks {
  check(text: string): Promise<DocumentCheck>;
  importFile(name: string, size: number, text: string, current: TabTexts): Promise<FileImport>;
}

/**
 * pageChecks makes the page's checks: each text is read in a worker, which
 * is ended past `timeoutMs`. Checks run one after another, in one worker,
 * so that the HCL reader it loads serves every check.
 */
export function pageChecks(createWorker: () => CheckWorkerLike, timers: Timers, timeoutMs: number): PageChecks {
  const tasks = new TimedWorker(createWorker, timers, { timeoutMs });
  let queue: Promise<unknown> = Promise.resolve();
  const run = (task: CheckTask) => {
    const answer = queue.then(() => tasks.run(task));
    queue = answer;
    return answer;
  };
  return {
    check: (text) =>
      run({ type: 'check-scenario', text }).then((a) =>
        a.done ? (a.value as DocumentCheck) : { ok: false, error: unread(a) },
      ),
    importFile: (name, size, text, current) =>
      run({ type: 'import-file', name, size, text, current }).then((a) => {
        if (a.done) return a.value as FileImport;
        const why = a.why === 'timeout' ? `took longer than ${a.limitMs / 1000} s to read` : 'could not be read';
        return { ok: false, message: `${name} ${why}, so it was not imported. Nothing was changed.` };
      }),
  };
}

/** ImportPreviewer previews an import's bodies (a newer run replaces, and ends, an older one still running) until disposed. */
export interface ImportPreviewer {
  run(task: Omit<ImportPreviewTask, 'type'>): Promise<TaskAnswer<ImportPreviewAnswer>>;
  dispose(): void;
}

/** importPreviewer makes the import dialog's preview, computed in a worker of its own that is ended past `timeoutMs`. */
export function importPreviewer(
  createWorker: () => CheckWorkerLike,
  timers: Timers,
  timeoutMs: number,
): ImportPreviewer {
  const tasks = new TimedWorker(createWorker, timers, { timeoutMs });
  return {
    run: (task) => tasks.run({ type: 'preview-import', ...task }) as Promise<TaskAnswer<ImportPreviewAnswer>>,
    dispose: () => tasks.dispose(),
  };
}
