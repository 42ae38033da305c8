// A job as the agent stores it after `nomad job run` at dccea99f7e:
// Job.Canonicalize (api/jobs.go) fills the job's defaults and pushes its
// update, reschedule and migrate blocks into the groups; ApiJobToStructJob
// (command/agent/job_endpoint.go) then keeps of the job's own update only
// stagger and max_parallel, and drops its reschedule and migrate.

import { DEFAULT_NAMESPACE, DEFAULT_PRIORITY, DEFAULT_REGION } from './defaults.ts';
import { canonicalGroup, canonicalSpreads, storedGroup } from './group.ts';
import { canonicalUpdate } from './policies.ts';
import { canonicalAffinities } from './task.ts';
import { type Obj, fill, fillAll, inStoredOrder, isNil, isObj, objects, stringMeta, mapObjects } from './values.ts';

/** canonicalJob canonicalises a job in place (Job.Canonicalize; it must be the caller's own copy) and returns it. */
export function canonicalJob(j: Obj): Obj {
  fill(j, 'ID', '');
  fill(j, 'Name', j.ID);
  fillAll(j, {
    ParentID: '',
    Namespace: DEFAULT_NAMESPACE,
    Priority: DEFAULT_PRIORITY,
    Stop: false,
    Region: DEFAULT_REGION,
    Type: 'service',
    AllAtOnce: false,
    ConsulToken: '',
    VaultToken: '',
    Status: '',
    StatusDescription: '',
    Stable: false,
    Version: 0,
    CreateIndex: 0,
    ModifyIndex: 0,
    JobModifyIndex: 0,
  });
  const type = String(j.Type);
  stringMeta(j);
  if (isObj(j.Periodic)) j.Periodic = canonicalPeriodic(j.Periodic);
  // A service job without an update block gets Nomad's default strategy,
  // which every group then inherits: one at a time, with a deployment.
  let update: Obj | null = null;
  if (isObj(j.Update)) update = canonicalUpdate(j.Update);
  else if (type === 'service') update = canonicalUpdate({});
  if (isObj(j.Multiregion)) j.Multiregion = canonicalMultiregion(j.Multiregion);

  const context = {
    id: String(j.ID),
    name: String(j.Name),
    namespace: String(j.Namespace),
    type,
    update,
    reschedule: isObj(j.Reschedule) ? j.Reschedule : null,
    migrate: isObj(j.Migrate) ? j.Migrate : null,
  };
  if (Array.isArray(j.TaskGroups)) j.TaskGroups = mapObjects(j.TaskGroups, (g) => canonicalGroup(g, context));
  canonicalSpreads(j.Spreads);
  canonicalAffinities(j.Affinities);
  if (update !== null) j.Update = update;
  return j;
}

/** toStoredJob turns a canonical job into the stored one (ApiJobToStructJob), in place, fields in the stored order. */
export function toStoredJob(j: Obj): Obj {
  j.Update = storedJobUpdate(isObj(j.Update) ? j.Update : null);
  delete j.Reschedule;
  delete j.Migrate;
  const job = { namespace: String(j.Namespace), id: String(j.ID), name: String(j.Name) };
  if (Array.isArray(j.TaskGroups)) j.TaskGroups = mapObjects(j.TaskGroups, (g) => storedGroup(g, job));
  return inStoredOrder(j, 'Job');
}

// storedJobUpdate is the job-level update as stored: a strategy of zeroes
// that keeps only stagger and max_parallel, when max_parallel is above 0.
function storedJobUpdate(u: Obj | null): Obj {
  const keep = u !== null && typeof u.MaxParallel === 'number' && u.MaxParallel > 0;
  return {
    Stagger: keep ? u.Stagger : 0,
    MaxParallel: keep ? u.MaxParallel : 0,
    HealthCheck: '',
    MinHealthyTime: 0,
    HealthyDeadline: 0,
    ProgressDeadline: 0,
    AutoRevert: false,
    AutoPromote: false,
    Canary: 0,
  };
}

// canonicalPeriodic fills a periodic block: enabled, a cron spec, no
// overlap rule, UTC (also for an empty time zone).
function canonicalPeriodic(p: Obj): Obj {
  fillAll(p, { Enabled: true, Spec: '', SpecType: 'cron', ProhibitOverlap: false });
  if (isNil(p.TimeZone) || p.TimeZone === '') p.TimeZone = 'UTC';
  return inStoredOrder(p, 'PeriodicConfig');
}

// canonicalMultiregion fills a multiregion block: a strategy of zeroes and
// each region's count (1), datacenters and meta.
function canonicalMultiregion(m: Obj): Obj {
  const strategy = isObj(m.Strategy) ? m.Strategy : {};
  fillAll(strategy, { MaxParallel: 0, OnFailure: '' });
  m.Strategy = inStoredOrder(strategy, 'MultiregionStrategy');
  fill(m, 'Regions', []);
  for (const r of objects(m.Regions)) fillAll(r, { Count: 1, Datacenters: [], Meta: {} });
  return inStoredOrder(m, 'Multiregion');
}
