// Jobs: the job being scheduled, its earlier versions, and the jobs that
// allocations carry inline, all read by the same function.

import {
  type Job,
  type JobType,
  JobTypeBatch,
  JobTypeService,
  type Multiregion,
  type TaskGroup,
} from '../engine/structs.ts';
import { DEFAULT_NAMESPACE, DEFAULT_PRIORITY, DEFAULT_REGION } from '../jobspec/canonical/defaults.ts';
import { DiagnosticCode } from './diagnostics.ts';
import {
  type JsonObject,
  type Reader,
  describeValue,
  isObject,
  readArray,
  readBool,
  readCount,
  readObject,
  readObjectList,
  readString,
  readStringList,
  readStringMap,
} from './fields.ts';
import { type JobLevelPolicies, readTaskGroup } from './group.ts';
import { readJob16Fields } from './nomad16.ts';
import { childPath, indexPath } from './path.ts';
import { readPartialMigrate, readPartialReschedule, readPartialUpdate } from './policies.ts';

const JOB_TYPES = [JobTypeService, JobTypeBatch] as const;
const UNMODELLED_JOB_TYPES = ['system', 'sysbatch'];

/**
 * readJob reads the job at `path` and fills Nomad's defaults. A job wrapped
 * as `nomad job inspect` prints it (`{"Job": {…}}`) is read as the inner job. `defaultID`
 * is the ID of a job that gives none (a job version or an allocation's
 * inline job takes the scheduled job's); when it is null the ID defaults to
 * the Name, and one of them is required. Returns null when the value is not an object (reported).
 */
export function readJob(r: Reader, value: unknown, path: string, defaultID: string | null): Job | null {
  if (!isObject(value)) {
    r.wrongTypeAt(path, 'a job object', value);
    return null;
  }
  if (looksLikeInspectOutput(value)) return readJob(r, value.Job, childPath(path, 'Job'), defaultID);

  let id = optionalString(r, value.ID, path, 'ID');
  let name = optionalString(r, value.Name, path, 'Name');
  if (id === null) id = defaultID ?? name;
  if (id === null) {
    // A wrong type was reported already; only a missing ID is reported here.
    if (value.ID == null) r.required(path, 'ID', 'a string (or a Name, which the ID then defaults to)');
    id = '';
  }
  if (name === null) name = id;

  const type = readJobType(r, value.Type, path);
  const version = readCount(r, value.Version, path, 'Version', 0);
  const jobModifyIndex = readCount(r, value.JobModifyIndex, path, 'JobModifyIndex', version);
  const policies: JobLevelPolicies = {
    type,
    update: readPartialUpdate(r, value.Update, path, 'Update'),
    reschedule: readPartialReschedule(r, value.Reschedule, path, 'Reschedule'),
    migrate: readPartialMigrate(r, value.Migrate, path, 'Migrate'),
  };
  const job: Job = {
    ID: id,
    Name: name,
    Namespace: readString(r, value.Namespace, path, 'Namespace', DEFAULT_NAMESPACE),
    Type: type,
    Stop: readBool(r, value.Stop, path, 'Stop', false),
    Stable: readBool(r, value.Stable, path, 'Stable', false),
    Version: version,
    CreateIndex: readCount(r, value.CreateIndex, path, 'CreateIndex', 0),
    ModifyIndex: readCount(r, value.ModifyIndex, path, 'ModifyIndex', jobModifyIndex),
    JobModifyIndex: jobModifyIndex,
    Priority: readCount(r, value.Priority, path, 'Priority', DEFAULT_PRIORITY),
    Region: readString(r, value.Region, path, 'Region', DEFAULT_REGION),
    Datacenters: readStringList(r, value.Datacenters, path, 'Datacenters'),
    Multiregion: readMultiregion(r, value.Multiregion, path, 'Multiregion'),
    Meta: readStringMap(r, value.Meta, path, 'Meta'),
    Affinities: readObjectList(r, value.Affinities, path, 'Affinities'),
    Spreads: readObjectList(r, value.Spreads, path, 'Spreads'),
    Constraints: readObjectList(r, value.Constraints, path, 'Constraints'),
    TaskGroups: readTaskGroups(r, value.TaskGroups, path, 'TaskGroups', policies),
  };
  if (r.nomad16) readJob16Fields(r, value, path, job);
  // Not enumerable: the model's equality, copies and writing ignore it.
  Object.defineProperty(job, 'Spec', { value, enumerable: false });
  return job;
}

