// The fields and values that only Nomad 1.6's reconciler reads (SCENARIO.md,
// "Nomad 1.6: the second reconciler"). The readers of jobs, groups, nodes,
// allocations and deployments call these only when the document chose
// "1.6" (Reader.nomad16), and set the model's optional 1.6 fields with what
// they read: a 0.12 scenario is the very same object as before.

import type {
  AllocMetric,
  Allocation,
  Deployment,
  Duration,
  Job,
  NetworkResource,
  Node,
  NodeScoreMeta,
  Resources,
  RestartPolicy,
  Service,
  Task,
  TaskGroup,
  JsonValue,
} from '../engine/structs.ts';
import { NodePoolDefault } from '../engine/v1.6/structs.ts';
import { DiagnosticCode } from './diagnostics.ts';
import {
  type Reader,
  describeValue,
  isObject,
  readArray,
  readBool,
  readCount,
  readDuration,
  readJson,
  readJsonList,
  readObject,
  readString,
} from './fields.ts';
import { childPath, fieldPath, indexPath } from './path.ts';

/** DEFAULT_DATACENTER is the datacenter a client agent joins when it names none. */
export const DEFAULT_DATACENTER = 'dc1';
/** ALL_DATACENTERS is what 1.6.5 canonicalises a job's absent or empty Datacenters to: one pattern matching every datacenter. */
export const ALL_DATACENTERS: readonly string[] = Object.freeze(['*']);

/**
 * readJob16Fields reads what a 1.6 job adds: NodePool (default "default"),
 * and Datacenters canonicalised as 1.6.5 does (absent or empty: every
 * datacenter).
 */
export function readJob16Fields(r: Reader, value: Record<string, unknown>, path: string, job: Job): void {
  if (job.Datacenters.length === 0) job.Datacenters = [...ALL_DATACENTERS];
  job.NodePool = readString(r, value.NodePool, path, 'NodePool', NodePoolDefault);
}

/**
 * readGroup16Fields reads what a 1.6 group adds. MaxClientDisconnect:
 * absent or null is unset, any duration present is set, even 0 (Nomad
 * refuses a negative one when the job is registered, so the reader does
 * too). Then what 1.6's tasksUpdated compares: Consul's namespace, Volumes,
 * Services (their Connect and port), and RestartPolicy.RenderTemplates.
 */
export function readGroup16Fields(r: Reader, value: Record<string, unknown>, path: string, group: TaskGroup): void {
  let max: Duration | null = null;
  if (value.MaxClientDisconnect != null) {
    max = readDuration(r, value.MaxClientDisconnect, path, 'MaxClientDisconnect', 0);
    if (max < 0) {
      r.report(
        DiagnosticCode.OutOfRange,
        childPath(path, 'MaxClientDisconnect'),
        'max_client_disconnect cannot be negative (Nomad refuses such a job)',
      );
      max = 0;
    }
  }
  group.MaxClientDisconnect = max;
  const consul = readObject(r, value.Consul, path, 'Consul');
  if (consul !== null)
    group.Consul = { Namespace: readString(r, consul.Namespace, fieldPath(path, 'Consul'), 'Namespace', '') };
  const volumes = readObject(r, value.Volumes, path, 'Volumes');
  if (volumes !== null) group.Volumes = readJson(r, volumes, path, 'Volumes', null) as Record<string, JsonValue> | null;
  const services = readArray(r, value.Services, path, 'Services');
  if (services !== null) group.Services = readServices(r, services, fieldPath(path, 'Services'));
  const restart = readRestartPolicy(r, value.RestartPolicy, path);
  if (restart !== null) group.RestartPolicy = restart;
}

/** readTask16Fields reads what 1.6's tasksUpdated compares of a task: CSIPluginConfig, VolumeMounts, Identity, LogConfig.Disabled, RestartPolicy.RenderTemplates. */
export function readTask16Fields(r: Reader, value: Record<string, unknown>, path: string, task: Task): void {
  if (value.CSIPluginConfig != null)
    task.CSIPluginConfig = readJson(r, value.CSIPluginConfig, path, 'CSIPluginConfig', null);
  if (value.VolumeMounts != null) task.VolumeMounts = readJsonList(r, value.VolumeMounts, path, 'VolumeMounts');
  if (value.Identity != null) task.Identity = readJson(r, value.Identity, path, 'Identity', null);
  const logs = readObject(r, value.LogConfig, path, 'LogConfig');
  if (logs !== null)
    task.LogConfig = { Disabled: readBool(r, logs.Disabled, fieldPath(path, 'LogConfig'), 'Disabled', false) };
  const restart = readRestartPolicy(r, value.RestartPolicy, path);
  if (restart !== null) task.RestartPolicy = restart;
}

/** readResources16Fields reads the whole cores and the memory ceiling a 1.6 task may ask for (absent: 0). */
export function readResources16Fields(
  r: Reader,
  value: Record<string, unknown>,
  path: string,
  resources: Resources,
): void {
  if (value.Cores != null) resources.Cores = readCount(r, value.Cores, path, 'Cores', 0);
  if (value.MemoryMaxMB != null) resources.MemoryMaxMB = readCount(r, value.MemoryMaxMB, path, 'MemoryMaxMB', 0);
}

