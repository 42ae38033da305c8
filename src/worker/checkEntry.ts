// The check worker: reads links' scenarios and previews imports for the
// page (checkTasks.ts), which ends it when a task takes too long
// (timedWorker.ts). Whatever a task throws (a stack overflow on deep
// nesting) is answered as a failure, never left to escape.

import { loadJobSpecReader } from '../jobspec/index.ts';
import { type CheckTask, doCheckTask, mentionsJobSpec } from './checkTasks.ts';
import type { TaskMessage, TaskRequest } from './timedWorker.ts';

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<TaskRequest<CheckTask>>) => void) | null;
  postMessage(m: TaskMessage<unknown>): void;
};

// answer does one task. The HCL reader is loaded first when the task may
// need it, and the page told: loading is not the task's time.
async function answer({ seq, task }: TaskRequest<CheckTask>): Promise<void> {
  try {
    if (mentionsJobSpec(task)) {
      scope.postMessage({ type: 'loading', seq });
      await loadJobSpecReader().catch(() => undefined); // a failure is reported by the read itself
      scope.postMessage({ type: 'loaded', seq });
    }
    scope.postMessage({ type: 'answer', seq, value: await doCheckTask(task) });
  } catch (err) {
    scope.postMessage({ type: 'failed', seq, message: err instanceof Error ? err.message : String(err) });
  }
}

scope.onmessage = (e) => void answer(e.data);

scope.postMessage({ type: 'ready' });
