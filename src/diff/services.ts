// Upstream: hashicorp/nomad nomad/structs/diff.go at dccea99f7e
// (serviceDiff, serviceDiffs, serviceCheckDiff, serviceCheckDiffs,
// checkHeaderDiff, checkRestartDiff, connectDiffs,
// connectSidecarServiceDiff, sidecarTaskDiff, consulProxyDiff).
//
// A group's or a task's Consul services: each service matched by name, its
// fields, canary tags and tags, its checks (matched by name, with their
// headers and check_restart), and its Connect block (sidecar service with
// its proxy and upstreams, sidecar task).

import { fieldOf as field } from './flatten.ts';
import { blockDiff, keyedDiffs, listFieldDiffs, mapDiff, primitiveObjectSetDiff, structDiff } from './objects.ts';
import { resourcesDiff } from './resources.ts';
import { flat } from './schemas.ts';
import type { ObjectDiff } from './types.ts';

/** serviceDiffs diffs two lists of services, matched by name. */
export function serviceDiffs(oldList: unknown, newList: unknown, contextual: boolean): ObjectDiff[] {
  return keyedDiffs(oldList, newList, 'Name', (o, n) => serviceDiff(o, n, contextual));
}

/** serviceDiff diffs one service: its fields, canary tags, tags, checks and Connect block. */
export function serviceDiff(oldS: unknown, newS: unknown, contextual: boolean): ObjectDiff | null {
  const diff = blockDiff(oldS, newS, 'Service', flat.Service, contextual);
  if (diff === null) return null;
  diff.Objects.push(...listFieldDiffs(oldS, newS, ['CanaryTags', 'Tags'], contextual));
  diff.Objects.push(...serviceCheckDiffs(field(oldS, 'Checks'), field(newS, 'Checks'), contextual));
  const connect = connectDiff(field(oldS, 'Connect'), field(newS, 'Connect'), contextual);
  if (connect) diff.Objects.push(connect);
  return diff;
}

/** serviceCheckDiffs diffs two lists of checks, matched by name. */
export function serviceCheckDiffs(oldList: unknown, newList: unknown, contextual: boolean): ObjectDiff[] {
  return keyedDiffs(oldList, newList, 'Name', (o, n) => serviceCheckDiff(o, n, contextual));
}

/** serviceCheckDiff diffs one check: its fields, then its headers and its check_restart. */
export function serviceCheckDiff(oldC: unknown, newC: unknown, contextual: boolean): ObjectDiff | null {
  const diff = blockDiff(oldC, newC, 'Check', flat.ServiceCheck, contextual);
  if (diff === null) return null;
  const header = mapDiff(field(oldC, 'Header'), field(newC, 'Header'), 'Header', contextual);
  if (header) diff.Objects.push(header);
  const restart = blockDiff(
    field(oldC, 'CheckRestart'),
    field(newC, 'CheckRestart'),
    'CheckRestart',
    flat.CheckRestart,
    contextual,
  );
  if (restart) diff.Objects.push(restart);
  return diff;
}

/** connectDiff diffs a service's Connect block: Native, then its sidecar service and sidecar task. */
export function connectDiff(oldC: unknown, newC: unknown, contextual: boolean): ObjectDiff | null {
  const diff = blockDiff(oldC, newC, 'ConsulConnect', flat.ConsulConnect, contextual);
  if (diff === null) return null;
  const service = sidecarServiceDiff(field(oldC, 'SidecarService'), field(newC, 'SidecarService'), contextual);
  if (service) diff.Objects.push(service);
  const task = sidecarTaskDiff(field(oldC, 'SidecarTask'), field(newC, 'SidecarTask'), contextual);
  if (task) diff.Objects.push(task);
  return diff;
}

// sidecarServiceDiff diffs a sidecar service: its port, then its proxy.
// (Upstream does not diff a sidecar service's tags at this commit.)
function sidecarServiceDiff(oldS: unknown, newS: unknown, contextual: boolean): ObjectDiff | null {
  const diff = blockDiff(oldS, newS, 'SidecarService', flat.SidecarService, contextual);
  if (diff === null) return null;
  const proxy = consulProxyDiff(field(oldS, 'Proxy'), field(newS, 'Proxy'), contextual);
  if (proxy) diff.Objects.push(proxy);
  return diff;
}

// sidecarTaskDiff diffs a sidecar task: its own fields (only where they
// changed, even in context), then its config, resources and log config.
function sidecarTaskDiff(oldT: unknown, newT: unknown, contextual: boolean): ObjectDiff | null {
  const diff = blockDiff(oldT, newT, 'SidecarTask', flat.SidecarTask, contextual, false);
  if (diff === null) return null;
  const config = mapDiff(field(oldT, 'Config'), field(newT, 'Config'), 'Config', contextual);
  if (config) diff.Objects.push(config);
  const resources = resourcesDiff(field(oldT, 'Resources'), field(newT, 'Resources'), contextual);
  if (resources) diff.Objects.push(resources);
  const logs = structDiff(field(oldT, 'LogConfig'), field(newT, 'LogConfig'), flat.LogConfig, 'LogConfig', contextual);
  if (logs) diff.Objects.push(logs);
  return diff;
}

// consulProxyDiff diffs a sidecar's proxy: its fields, its upstreams as a
// set, then its config.
function consulProxyDiff(oldP: unknown, newP: unknown, contextual: boolean): ObjectDiff | null {
  const diff = blockDiff(oldP, newP, 'ConsulProxy', flat.ConsulProxy, contextual);
  if (diff === null) return null;
  diff.Objects.push(
    ...primitiveObjectSetDiff(
      field(oldP, 'Upstreams'),
      field(newP, 'Upstreams'),
      flat.ConsulUpstream,
      'ConsulUpstreams',
      contextual,
    ),
  );
  const config = mapDiff(field(oldP, 'Config'), field(newP, 'Config'), 'Config', contextual);
  if (config) diff.Objects.push(config);
  return diff;
}
