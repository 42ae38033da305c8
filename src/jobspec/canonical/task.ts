// A task as the agent canonicalises it (Task.Canonicalize in api/tasks.go,
// then ApiTaskToStructsTask at dccea99f7e): resources, logs, artifacts,
// vault, templates, volume mounts, lifecycle, restart policy and services.

import { SECOND } from '../../engine/structs.ts';
import { DEFAULT_CPU, DEFAULT_DEVICE_COUNT, DEFAULT_MEMORY_MB, DEFAULT_NETWORK_MBITS } from './defaults.ts';
import { canonicalService, storedService } from './services.ts';
import { taskRestart } from './policies.ts';
import {
  type Obj,
  fill,
  fillAll,
  goJoinLocal,
  goPathBase,
  inStoredOrder,
  isNil,
  isObj,
  objects,
  stringMeta,
  mapObjects,
} from './values.ts';

/** Names of the task's group and job, for the services' default names. */
export interface TaskContext {
  jobName: string;
  groupName: string;
  groupRestart: Obj;
}

/** canonicalAffinities gives each affinity of a list the default weight, 50 (Affinity.Canonicalize). */
export function canonicalAffinities(list: unknown): void {
  for (const a of objects(list)) fill(a, 'Weight', 50);
}

/** canonicalNetworks gives each network of a list the default bandwidth, 10 MBits (NetworkResource.Canonicalize). */
export function canonicalNetworks(list: unknown): void {
  for (const n of objects(list)) fill(n, 'MBits', DEFAULT_NETWORK_MBITS);
}

/** canonicalResources fills a resource ask: 100 MHz, 300 MB, its networks and devices (Resources.Canonicalize). */
export function canonicalResources(r: Obj): Obj {
  fill(r, 'CPU', DEFAULT_CPU);
  fill(r, 'MemoryMB', DEFAULT_MEMORY_MB);
  canonicalNetworks(r.Networks);
  for (const d of objects(r.Devices)) {
    fill(d, 'Count', DEFAULT_DEVICE_COUNT);
    canonicalAffinities(d.Affinities);
  }
  return inStoredOrder(r, 'Resources');
}

/** canonicalLogConfig fills a task's log rotation: ten files of 10 MB (LogConfig.Canonicalize). */
export function canonicalLogConfig(l: unknown): Obj {
  const out = isObj(l) ? l : {};
  fillAll(out, { MaxFiles: 10, MaxFileSizeMB: 10 });
  return inStoredOrder(out, 'LogConfig');
}

/**
 * canonicalArtifact fills an artifact (TaskArtifact.Canonicalize): mode
 * "any", and a destination of local/ or, in file mode, local/ and the
 * source's last path element.
 */
export function canonicalArtifact(a: Obj): Obj {
  fill(a, 'GetterMode', 'any');
  fill(a, 'GetterSource', '');
  if (isNil(a.RelativeDest)) {
    a.RelativeDest = a.GetterMode === 'file' ? goJoinLocal(goPathBase(String(a.GetterSource))) : 'local/';
  }
  return inStoredOrder(a, 'TaskArtifact');
}

/**
 * canonicalTemplate fills a template (Template.Canonicalize): restart on
 * change, SIGHUP for signal mode (a given signal upper-cased), 5 s splay,
 * 0644, `{{ }}` delimiters.
 */
export function canonicalTemplate(t: Obj): Obj {
  fillAll(t, { SourcePath: '', DestPath: '', EmbeddedTmpl: '', ChangeMode: 'restart' });
  if (isNil(t.ChangeSignal)) t.ChangeSignal = t.ChangeMode === 'signal' ? 'SIGHUP' : '';
  else if (typeof t.ChangeSignal === 'string') t.ChangeSignal = t.ChangeSignal.toUpperCase();
  fillAll(t, { Splay: 5 * SECOND, Perms: '0644', LeftDelim: '{{', RightDelim: '}}', Envvars: false, VaultGrace: 0 });
  return inStoredOrder(t, 'Template');
}

/** canonicalVault fills a vault block (Vault.Canonicalize): the token in the environment, restart on change, SIGHUP. */
export function canonicalVault(v: Obj): Obj {
  fillAll(v, { Env: true, ChangeMode: 'restart', ChangeSignal: 'SIGHUP' });
  return inStoredOrder(v, 'Vault');
}

/** canonicalTask canonicalises one task of a group in place (Task.Canonicalize) and returns it. */
export function canonicalTask(t: Obj, ctx: TaskContext): Obj {
  stringMeta(t);
  t.Resources = canonicalResources(isObj(t.Resources) ? t.Resources : {});
  fill(t, 'KillTimeout', 5 * SECOND);
  t.LogConfig = canonicalLogConfig(t.LogConfig);
  if (Array.isArray(t.Artifacts)) t.Artifacts = mapObjects(t.Artifacts, (a) => canonicalArtifact(a));
  if (isObj(t.Vault)) t.Vault = canonicalVault(t.Vault);
  if (Array.isArray(t.Templates)) t.Templates = mapObjects(t.Templates, (x) => canonicalTemplate(x));
  if (Array.isArray(t.Services)) {
    t.Services = mapObjects(t.Services, (s) =>
      canonicalService(s, `${ctx.jobName}-${ctx.groupName}-${typeof t.Name === 'string' ? t.Name : ''}`),
    );
  }
  canonicalAffinities(t.Affinities);
  for (const m of objects(t.VolumeMounts)) fillAll(m, { PropagationMode: 'private', ReadOnly: false });
  // A lifecycle block without a hook is no lifecycle at all.
  if (!isObj(t.Lifecycle) || isNil(t.Lifecycle.Hook) || t.Lifecycle.Hook === '') delete t.Lifecycle;
  if (isObj(t.CSIPluginConfig) && (isNil(t.CSIPluginConfig.MountDir) || t.CSIPluginConfig.MountDir === ''))
    t.CSIPluginConfig.MountDir = '/csi';
  t.RestartPolicy = taskRestart(t.RestartPolicy, ctx.groupRestart);
  return t;
}

/** storedTask is a canonical task of job `job`'s group `group` as stored (ApiTaskToStructsTask): its services as stored, fields in the stored order. */
export function storedTask(t: Obj, job: string, group: string): Obj {
  const task = typeof t.Name === 'string' ? t.Name : '';
  if (Array.isArray(t.Services)) t.Services = mapObjects(t.Services, (s) => storedService(s, { job, group, task }));
  return inStoredOrder(t, 'Task');
}
