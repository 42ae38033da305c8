// A link or file made while a job is submitted over the running one: the
// document is the scenario the submission gives (any tool reconciles it
// the same way), and it says which of its versions runs, so that opening it
// gives the same Running and Job tabs back. Pure.

import { isObject } from '../scenario/fields.ts';
import {
  JOB_KEY,
  JOBSPEC_KEY,
  RUNNING_JOBSPEC_KEY,
  RUNNING_VARIABLES_KEY,
  RUNNING_VERSION_KEY,
  type TabTexts,
} from '../scenario/tabs.ts';

const INDENT = 2;

/** submissionText is the document a submission that changes the job gives, with the running job's version named. */
export function submissionText(document: Record<string, unknown>, runningVersion: number): string {
  return JSON.stringify({ ...document, [RUNNING_VERSION_KEY]: runningVersion }, null, INDENT) + '\n';
}

/**
 * splitSubmission turns a document that names its running version back
 * into the tabs: the submitted job in the Job tab, the running one (its
 * HCL text when it has one, else its entry of JobVersions) in the Running
 * tab, and the rest, without that entry, in the Cluster tab; allocations
 * pinned to the running version run the running job again. Null when the
 * document names no running version, or one it does not hold.
 */
export function splitSubmission(doc: Record<string, unknown>): TabTexts | null {
  const version = doc[RUNNING_VERSION_KEY];
  const versions = doc.JobVersions;
  if (typeof version !== 'number' || !Array.isArray(versions)) return null;
  const at = versions.findIndex((v) => isObject(v) && v.Version === version);
  if (at < 0) return null;
  const runningSpec = doc[RUNNING_JOBSPEC_KEY];
  const hcl = typeof runningSpec === 'string';
  const running = hcl ? withNewline(runningSpec) : JSON.stringify(versions[at], null, INDENT) + '\n';
  const spec = doc[JOBSPEC_KEY];
  const job =
    doc[JOB_KEY] == null && typeof spec === 'string'
      ? withNewline(spec)
      : JSON.stringify(doc[JOB_KEY] ?? {}, null, INDENT) + '\n';
  const cluster: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(doc)) {
    if ([JOB_KEY, JOBSPEC_KEY, RUNNING_JOBSPEC_KEY, RUNNING_VERSION_KEY, RUNNING_VARIABLES_KEY].includes(k)) continue;
    if (k === 'JobVersions') {
      const rest = versions.filter((_, i) => i !== at);
      if (rest.length > 0) cluster[k] = rest;
    } else if (k === 'Allocations' && Array.isArray(v)) {
      cluster[k] = v.map((a: unknown) => {
        if (!isObject(a) || a.JobVersion !== version) return a;
        const { JobVersion: _, ...unpinned } = a;
        return unpinned;
      });
    } else cluster[k] = v;
  }
  // An HCL running job has variable values of its own, even none.
  if (hcl) cluster[RUNNING_VARIABLES_KEY] = doc[RUNNING_VARIABLES_KEY] ?? {};
  return { job, running, cluster: JSON.stringify(cluster, null, INDENT) + '\n' };
}

function withNewline(text: string): string {
  return text.endsWith('\n') ? text : text + '\n';
}