/** readNetwork16Fields reads a 1.6 network's Hostname and DNS block. */
export function readNetwork16Fields(
  r: Reader,
  value: Record<string, unknown>,
  path: string,
  network: NetworkResource,
): void {
  if (value.Hostname != null) network.Hostname = readString(r, value.Hostname, path, 'Hostname', '');
  if (value.DNS != null) network.DNS = readJson(r, value.DNS, path, 'DNS', null);
}

/**
 * readNode16Fields reads what a 1.6 node adds: NodePool (default
 * "default"), Datacenter defaulting to a client's "dc1", and DrainStrategy
 * (an object makes the node draining; null or absent does not).
 */
export function readNode16Fields(r: Reader, value: Record<string, unknown>, path: string, node: Node): void {
  if (value.Datacenter == null) node.Datacenter = DEFAULT_DATACENTER;
  node.NodePool = readString(r, value.NodePool, path, 'NodePool', NodePoolDefault);
  const strategy = readObject(r, value.DrainStrategy, path, 'DrainStrategy');
  if (strategy !== null) node.DrainStrategy = readJson(r, strategy, path, 'DrainStrategy', null);
}

/** readAlloc16Fields reads what a 1.6 allocation adds: its Metrics' ScoreMetaData (Metrics absent or null: no score). */
export function readAlloc16Fields(r: Reader, value: Record<string, unknown>, path: string, alloc: Allocation): void {
  alloc.Metrics = readAllocMetric(r, value.Metrics, path);
}

/** readDeployment16Fields reads EvalPriority, which the reconciler carries but never reads; absent is `fallback`. */
export function readDeployment16Fields(
  r: Reader,
  value: Record<string, unknown>,
  path: string,
  deployment: Deployment,
  fallback: number,
): void {
  deployment.EvalPriority = readPriority(r, value.EvalPriority, path, 'EvalPriority', fallback);
}

// readRestartPolicy reads the one field of a restart block that 1.6's
// tasksUpdated compares; null when the block is absent.
function readRestartPolicy(r: Reader, value: unknown, parent: string): RestartPolicy | null {
  const o = readObject(r, value, parent, 'RestartPolicy');
  if (o === null) return null;
  return {
    RenderTemplates: readBool(r, o.RenderTemplates, fieldPath(parent, 'RestartPolicy'), 'RenderTemplates', false),
  };
}

// readServices reads a group's services as far as 1.6's tasksUpdated reads them.
function readServices(r: Reader, list: unknown[], path: string): Service[] {
  const services: Service[] = [];
  for (let i = 0; i < list.length; i++) {
    const s = list[i];
    const itemPath = indexPath(path, i);
    if (!isObject(s)) {
      r.wrongTypeAt(itemPath, 'a service object', s);
      continue;
    }
    const service: Service = { Name: readString(r, s.Name, itemPath, 'Name', '') };
    if (s.PortLabel != null) service.PortLabel = readString(r, s.PortLabel, itemPath, 'PortLabel', '');
    if (s.Connect != null) service.Connect = readJson(r, s.Connect, itemPath, 'Connect', null);
    services.push(service);
  }
  return services;
}

/** readPriority reads a priority (EvalPriority): a non-negative integer, or `fallback` when absent. */
export function readPriority(r: Reader, value: unknown, parent: string, key: string, fallback: number): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  if (typeof value !== 'number') r.wrongType(parent, key, 'a priority (a non-negative integer)', value);
  else
    r.report(
      DiagnosticCode.OutOfRange,
      childPath(parent, key),
      `expected a non-negative integer, got ${describeValue(value)}`,
    );
  return fallback;
}

// readAllocMetric reads the scores the scheduler recorded; null when Metrics
// is absent, and an empty list when it has no ScoreMetaData.
function readAllocMetric(r: Reader, value: unknown, parent: string): AllocMetric | null {
  const o = readObject(r, value, parent, 'Metrics');
  if (o === null) return null;
  const path = fieldPath(parent, 'Metrics');
  const list = readArray(r, o.ScoreMetaData, path, 'ScoreMetaData') ?? [];
  const listPath = fieldPath(path, 'ScoreMetaData');
  const scores: NodeScoreMeta[] = [];
  for (let i = 0; i < list.length; i++) {
    const entry = list[i];
    const entryPath = indexPath(listPath, i);
    if (!isObject(entry)) {
      r.wrongTypeAt(entryPath, 'a node score object (NodeID, NormScore, Scores)', entry);
      continue;
    }
    scores.push({
      NodeID: readString(r, entry.NodeID, entryPath, 'NodeID', ''),
      NormScore: readScore(r, entry.NormScore, entryPath, 'NormScore'),
      Scores: readScores(r, entry.Scores, entryPath),
    });
  }
  return { ScoreMetaData: scores };
}

// readScores reads a node's scores by scorer name, into a map without a prototype.
function readScores(r: Reader, value: unknown, parent: string): Record<string, number> {
  const scores = Object.create(null) as Record<string, number>;
  const o = readObject(r, value, parent, 'Scores');
  if (o === null) return scores;
  const path = fieldPath(parent, 'Scores');
  for (const name of Object.keys(o)) scores[name] = readScore(r, o[name], path, name);
  return scores;
}

// readScore reads one score, any finite number (Go's float64); absent is 0.
function readScore(r: Reader, value: unknown, parent: string, key: string): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (value !== undefined && value !== null) r.wrongType(parent, key, 'a number', value);
  return 0;
}
