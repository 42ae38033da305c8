// What a job diff compares. Upstream diffs the Go structs of two stored
// jobs, every block included; the engine's model keeps only what the
// reconciler reads. So each job is diffed as the API JSON it was read from
// (its `Spec`), canonicalised as the agent stores a job, with the model's
// own values laid over it where the model holds them in the stored shape:
// the reader has already turned the document's conveniences (durations
// written as "30s") into what Nomad stores, and the model is what the
// reconciler decided on.

import type { Job } from '../engine/structs.ts';
import { storedJob } from '../jobspec/canonical/index.ts';
import { type Obj, isObj, objects } from '../jobspec/canonical/values.ts';

// The model's fields that are laid over the stored job, group and task.
const JOB_FIELDS = ['ID', 'Name', 'Namespace', 'Type', 'Stop', 'Priority', 'Region', 'Datacenters', 'Meta'];
const GROUP_FIELDS = [
  'Name',
  'Count',
  'Meta',
  'StopAfterClientDisconnect',
  'Update',
  'ReschedulePolicy',
  'EphemeralDisk',
];
const TASK_FIELDS = ['Name', 'Driver', 'User', 'KillTimeout', 'Env', 'Meta', 'Config'];
const RESOURCE_FIELDS = ['CPU', 'MemoryMB'];

// Storing a job is pure but not free, and the same versions are compared
// again on every step of a film: each Spec is stored once.
const storedSpecs = new WeakMap<object, Obj>();

function storedSpec(spec: Readonly<Record<string, unknown>>): Obj {
  let stored = storedSpecs.get(spec);
  if (stored === undefined) {
    const s = storedJob(spec);
    stored = isObj(s) ? s : {};
    storedSpecs.set(spec, stored);
  }
  return stored;
}

// pick copies the named fields of a model object.
function pick(model: object, keys: readonly string[]): Obj {
  const out: Obj = {};
  const m = model as Obj;
  for (const k of keys) if (k in m) out[k] = m[k];
  return out;
}

// overlay lays the model's job over its stored spec, group by group and
// task by task (matched by name); the model decides which groups and tasks
// there are.
function overlay(spec: Obj, job: Job): Obj {
  const specGroups = new Map(objects(spec.TaskGroups).map((g) => [g.Name, g] as const));
  return {
    ...spec,
    ...pick(job, JOB_FIELDS),
    TaskGroups: job.TaskGroups.map((g) => {
      const specGroup = specGroups.get(g.Name) ?? (g as unknown as Obj);
      const specTasks = new Map(objects(specGroup.Tasks).map((t) => [t.Name, t] as const));
      return {
        ...specGroup,
        ...pick(g, GROUP_FIELDS),
        Tasks: g.Tasks.map((t) => {
          const specTask = specTasks.get(t.Name) ?? (t as unknown as Obj);
          const resources = isObj(specTask.Resources) ? specTask.Resources : {};
          return {
            ...specTask,
            ...pick(t, TASK_FIELDS),
            Resources: { ...resources, ...pick(t.Resources, RESOURCE_FIELDS) },
          };
        }),
      };
    }),
  };
}

/**
 * diffedJobs returns the two jobs a diff compares, as stored API JSON. When
 * either has no Spec (a job built in code), both are taken from the model
 * alone, so that blocks only a Spec holds do not show as removed or added.
 */
export function diffedJobs(oldJob: Job, newJob: Job): [Obj, Obj] {
  if (oldJob.Spec === undefined || newJob.Spec === undefined) {
    return [oldJob as unknown as Obj, newJob as unknown as Obj];
  }
  return [overlay(storedSpec(oldJob.Spec), oldJob), overlay(storedSpec(newJob.Spec), newJob)];
}
