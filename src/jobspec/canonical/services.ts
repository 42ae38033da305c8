// Consul services as the agent canonicalises them (Service.Canonicalize in
// api/services.go, ApiServicesToStructs at dccea99f7e): a default name and
// address mode, and each check's restart policy merged with the service's.

import { SECOND } from '../../engine/structs.ts';
import { type Obj, fill, inStoredOrder, isNil, isObj } from './values.ts';

/**
 * mergeCheckRestart is CheckRestart.Merge: the service's check_restart with
 * the check's over it (a limit only when above 0, ignore_warnings only when
 * true); either alone when the other is absent.
 */
function mergeCheckRestart(service: unknown, check: unknown): Obj | null {
  if (!isObj(service)) return isObj(check) ? { ...check } : null;
  const merged: Obj = { ...service };
  if (!isObj(check)) return merged;
  if (typeof check.Limit === 'number' && check.Limit > 0) merged.Limit = check.Limit;
  if (!isNil(check.Grace)) merged.Grace = check.Grace;
  if (check.IgnoreWarnings === true) merged.IgnoreWarnings = true;
  return merged;
}

/**
 * canonicalService canonicalises a group's or a task's service in place;
 * `name` is the name it takes when it has none (job-group or
 * job-group-task). Each check gets the service's check_restart merged
 * with its own.
 */
export function canonicalService(s: Obj, name: string): Obj {
  if (isNil(s.Name) || s.Name === '') s.Name = name;
  if (isNil(s.AddressMode) || s.AddressMode === '') s.AddressMode = 'auto';
  if (Array.isArray(s.Checks)) {
    s.Checks = s.Checks.map((c: unknown) => {
      if (!isObj(c)) return c;
      const restart = mergeCheckRestart(s.CheckRestart, c.CheckRestart);
      if (restart !== null) fill(restart, 'Grace', SECOND);
      return restart === null ? c : { ...c, CheckRestart: restart };
    });
  }
  return s;
}

/** ServiceOwner names the job, group and task a service belongs to ("group" as the task of a group's service, as the server names it). */
export interface ServiceOwner {
  job: string;
  group: string;
  task: string;
}

// A ${NAME} reference in a service name, as the server's args.ReplaceEnv finds it.
const NAME_REFERENCE = /\$\{[a-zA-Z0-9_\-.]+\}/g;

// interpolatedName replaces ${JOB}, ${TASKGROUP}, ${TASK} and ${BASE} in a
// service name, as the server does at registration; other references stay.
function interpolatedName(name: string, owner: ServiceOwner): string {
  const values: Record<string, string> = {
    JOB: owner.job,
    TASKGROUP: owner.group,
    TASK: owner.task,
    BASE: `${owner.job}-${owner.group}-${owner.task}`,
  };
  return name.replace(NAME_REFERENCE, (ref) => {
    const key = ref.slice(2, -1);
    return Object.hasOwn(values, key) ? values[key]! : ref;
  });
}

/**
 * storedService is a canonical service as stored: named as the server
 * names it at registration (Service.Canonicalize in nomad/structs: its
 * ${JOB}, ${TASKGROUP}, ${TASK} and ${BASE} replaced, each unnamed check
 * called `service: "NAME" check`), no check_restart of its own (its checks
 * carry it), no unused Id on it or its checks.
 */
export function storedService(s: Obj, owner: ServiceOwner): Obj {
  const out: Obj = { ...s };
  delete out.CheckRestart;
  delete out.Id;
  if (typeof out.Name === 'string') out.Name = interpolatedName(out.Name, owner);
  if (Array.isArray(out.Checks)) {
    out.Checks = out.Checks.map((c: unknown) => {
      if (!isObj(c)) return c;
      const check: Obj = { ...c };
      delete check.Id;
      if ((isNil(check.Name) || check.Name === '') && typeof out.Name === 'string')
        // Go quotes with %q; a valid service name quotes alike in JSON.
        check.Name = `service: ${JSON.stringify(out.Name)} check`;
      return inStoredOrder(check, 'ServiceCheck');
    });
  }
  return inStoredOrder(out, 'Service');
}
