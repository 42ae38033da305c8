// Reading an event list (from a share link or a test file): every problem
// becomes a diagnostic with the JSON path of the event and field, as the
// scenario reader reports its own. Whether a NodeID or AllocID names
// something is only known while the rollout runs; the simulator reports
// that as a note on the step instead.

import { type Diagnostic, DiagnosticCode } from './diagnostics.ts';
import { Reader, isObject, readCount, readDuration, readEnum, readObject, readRequiredString } from './fields.ts';
import { childPath, indexPath } from './path.ts';
import { EVENT_KINDS, type SimEvent } from './events.ts';

/** ReadEventsResult is an event list, or why the value is not one. */
export type ReadEventsResult = { ok: true; events: SimEvent[] } | { ok: false; diagnostics: Diagnostic[] };

/** readEvents reads a JSON array of events; `path` prefixes every diagnostic (for example "Events"). */
export function readEvents(value: unknown, path = ''): ReadEventsResult {
  const r = new Reader();
  const events: SimEvent[] = [];
  const list = Array.isArray(value) ? value : null;
  if (list === null) {
    r.wrongTypeAt(path, 'a list of events', value);
  } else {
    for (let i = 0; i < list.length && !r.full; i++) {
      const event = readEvent(r, list[i], indexPath(path, i));
      if (event !== null) events.push(event);
    }
  }
  return r.diagnostics.length > 0 ? { ok: false, diagnostics: r.diagnostics } : { ok: true, events };
}

// readEvent reads one event: its timing, its kind, and the fields that kind needs.
function readEvent(r: Reader, value: unknown, path: string): SimEvent | null {
  if (!isObject(value)) {
    r.wrongTypeAt(path, 'an event object', value);
    return null;
  }
  if (value.After == null) r.required(path, 'After', 'the step after which the event happens (1 or more)');
  const after = readCount(r, value.After, path, 'After', 1);
  if (after < 1)
    r.report(DiagnosticCode.OutOfRange, childPath(path, 'After'), 'steps count from 1, the scenario’s own evaluation');
  const delay = readDuration(r, value.Delay, path, 'Delay', 0);
  if (delay < 0) r.report(DiagnosticCode.OutOfRange, childPath(path, 'Delay'), 'a delay cannot be negative');
  const timing = delay === 0 ? { After: after } : { After: after, Delay: delay };
  if (value.Kind == null) r.required(path, 'Kind', `one of ${EVENT_KINDS.join(', ')}`);
  const kind = readEnum(r, value.Kind, path, 'Kind', EVENT_KINDS, 'job-start');
  switch (kind) {
    case 'node-down':
    case 'node-up':
    case 'node-ineligible':
    case 'node-eligible':
      return { ...timing, Kind: kind, NodeID: readRequiredString(r, value.NodeID, path, 'NodeID', true) };
    case 'node-drain': {
      const nodeID = readRequiredString(r, value.NodeID, path, 'NodeID', true);
      if (value.Deadline == null) return { ...timing, Kind: kind, NodeID: nodeID };
      return { ...timing, Kind: kind, NodeID: nodeID, Deadline: readDuration(r, value.Deadline, path, 'Deadline', 0) };
    }
    case 'alloc-fail':
    case 'alloc-unhealthy':
    case 'alloc-complete':
      return { ...timing, Kind: kind, AllocID: readRequiredString(r, value.AllocID, path, 'AllocID', true) };
    case 'deployment-promote':
    case 'deployment-fail':
    case 'deployment-pause':
    case 'deployment-resume':
    case 'job-stop':
    case 'job-start':
      return { ...timing, Kind: kind };
    case 'job-scale':
      if (value.Count == null) r.required(path, 'Count', 'the group’s new count');
      return {
        ...timing,
        Kind: kind,
        TaskGroup: readRequiredString(r, value.TaskGroup, path, 'TaskGroup', true),
        Count: readCount(r, value.Count, path, 'Count', 0),
      };
    case 'job-update': {
      const job = readObject(r, value.Job, path, 'Job');
      if (job === null && value.Job == null) r.required(path, 'Job', 'the edited job as API JSON');
      return { ...timing, Kind: kind, Job: job ?? {} };
    }
  }
}
