// A task group as the agent canonicalises it (TaskGroup.Canonicalize in
// api/tasks.go, then ApiTgToStructsTG at dccea99f7e): its count, scaling
// policy, disk, the policies it inherits from the job, its tasks.

import { DEFAULT_COUNT, DEFAULT_DISK_MB } from './defaults.ts';
import { groupMigrate, groupReschedule, groupRestart, groupUpdate } from './policies.ts';
import { canonicalService, storedService } from './services.ts';
import { canonicalAffinities, canonicalNetworks, canonicalTask, storedTask } from './task.ts';
import { type Obj, fill, fillAll, inStoredOrder, isNil, isObj, objects, stringMeta, mapObjects } from './values.ts';

/** JobContext is what a group takes from its already canonical job. */
export interface JobContext {
  id: string;
  name: string;
  namespace: string;
  type: string;
  update: Obj | null;
  reschedule: Obj | null;
  migrate: Obj | null;
}

const VOLUME_TYPES = ['host', 'csi'];

/** canonicalSpreads gives each spread of a list the default weight, 50 (Spread.Canonicalize). */
export function canonicalSpreads(list: unknown): void {
  for (const s of objects(list)) fill(s, 'Weight', 50);
}

/**
 * canonicalGroup canonicalises one group in place (TaskGroup.Canonicalize)
 * and returns it. A group without `count` takes its scaling policy's
 * `min`, else 1; the policy's own `min` defaults to the count.
 */
export function canonicalGroup(g: Obj, job: JobContext): Obj {
  fill(g, 'Name', '');
  stringMeta(g);
  const scaling = isObj(g.Scaling) ? g.Scaling : null;
  if (isNil(g.Count)) g.Count = scaling !== null && !isNil(scaling.Min) ? scaling.Min : DEFAULT_COUNT;
  if (scaling !== null) {
    fill(scaling, 'Enabled', true);
    fill(scaling, 'Min', g.Count);
  }
  const disk = isObj(g.EphemeralDisk) ? g.EphemeralDisk : {};
  fillAll(disk, { Sticky: false, Migrate: false, SizeMB: DEFAULT_DISK_MB });
  g.EphemeralDisk = inStoredOrder(disk, 'EphemeralDisk');

  const update = groupUpdate(job.update, isObj(g.Update) ? g.Update : null);
  if (update !== null) g.Update = inStoredOrder(update, 'UpdateStrategy');
  else delete g.Update;
  const reschedule = groupReschedule(job.reschedule, isObj(g.ReschedulePolicy) ? g.ReschedulePolicy : null, job.type);
  if (reschedule !== null) g.ReschedulePolicy = inStoredOrder(reschedule, 'ReschedulePolicy');
  else delete g.ReschedulePolicy;
  const migrate = groupMigrate(job.migrate, isObj(g.Migrate) ? g.Migrate : null, job.type);
  if (migrate !== null) g.Migrate = inStoredOrder(migrate, 'MigrateStrategy');
  else delete g.Migrate;
  const restart = inStoredOrder(groupRestart(g.RestartPolicy, job.type), 'RestartPolicy');
  g.RestartPolicy = restart;

  const groupName = typeof g.Name === 'string' ? g.Name : '';
  if (Array.isArray(g.Tasks)) {
    g.Tasks = mapObjects(g.Tasks, (t) => canonicalTask(t, { jobName: job.name, groupName, groupRestart: restart }));
  }
  canonicalSpreads(g.Spreads);
  canonicalAffinities(g.Affinities);
  canonicalNetworks(g.Networks);
  if (Array.isArray(g.Services))
    g.Services = mapObjects(g.Services, (s) => canonicalService(s, `${job.name}-${groupName}`));
  return g;
}

/**
 * storedGroup turns a canonical group into the stored one
 * (ApiTgToStructsTG): its scaling policy targets the group, volumes of a
 * type the agent does not know are dropped, services lose what the stored
 * type has no field for. Fields come in the stored order.
 */
export function storedGroup(g: Obj, job: { namespace: string; id: string; name: string }): Obj {
  if (isObj(g.Scaling)) {
    fill(g.Scaling, 'Max', 0);
    g.Scaling.Target = { Namespace: job.namespace, Job: job.id, Group: g.Name };
    g.Scaling = inStoredOrder(g.Scaling, 'ScalingPolicy');
  }
  if (isObj(g.Volumes)) g.Volumes = knownVolumes(g.Volumes);
  const group = typeof g.Name === 'string' ? g.Name : '';
  if (Array.isArray(g.Services))
    g.Services = mapObjects(g.Services, (s) => storedService(s, { job: job.name, group, task: 'group' }));
  if (Array.isArray(g.Tasks)) g.Tasks = mapObjects(g.Tasks, (t) => storedTask(t, job.name, group));
  return inStoredOrder(g, 'TaskGroup');
}

// knownVolumes keeps the volumes of a type the agent knows (host, csi): it
// drops the others without a word.
function knownVolumes(volumes: Obj): Obj {
  const out: Obj = {};
  for (const [name, v] of Object.entries(volumes)) {
    if (isObj(v) && VOLUME_TYPES.includes(v.Type as string)) out[name] = inStoredOrder(v, 'VolumeRequest');
  }
  return out;
}
