// Field names a job's objects do not have in Nomad's API. Go's JSON decoder
// drops an unknown field without a word, and so does the reader, so that
// `"Cuont": 5` would silently leave the group at one allocation: each such
// name becomes a warning (not an error: the document is still read as Nomad
// reads it) with the field it most likely meant.

import { API_FIELDS, type ApiObject } from '../jobspec/canonical/apiFields.ts';
import { DiagnosticCode } from './diagnostics.ts';
import { type JsonObject, type Reader, isObject } from './fields.ts';
import { looksLikeInspectOutput } from './job.ts';
import { childPath, indexPath } from './path.ts';

// What each object is called in a message.
const LABEL: Record<ApiObject, string> = {
  Job: 'a job',
  TaskGroup: 'a task group',
  Task: 'a task',
  Resources: 'a task’s resources',
  NetworkResource: 'a network',
  Port: 'a port',
  RequestedDevice: 'a device request',
  UpdateStrategy: 'an update strategy',
  ReschedulePolicy: 'a reschedule policy',
  MigrateStrategy: 'a migrate strategy',
  RestartPolicy: 'a restart policy',
  EphemeralDisk: 'an ephemeral disk',
  Constraint: 'a constraint',
  Affinity: 'an affinity',
  Spread: 'a spread',
  SpreadTarget: 'a spread target',
  Multiregion: 'a multiregion block',
  MultiregionStrategy: 'a multiregion strategy',
  MultiregionRegion: 'a multiregion region',
  PeriodicConfig: 'a periodic block',
  ParameterizedJobConfig: 'a parameterized block',
  TaskArtifact: 'an artifact',
  Template: 'a template',
  Vault: 'a vault block',
  LogConfig: 'a log config',
  Service: 'a service',
  ServiceCheck: 'a service check',
  CheckRestart: 'a check restart policy',
  ScalingPolicy: 'a scaling policy',
  VolumeRequest: 'a volume request',
  VolumeMount: 'a volume mount',
  TaskLifecycle: 'a task lifecycle',
  DispatchPayloadConfig: 'a dispatch payload',
  TaskCSIPluginConfig: 'a CSI plugin config',
};

// The fields of each object that hold other objects of the job (one, a
// list of them, or a map of them by name); free-form fields (Config, Env,
// Meta, Policy, …) are not looked into.
const CHILDREN: Partial<Record<ApiObject, Record<string, ApiObject>>> = {
  Job: {
    TaskGroups: 'TaskGroup',
    Update: 'UpdateStrategy',
    Reschedule: 'ReschedulePolicy',
    Migrate: 'MigrateStrategy',
    Multiregion: 'Multiregion',
    Periodic: 'PeriodicConfig',
    ParameterizedJob: 'ParameterizedJobConfig',
    Constraints: 'Constraint',
    Affinities: 'Affinity',
    Spreads: 'Spread',
  },
  TaskGroup: {
    Tasks: 'Task',
    Update: 'UpdateStrategy',
    ReschedulePolicy: 'ReschedulePolicy',
    Migrate: 'MigrateStrategy',
    RestartPolicy: 'RestartPolicy',
    EphemeralDisk: 'EphemeralDisk',
    Networks: 'NetworkResource',
    Services: 'Service',
    Scaling: 'ScalingPolicy',
    Volumes: 'VolumeRequest',
    Constraints: 'Constraint',
    Affinities: 'Affinity',
    Spreads: 'Spread',
  },
  Task: {
    Resources: 'Resources',
    Artifacts: 'TaskArtifact',
    Templates: 'Template',
    Vault: 'Vault',
    LogConfig: 'LogConfig',
    Services: 'Service',
    RestartPolicy: 'RestartPolicy',
    Lifecycle: 'TaskLifecycle',
    VolumeMounts: 'VolumeMount',
    DispatchPayload: 'DispatchPayloadConfig',
    CSIPluginConfig: 'TaskCSIPluginConfig',
    Constraints: 'Constraint',
    Affinities: 'Affinity',
  },
  Resources: { Networks: 'NetworkResource', Devices: 'RequestedDevice' },
  NetworkResource: { ReservedPorts: 'Port', DynamicPorts: 'Port' },
  RequestedDevice: { Constraints: 'Constraint', Affinities: 'Affinity' },
  Spread: { SpreadTarget: 'SpreadTarget' },
  Multiregion: { Strategy: 'MultiregionStrategy', Regions: 'MultiregionRegion' },
  Service: { Checks: 'ServiceCheck', CheckRestart: 'CheckRestart' },
  ServiceCheck: { CheckRestart: 'CheckRestart' },
};

