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

/** storedService is a canonical service as stored: no check_restart of its own (its checks carry it), no unused Id on it or its checks. */
export function storedService(s: Obj): Obj {
  const out: Obj = { ...s };
  delete out.CheckRestart;
  delete out.Id;
  if (Array.isArray(out.Checks)) {
    out.Checks = out.Checks.map((c: unknown) => {
      if (!isObj(c)) return c;
      const check: Obj = { ...c };
      delete check.Id;
      return inStoredOrder(check, 'ServiceCheck');
    });
  }
  return inStoredOrder(out, 'Service');
}
