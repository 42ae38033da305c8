// Whether a submitted job changes the running one (the job as registered): Nomad's
// Job.SpecChanged (nomad/structs/structs.go at dccea99f7e), which Job.Plan
// and Job.Register ask before they store a job as a new version.

import { isObject } from '../fields.ts';

// BOOKKEEPING are the job's fields that Nomad sets itself when it stores a
// job; SpecChanged copies them over from the running job before it
// compares, so they never count as a change.
const BOOKKEEPING = [
  'Status',
  'StatusDescription',
  'Stable',
  'Version',
  'CreateIndex',
  'ModifyIndex',
  'JobModifyIndex',
  'SubmitTime',
];

/**
 * specChanged says whether the submitted job differs from the running
 * one, both as Nomad stores them (JSON objects), leaving out the fields
 * Nomad sets itself. Upstream deep-compares the two structs; here a field
 * that is absent equals one that is null, and a null list equals an empty
 * one, because JSON written by hand or by other tools spells Go's nil in
 * all three ways. Object keys compare in any order.
 */
export function specChanged(running: Record<string, unknown>, submitted: Record<string, unknown>): boolean {
  const a = { ...running };
  const b = { ...submitted };
  for (const k of BOOKKEEPING) {
    delete a[k];
    delete b[k];
  }
  return !sameValue(a, b);
}

// isNilLike is Go's nil as JSON spells it: absent, null, or an empty list.
function isNilLike(v: unknown): boolean {
  return v === undefined || v === null || (Array.isArray(v) && v.length === 0);
}

function sameValue(a: unknown, b: unknown): boolean {
  if (isNilLike(a) || isNilLike(b)) return isNilLike(a) && isNilLike(b);
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  if (isObject(a)) {
    if (!isObject(b)) return false;
    for (const k of Object.keys(a)) if (!sameValue(a[k], b[k])) return false;
    for (const k of Object.keys(b)) if (!(k in a) && !isNilLike(b[k])) return false;
    return true;
  }
  return a === b;
}