/**
 * looksLikeInspectOutput recognises `{"Job": {...}}`, which `nomad job
 * inspect` prints (and GET /v1/job/:id does not): it is read as the job it
 * wraps, at the path of the inner object.
 */
export function looksLikeInspectOutput(o: JsonObject): o is JsonObject & { Job: JsonObject } {
  return isObject(o.Job) && o.ID === undefined && o.Name === undefined && o.TaskGroups === undefined;
}

// optionalString reads a string field that has no fixed default (null when absent).
function optionalString(r: Reader, value: unknown, parent: string, key: string): string | null {
  if (typeof value === 'string') return value;
  if (value !== undefined && value !== null) r.wrongType(parent, key, 'a string', value);
  return null;
}

// readJobType reads the job type; the system schedulers are valid Nomad but
// not what this reconciler decides for, so they get their own message.
function readJobType(r: Reader, value: unknown, parent: string): JobType {
  if (value === undefined || value === null) return JobTypeService;
  if (typeof value === 'string' && UNMODELLED_JOB_TYPES.includes(value)) {
    r.report(
      DiagnosticCode.Unsupported,
      childPath(parent, 'Type'),
      `${describeValue(value)} jobs are not supported: the system scheduler is not modelled, only the service and batch reconciler`,
    );
    return JobTypeService;
  }
  if (typeof value === 'string' && !(JOB_TYPES as readonly string[]).includes(value)) {
    r.report(
      DiagnosticCode.NotInEnum,
      childPath(parent, 'Type'),
      `${describeValue(value)} is not one of service, batch`,
    );
    return JobTypeService;
  }
  if (typeof value !== 'string') {
    r.wrongType(parent, 'Type', 'one of service, batch', value);
    return JobTypeService;
  }
  return value as JobType;
}

// readMultiregion reads the regions of a multiregion job; null when absent.
function readMultiregion(r: Reader, value: unknown, parent: string, key: string): Multiregion | null {
  const o = readObject(r, value, parent, key);
  if (o === null) return null;
  const path = childPath(parent, key);
  const list = readArray(r, o.Regions, path, 'Regions') ?? [];
  const regionsPath = childPath(path, 'Regions');
  const regions: { Name: string }[] = [];
  for (let i = 0; i < list.length; i++) {
    const region = list[i];
    if (!isObject(region)) {
      r.wrongTypeAt(indexPath(regionsPath, i), 'a region object', region);
      continue;
    }
    regions.push({ Name: readString(r, region.Name, indexPath(regionsPath, i), 'Name', '') });
  }
  return { Regions: regions };
}

// readTaskGroups reads a job's groups, whose names must be unique.
function readTaskGroups(
  r: Reader,
  value: unknown,
  parent: string,
  key: string,
  policies: JobLevelPolicies,
): TaskGroup[] {
  const list = readArray(r, value, parent, key);
  if (list === null) return [];
  const path = childPath(parent, key);
  const groups: TaskGroup[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < list.length; i++) {
    const itemPath = indexPath(path, i);
    const group = readTaskGroup(r, list[i], itemPath, policies);
    if (group === null) continue;
    if (group.Name !== '' && seen.has(group.Name)) {
      r.report(
        DiagnosticCode.Duplicate,
        childPath(itemPath, 'Name'),
        `task group ${JSON.stringify(group.Name)} is defined twice in the job`,
      );
    }
    seen.add(group.Name);
    groups.push(group);
  }
  return groups;
}
