// Allocations: the hot loop of the reader (documents carry thousands). Each
// field is read once at its call site; allocations that run the same job
// version share one Job object.

import {
  AllocClientStatusComplete,
  AllocClientStatusFailed,
  AllocClientStatusLost,
  AllocClientStatusPending,
  AllocClientStatusRunning,
  AllocClientStatusUnknown,
  AllocDesiredStatusEvict,
  AllocDesiredStatusRun,
  AllocDesiredStatusStop,
  AllocStateFieldClientStatus,
  type AllocClientStatus,
  type AllocDeploymentStatus,
  type AllocState,
  type AllocStateField,
  type Allocation,
  type DesiredTransition,
  type Job,
  type RescheduleEvent,
  type RescheduleTracker,
  type TaskState,
  ZERO_TIME,
  allocIndex,
  allocName,
} from '../engine/structs.ts';
import { MAX_COUNT } from '../jobspec/canonical/defaults.ts';
import { DiagnosticCode } from './diagnostics.ts';
import {
  type Reader,
  describeValue,
  isObject,
  readArray,
  readBool,
  readCount,
  readDuration,
  readEnum,
  readInstant,
  readObject,
  readOptionalBool,
  readRequiredString,
  readString,
} from './fields.ts';
import { readJob } from './job.ts';
import { readAlloc16Fields } from './nomad16.ts';
import { childPath, fieldPath, indexPath } from './path.ts';
import { parseRfc3339 } from '../engine/time.ts';
import { SeenStrings } from './unique.ts';

const DESIRED_STATUSES = [AllocDesiredStatusRun, AllocDesiredStatusStop, AllocDesiredStatusEvict] as const;
const CLIENT_STATUSES: readonly AllocClientStatus[] = [
  AllocClientStatusPending,
  AllocClientStatusRunning,
  AllocClientStatusComplete,
  AllocClientStatusFailed,
  AllocClientStatusLost,
];
// Under 1.6 an allocation may also be unknown; 0.12 refuses it.
const CLIENT_STATUSES_16: readonly AllocClientStatus[] = [...CLIENT_STATUSES, AllocClientStatusUnknown];

/** KnownJobs are the job versions an allocation may run: the scheduled job and the scenario's JobVersions, by Version. */
export interface KnownJobs {
  current: Job;
  byVersion: ReadonlyMap<number, Job>;
}

/** readAllocations reads the scenario's Allocations; each needs an ID no other allocation has. */
export function readAllocations(r: Reader, value: unknown, parent: string, key: string, jobs: KnownJobs): Allocation[] {
  const list = readArray(r, value, parent, key);
  if (list === null) return [];
  const path = childPath(parent, key);
  const allocs: Allocation[] = [];
  const seen = new SeenStrings(list.length);
  for (let i = 0; i < list.length && !r.full; i++) {
    // Inside the allocation, paths are relative to it: '' is the allocation itself.
    r.enterItem(path, i);
    const alloc = readAllocation(r, list[i], '', jobs);
    if (alloc !== null) {
      if (!seen.add(alloc.ID) && alloc.ID !== '') {
        r.report(
          DiagnosticCode.Duplicate,
          'ID',
          `allocation ID ${JSON.stringify(alloc.ID)} is used by an earlier allocation`,
        );
      }
      allocs.push(alloc);
    }
    r.leaveItem();
  }
  return allocs;
}

/**
 * readAllocation reads the allocation at `path`, with the job version it
 * runs; null when it is not an object (reported). readAllocations passes ""
 * and has the Reader make paths relative to the allocation.
 */
