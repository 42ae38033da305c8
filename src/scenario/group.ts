// Task groups: count, policies merged with the job's, and their tasks.

import { DiagnosticCode } from './diagnostics.ts';
import type { EphemeralDisk, JobType, Task, TaskGroup } from '../engine/structs.ts';
import { DEFAULT_COUNT, DEFAULT_DISK_MB, MAX_COUNT } from '../jobspec/canonical/defaults.ts';
import {
  type Reader,
  isObject,
  readArray,
  readBool,
  readCount,
  readDuration,
  readObject,
  readObjectList,
  readRequiredString,
  readStringMap,
} from './fields.ts';
import { readGroup16Fields } from './nomad16.ts';
import { childPath, indexPath } from './path.ts';
import {
  type PartialMigrate,
  type PartialReschedule,
  type PartialUpdate,
  groupMigrate,
  groupReschedulePolicy,
  groupUpdate,
  readPartialMigrate,
  readPartialReschedule,
  readPartialUpdate,
} from './policies.ts';
import { readNetworks, readTask } from './task.ts';

/** JobLevelPolicies are the job's own update, reschedule and migrate blocks, which its groups inherit. */
export interface JobLevelPolicies {
  type: JobType;
  update: PartialUpdate | null;
  reschedule: PartialReschedule | null;
  migrate: PartialMigrate | null;
}

/** readTaskGroup reads the group at `path`; null when it is not an object (reported). */
export function readTaskGroup(r: Reader, value: unknown, path: string, job: JobLevelPolicies): TaskGroup | null {
  if (!isObject(value)) {
    r.wrongTypeAt(path, 'a task group object', value);
    return null;
  }
  const group: TaskGroup = {
    Name: readRequiredString(r, value.Name, path, 'Name', true),
    Count: readCount(r, value.Count, path, 'Count', DEFAULT_COUNT, MAX_COUNT),
    Update: groupUpdate(job.update, readPartialUpdate(r, value.Update, path, 'Update')),
    ReschedulePolicy: groupReschedulePolicy(
      job.reschedule,
      readPartialReschedule(r, value.ReschedulePolicy, path, 'ReschedulePolicy'),
      job.type,
    ),
    Migrate: groupMigrate(job.migrate, readPartialMigrate(r, value.Migrate, path, 'Migrate'), job.type),
    StopAfterClientDisconnect:
      value.StopAfterClientDisconnect == null
        ? null
        : readDuration(r, value.StopAfterClientDisconnect, path, 'StopAfterClientDisconnect', 0),
    EphemeralDisk: readEphemeralDisk(r, value.EphemeralDisk, path, 'EphemeralDisk'),
    Networks: readNetworks(r, value.Networks, path, 'Networks'),
    Affinities: readObjectList(r, value.Affinities, path, 'Affinities'),
    Spreads: readObjectList(r, value.Spreads, path, 'Spreads'),
    Constraints: readObjectList(r, value.Constraints, path, 'Constraints'),
    Meta: readStringMap(r, value.Meta, path, 'Meta'),
    Tasks: readTasks(r, value.Tasks, path, 'Tasks'),
  };
  if (r.nomad16) readGroup16Fields(r, value, path, group);
  return group;
}

// readEphemeralDisk reads a group's disk ask; absent fields are Nomad's
// defaults (300 MB, neither sticky nor migrated).
function readEphemeralDisk(r: Reader, value: unknown, parent: string, key: string): EphemeralDisk {
  const o = readObject(r, value, parent, key);
  if (o === null) return { Sticky: false, SizeMB: DEFAULT_DISK_MB, Migrate: false };
  const path = childPath(parent, key);
  return {
    Sticky: readBool(r, o.Sticky, path, 'Sticky', false),
    SizeMB: readCount(r, o.SizeMB, path, 'SizeMB', DEFAULT_DISK_MB),
    Migrate: readBool(r, o.Migrate, path, 'Migrate', false),
  };
}

// readTasks reads a group's tasks, whose names must be unique within it.
function readTasks(r: Reader, value: unknown, parent: string, key: string): Task[] {
  const list = readArray(r, value, parent, key);
  if (list === null) return [];
  const path = childPath(parent, key);
  const tasks: Task[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < list.length; i++) {
    const itemPath = indexPath(path, i);
    const task = readTask(r, list[i], itemPath);
    if (task === null) continue;
    if (task.Name !== '' && seen.has(task.Name)) {
      r.report(
        DiagnosticCode.Duplicate,
        childPath(itemPath, 'Name'),
        `task ${JSON.stringify(task.Name)} is defined twice in the group`,
      );
    }
    seen.add(task.Name);
    tasks.push(task);
  }
  return tasks;
}
