// Words for the rollout: what triggered an evaluation, what an event does,
// how long after the start something happened, and placement failures in
// the words `nomad job status` uses. Pure, so tests read them directly.

import {
  type Instant,
  EvalTriggerDeploymentWatcher,
  EvalTriggerJobDeregister,
  EvalTriggerJobRegister,
  EvalTriggerNodeDrain,
  EvalTriggerNodeUpdate,
  EvalTriggerQueuedAllocs,
  EvalTriggerRetryFailedAlloc,
  EvalTriggerScaling,
} from '../../engine/structs.ts';
import { EvalTriggerScenario, type SimEvent } from '../../scenario/events.ts';
import type { PlacementFailure } from '../../result/failure.ts';
import { formatGoDuration } from '../../engine/time.ts';
import { allocMetricLines } from '../../result/planWhole.ts';

// Short labels for the timeline's chips, by TriggeredBy.
const TRIGGER_LABELS: Record<string, string> = {
  [EvalTriggerScenario]: 'start',
  [EvalTriggerDeploymentWatcher]: 'deploy',
  [EvalTriggerNodeDrain]: 'drain',
  [EvalTriggerNodeUpdate]: 'node',
  [EvalTriggerRetryFailedAlloc]: 'failure',
  [EvalTriggerJobRegister]: 'job',
  [EvalTriggerScaling]: 'scale',
  [EvalTriggerJobDeregister]: 'stop',
  [EvalTriggerQueuedAllocs]: 'unblock',
};

/** triggerLabel is a short name for what triggered an evaluation. */
export function triggerLabel(triggeredBy: string): string {
  return TRIGGER_LABELS[triggeredBy] ?? triggeredBy;
}

/** sinceStart says how long after `start` an instant is, as +m:ss (or +h:mm:ss). */
export function sinceStart(start: Instant, t: Instant): string {
  const total = Math.max(0, Math.round((t - start) / 1e9));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `+${h}:${String(m).padStart(2, '0')}:${s}` : `+${m}:${s}`;
}

/** describeEvent says what an event does and when, for the event list. */
export function describeEvent(e: SimEvent): string {
  const when = `after evaluation ${e.After}${e.Delay ? ` + ${formatGoDuration(e.Delay)}` : ''}`;
  return `${when}: ${describeAction(e)}`;
}

// describeAction says what an event does.
function describeAction(e: SimEvent): string {
  switch (e.Kind) {
    case 'node-down':
      return `node ${e.NodeID} goes down`;
    case 'node-up':
      return `node ${e.NodeID} comes back`;
    case 'node-drain':
      return `node ${e.NodeID} drains${e.Deadline !== undefined ? ` (deadline ${formatGoDuration(e.Deadline)})` : ''}`;
    case 'node-ineligible':
      return `node ${e.NodeID} becomes ineligible`;
    case 'node-eligible':
      return `node ${e.NodeID} becomes eligible`;
    case 'alloc-fail':
      return `allocation ${e.AllocID.slice(0, 8)} fails`;
    case 'alloc-unhealthy':
      return `allocation ${e.AllocID.slice(0, 8)} never passes its checks`;
    case 'alloc-complete':
      return `allocation ${e.AllocID.slice(0, 8)} completes`;
    case 'deployment-promote':
      return 'promote the deployment';
    case 'deployment-fail':
      return 'fail the deployment';
    case 'deployment-pause':
      return 'pause the deployment';
    case 'deployment-resume':
      return 'resume the deployment';
    case 'job-scale':
      return `scale group ${JSON.stringify(e.TaskGroup)} to ${e.Count}`;
    case 'job-stop':
      return 'stop the job';
    case 'job-start':
      return 'start the job again';
    case 'job-update':
      return 'register an edited job';
  }
}

/** failureLines are a placement failure as `nomad job status` prints it under "Placement Failure". */
export function failureLines(f: PlacementFailure): string[] {
  return [
    `Task Group ${JSON.stringify(f.TaskGroup)} (failed to place ${f.Failed} allocation${f.Failed === 1 ? '' : 's'}):`,
    ...allocMetricLines(f, '  '),
  ];
}