export function readAllocation(r: Reader, value: unknown, path: string, jobs: KnownJobs): Allocation | null {
  if (!isObject(value)) {
    r.wrongTypeAt(path, 'an allocation object', value);
    return null;
  }
  const job = allocJob(r, value.Job, value.JobVersion, path, jobs);
  const jobID = readString(r, value.JobID, path, 'JobID', job.ID);
  const taskGroup = readRequiredString(r, value.TaskGroup, path, 'TaskGroup', true);
  const alloc: Allocation = {
    ID: readRequiredString(r, value.ID, path, 'ID', true),
    Name: readString(r, value.Name, path, 'Name', ''),
    JobID: jobID,
    TaskGroup: taskGroup,
    NodeID: readString(r, value.NodeID, path, 'NodeID', ''),
    NodeName: readString(r, value.NodeName, path, 'NodeName', ''),
    Job: job,
    DesiredStatus: readEnum(r, value.DesiredStatus, path, 'DesiredStatus', DESIRED_STATUSES, AllocDesiredStatusRun),
    ClientStatus: readEnum(
      r,
      value.ClientStatus,
      path,
      'ClientStatus',
      r.nomad16 ? CLIENT_STATUSES_16 : CLIENT_STATUSES,
      AllocClientStatusRunning,
    ),
    DesiredTransition: readDesiredTransition(r, value.DesiredTransition, path),
    DeploymentID: readString(r, value.DeploymentID, path, 'DeploymentID', ''),
    DeploymentStatus: readAllocDeploymentStatus(r, value.DeploymentStatus, path),
    RescheduleTracker: readRescheduleTracker(r, value.RescheduleTracker, path),
    FollowupEvalID: readString(r, value.FollowupEvalID, path, 'FollowupEvalID', ''),
    NextAllocation: readString(r, value.NextAllocation, path, 'NextAllocation', ''),
    PreviousAllocation: readString(r, value.PreviousAllocation, path, 'PreviousAllocation', ''),
    TaskStates: readTaskStates(r, value.TaskStates, path),
    AllocStates: readAllocStates(r, value.AllocStates, path),
    ModifyTime: readInstant(r, value.ModifyTime, path, 'ModifyTime', 0),
    CreateIndex: readCount(r, value.CreateIndex, path, 'CreateIndex', 0),
  };
  if (alloc.Name === '') {
    alloc.Name = allocName(jobID, taskGroup, 0);
  } else if (mayExceedMaxIndex(alloc) && allocIndex(alloc) > MAX_COUNT) {
    r.report(
      DiagnosticCode.OutOfRange,
      childPath(path, 'Name'),
      `the index ${allocIndex(alloc)} in ${describeValue(alloc.Name)} is more than ${MAX_COUNT.toLocaleString('en-US')}, the largest the playground models`,
    );
  }
  if (r.nomad16) readAlloc16Fields(r, value, path, alloc);
  return alloc;
}

// mayExceedMaxIndex is a cheap first test for an index above MAX_COUNT:
// there are at least as many characters between the brackets (where
// allocIndex reads the index) as MAX_COUNT has digits.
function mayExceedMaxIndex(a: Allocation): boolean {
  return a.Name.length - (a.JobID.length + a.TaskGroup.length + 3) >= MAX_INDEX_DIGITS;
}

const MAX_INDEX_DIGITS = String(MAX_COUNT).length;

// allocJob picks the job an allocation runs: its inline Job, else the
// version its JobVersion names, else the job being scheduled.
function allocJob(r: Reader, inline: unknown, version: unknown, path: string, jobs: KnownJobs): Job {
  if (inline !== undefined && inline !== null) {
    return readJob(r, inline, childPath(path, 'Job'), jobs.current.ID) ?? jobs.current;
  }
  if (version === undefined || version === null) return jobs.current;
  const v = readCount(r, version, path, 'JobVersion', -1);
  if (v < 0) return jobs.current;
  const job = jobs.byVersion.get(v);
  if (job !== undefined) return job;
  const known = [...jobs.byVersion.keys()].sort((a, b) => a - b).join(', ');
  r.report(
    DiagnosticCode.UnknownReference,
    childPath(path, 'JobVersion'),
    `no job has version ${v}: the Job and JobVersions give versions ${known}`,
  );
  return jobs.current;
}

