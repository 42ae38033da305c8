// What storing a submitted job does differently under Nomad v1.6.5 than at
// dccea99f7e (job.ts, group.ts, task.ts hold what both do): the api
// package's Canonicalize at v1.6.5 fills the fields 1.6 added, and the
// server, when it registers the job (nomad/structs Job.Canonicalize and the
// node pool admission hook at v1.6.5), fills a few more. Read beside the
// 0.12 files, this is the whole difference.

import { type Obj, fill, fillAll, isNil, isObj, objects } from './values.ts';

/** DEFAULT_NODE_POOL is the pool the server gives a job that names none. */
const DEFAULT_NODE_POOL = 'default';
/** DEFAULT_HOST_NETWORK is the host network the server gives a port that names none. */
const DEFAULT_HOST_NETWORK = 'default';

/**
 * beforeCanonical16 does, in place, what 1.6.5's Canonicalize decides
 * before the fills both versions share: a task that asks for whole cores
 * and no CPU gets no MHz (0), where 0.12 would give it the default 100.
 */
export function beforeCanonical16(job: Obj): void {
  for (const g of objects(job.TaskGroups))
    for (const t of objects(g.Tasks)) {
      const r = t.Resources;
      if (isObj(r) && !isNil(r.Cores) && isNil(r.CPU)) r.CPU = 0;
    }
}

/**
 * stored16 fills, in place, what a stored 1.6.5 job has beyond 0.12's and
 * returns it: the job's node pool ("default") and namespaces, its
 * datacenters (every one, `*`, when it names none), and in each group its
 * Consul namespace, restart policies that do not re-render templates, logs
 * that are not disabled, no whole cores and no memory above the ask, and
 * every port on the "default" host network. That last one is why a job
 * imported from a Nomad 1.x cluster and resubmitted unchanged is unchanged:
 * its ports say "default", as the server stored them.
 */
export function stored16(job: Obj): Obj {
  if (isNil(job.NodePool) || job.NodePool === '') job.NodePool = DEFAULT_NODE_POOL;
  fillAll(job, { ConsulNamespace: '', VaultNamespace: '', NomadTokenID: '' });
  if (!Array.isArray(job.Datacenters) || job.Datacenters.length === 0) job.Datacenters = ['*'];
  for (const g of objects(job.TaskGroups)) {
    if (!isObj(g.Consul)) g.Consul = {};
    fill(g.Consul as Obj, 'Namespace', '');
    if (isObj(g.RestartPolicy)) fill(g.RestartPolicy, 'RenderTemplates', false);
    defaultHostNetworks(g.Networks);
    for (const t of objects(g.Tasks)) {
      if (isObj(t.RestartPolicy)) fill(t.RestartPolicy, 'RenderTemplates', false);
      if (isObj(t.LogConfig)) fill(t.LogConfig, 'Disabled', false);
      if (isObj(t.Resources)) {
        fillAll(t.Resources, { Cores: 0, MemoryMaxMB: 0 });
        defaultHostNetworks(t.Resources.Networks);
      }
    }
  }
  return job;
}

// defaultHostNetworks puts every port of the networks that names no host
// network on the default one (NetworkResource.Canonicalize).
function defaultHostNetworks(networks: unknown): void {
  for (const n of objects(networks))
    for (const p of [...objects(n.ReservedPorts), ...objects(n.DynamicPorts)])
      if (isNil(p.HostNetwork) || p.HostNetwork === '') p.HostNetwork = DEFAULT_HOST_NETWORK;
}