// Every known name of each object, and the same lower-cased, built once.
const KNOWN = new Map<ApiObject, Set<string>>();
for (const [type, f] of Object.entries(API_FIELDS) as [ApiObject, (typeof API_FIELDS)[ApiObject]][]) {
  KNOWN.set(type, new Set([...f.fields, ...f.later]));
}

/**
 * checkFieldNames warns about every field of the job at `path` (and of the
 * objects in it) that the object does not have in Nomad's API, at
 * dccea99f7e or since, with a suggestion when one name is close.
 */
export function checkFieldNames(r: Reader, job: unknown, path: string): void {
  if (isObject(job)) checkObject(r, job, path, 'Job', 0);
}

const MAX_DEPTH = 16;

function checkObject(r: Reader, o: JsonObject, path: string, type: ApiObject, depth: number): void {
  if (depth > MAX_DEPTH) return;
  const known = KNOWN.get(type)!;
  const children = CHILDREN[type];
  for (const key in o) {
    if (!Object.prototype.hasOwnProperty.call(o, key)) continue;
    if (!known.has(key)) {
      warnUnknown(r, childPath(path, key), key, type, known);
      continue;
    }
    const childType = children?.[key];
    if (childType === undefined) continue;
    const value = o[key];
    const at = childPath(path, key);
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const item: unknown = value[i];
        if (isObject(item)) checkObject(r, item, indexPath(at, i), childType, depth + 1);
      }
    } else if (isObject(value)) {
      // Volumes is the one map of objects by name; the others hold one object.
      if (key === 'Volumes')
        for (const name of Object.keys(value)) {
          const v = value[name];
          if (isObject(v)) checkObject(r, v, childPath(at, name), childType, depth + 1);
        }
      else checkObject(r, value, at, childType, depth + 1);
    }
  }
}

function warnUnknown(r: Reader, path: string, key: string, type: ApiObject, known: Set<string>): void {
  const suggestion = suggest(key, known);
  const where = `${JSON.stringify(key)} is not a field of ${LABEL[type]}`;
  let message: string;
  if (suggestion === null) message = `${where}; Nomad ignores it`;
  else if (suggestion.toLowerCase() === key.toLowerCase()) {
    message = `${where}; did you mean ${suggestion}? (Nomad's own decoder ignores case and reads it as ${suggestion}; the playground reads names exactly and ignores it)`;
  } else message = `${where}; did you mean ${suggestion}?`;
  r.warn(DiagnosticCode.UnknownField, path, message);
}

/** suggest finds the known name closest to `name`: the same but for case, else the nearest within two edits (as HCL suggests names). */
export function suggest(name: string, known: Iterable<string>): string | null {
  const lower = name.toLowerCase();
  let best: string | null = null;
  let bestDistance = 3;
  for (const k of known) {
    const kl = k.toLowerCase();
    if (kl === lower) return k;
    const d = editDistance(lower, kl, bestDistance);
    if (d < bestDistance) {
      best = k;
      bestDistance = d;
    }
  }
  return best;
}

// editDistance is the Levenshtein distance, or `limit` when it is at least that.
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) >= limit) return limit;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let smallest = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      row.push(v);
      smallest = Math.min(smallest, v);
    }
    if (smallest >= limit) return limit;
    prev = row;
  }
  return Math.min(prev[b.length]!, limit);
}

/**
 * checkJobFieldNames warns about the names in a job given as JSON that
 * Nomad's API does not have, looking inside a `{"Job": …}` wrapper. A job
 * from a JobSpec is the parser's, and allocations' inline jobs are the
 * cluster's own output: neither is checked.
 */
export function checkJobFieldNames(r: Reader, value: unknown, path: string): void {
  if (isObject(value) && looksLikeInspectOutput(value)) checkFieldNames(r, value.Job, childPath(path, 'Job'));
  else checkFieldNames(r, value, path);
}