// readDesiredTransition reads the server's requests to move the
// allocation; each is null when absent.
function readDesiredTransition(r: Reader, value: unknown, parent: string): DesiredTransition {
  const o = readObject(r, value, parent, 'DesiredTransition');
  if (o === null) return sharedTransition(null, null, null);
  const path = fieldPath(parent, 'DesiredTransition');
  return sharedTransition(
    readOptionalBool(r, o.Migrate, path, 'Migrate'),
    readOptionalBool(r, o.Reschedule, path, 'Reschedule'),
    readOptionalBool(r, o.ForceReschedule, path, 'ForceReschedule'),
  );
}

// readAllocDeploymentStatus reads the allocation's health in its
// deployment; null when absent, and Healthy null when not yet known.
function readAllocDeploymentStatus(r: Reader, value: unknown, parent: string): AllocDeploymentStatus | null {
  const o = readObject(r, value, parent, 'DeploymentStatus');
  if (o === null) return null;
  const path = fieldPath(parent, 'DeploymentStatus');
  return sharedDeploymentStatus(
    readOptionalBool(r, o.Healthy, path, 'Healthy'),
    readBool(r, o.Canary, path, 'Canary', false),
  );
}

// Thousands of allocations share a few small values: each possible
// DesiredTransition and DeploymentStatus is one frozen object that every
// allocation with that value refers to (nothing changes them), rather than
// a copy per allocation.
const OPTIONAL_BOOLS = [null, false, true] as const;
const TRANSITIONS: readonly DesiredTransition[] = OPTIONAL_BOOLS.flatMap((Migrate) =>
  OPTIONAL_BOOLS.flatMap((Reschedule) =>
    OPTIONAL_BOOLS.map((ForceReschedule) => Object.freeze({ Migrate, Reschedule, ForceReschedule })),
  ),
);
const DEPLOYMENT_STATUSES: readonly AllocDeploymentStatus[] = OPTIONAL_BOOLS.flatMap((Healthy) =>
  [false, true].map((Canary) => Object.freeze({ Healthy, Canary })),
);

// optionalBoolIndex is the position of a value in OPTIONAL_BOOLS.
function optionalBoolIndex(b: boolean | null): number {
  return b === null ? 0 : b ? 2 : 1;
}

// sharedTransition is the shared DesiredTransition with these fields.
function sharedTransition(
  migrate: boolean | null,
  reschedule: boolean | null,
  force: boolean | null,
): DesiredTransition {
  return TRANSITIONS[optionalBoolIndex(migrate) * 9 + optionalBoolIndex(reschedule) * 3 + optionalBoolIndex(force)]!;
}

// sharedDeploymentStatus is the shared DeploymentStatus with these fields.
function sharedDeploymentStatus(healthy: boolean | null, canary: boolean): AllocDeploymentStatus {
  return DEPLOYMENT_STATUSES[optionalBoolIndex(healthy) * 2 + (canary ? 1 : 0)]!;
}

// readRescheduleTracker reads the allocation's reschedule history; null when
// absent. Events absent or null is Go's nil list, kept apart from [].
function readRescheduleTracker(r: Reader, value: unknown, parent: string): RescheduleTracker | null {
  const o = readObject(r, value, parent, 'RescheduleTracker');
  if (o === null) return null;
  const path = fieldPath(parent, 'RescheduleTracker');
  const list = readArray(r, o.Events, path, 'Events');
  if (list === null) return { Events: null };
  const tracker = { Events: [] as RescheduleEvent[] };
  const eventsPath = fieldPath(path, 'Events');
  for (let i = 0; i < list.length; i++) {
    const e = list[i];
    const eventPath = indexPath(eventsPath, i);
    if (!isObject(e)) {
      r.wrongTypeAt(eventPath, 'a reschedule event object', e);
      continue;
    }
    tracker.Events.push({
      RescheduleTime: readInstant(r, e.RescheduleTime, eventPath, 'RescheduleTime', 0),
      PrevAllocID: readString(r, e.PrevAllocID, eventPath, 'PrevAllocID', ''),
      PrevNodeID: readString(r, e.PrevNodeID, eventPath, 'PrevNodeID', ''),
      Delay: readDuration(r, e.Delay, eventPath, 'Delay', 0),
    });
  }
  return tracker;
}

// readTaskStates reads what the client reports per task, into a map
// without a prototype (task names are user input); null when absent.
function readTaskStates(r: Reader, value: unknown, parent: string): Record<string, TaskState> | null {
  const o = readObject(r, value, parent, 'TaskStates');
  if (o === null) return null;
  const states = Object.create(null) as Record<string, TaskState>;
  for (const name in o) {
    if (!Object.prototype.hasOwnProperty.call(o, name)) continue;
    const state = readTaskState(r, o[name], parent, name);
    if (state !== null) states[name] = state;
  }
  return states;
}

// readTaskState reads one task's state. Well-formed states (nearly all) take
// the first branch, which builds no path.
function readTaskState(r: Reader, s: unknown, parent: string, name: string): TaskState | null {
  if (isObject(s)) {
    const state = s.State;
    const failed = s.Failed;
    const finishedAt = s.FinishedAt;
    if (
      (typeof state === 'string' || state == null) &&
      (typeof failed === 'boolean' || failed == null) &&
      (typeof finishedAt === 'string' || finishedAt == null)
    ) {
      const finished = finishedAt == null ? ZERO_TIME : parseRfc3339(finishedAt);
      if (finished !== null) {
        return { State: state ?? '', Failed: failed ?? false, FinishedAt: finished };
      }
    }
  }
  const path = childPath(fieldPath(parent, 'TaskStates'), name);
  if (!isObject(s)) {
    r.wrongTypeAt(path, 'a task state object', s);
    return null;
  }
  return {
    State: readString(r, s.State, path, 'State', ''),
    Failed: readBool(r, s.Failed, path, 'Failed', false),
    FinishedAt: readInstant(r, s.FinishedAt, path, 'FinishedAt', ZERO_TIME),
  };
}

// NO_ALLOC_STATES is the AllocStates of every allocation that gives none:
// one frozen empty list, shared as the transitions above are (the model's
// type says AllocState[], but nothing changes a scenario's lists).
const NO_ALLOC_STATES = Object.freeze([]) as unknown as AllocState[];

// readAllocStates reads the allocation's recorded field transitions; absent is empty.
function readAllocStates(r: Reader, value: unknown, parent: string): AllocState[] {
  const list = readArray(r, value, parent, 'AllocStates');
  if (list === null) return NO_ALLOC_STATES;
  const path = fieldPath(parent, 'AllocStates');
  const states: AllocState[] = [];
  for (let i = 0; i < list.length; i++) {
    const s = list[i];
    const statePath = indexPath(path, i);
    if (!isObject(s)) {
      r.wrongTypeAt(statePath, 'an alloc state object', s);
      continue;
    }
    states.push({
      Field: readAllocStateField(r, s.Field, statePath),
      Value: readString(r, s.Value, statePath, 'Value', ''),
      Time: readInstant(r, s.Time, statePath, 'Time', ZERO_TIME),
    });
  }
  return states;
}

// readAllocStateField reads which field a state records. Nomad's JSON prints
// the client status, its only one, as the number 0; the name is accepted
// too, and an absent or null Field is Go's zero value, the client status.
function readAllocStateField(r: Reader, value: unknown, parent: string): AllocStateField {
  if (value === undefined || value === null || value === 0 || value === AllocStateFieldClientStatus) {
    return AllocStateFieldClientStatus;
  }
  if (typeof value === 'number' || typeof value === 'string') {
    r.report(
      DiagnosticCode.NotInEnum,
      childPath(parent, 'Field'),
      `${describeValue(value)} is not an allocation state field: the only one is the client status, 0 (or "ClientStatus")`,
    );
  } else {
    r.wrongType(parent, 'Field', 'the number 0 or "ClientStatus"', value);
  }
  return AllocStateFieldClientStatus;
}
