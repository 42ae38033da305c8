// The submitted job made the running one, as if its rollout had finished:
// the job it replaces stays among the versions, and the allocations that
// ran it run the new version. Pure: the submission's scenario document in,
// the Cluster tab's document out.

import { applyEdits, modify, type JSONPath } from 'jsonc-parser';
import { isObject } from './fields.ts';
import { looksLikeInspectOutput } from './job.ts';
import { JOB_KEY, JOBSPEC_KEY, RUNNING_JOBSPEC_KEY, RUNNING_VARIABLES_KEY, RUNNING_VERSION_KEY } from './tabs.ts';

// RUNNING_FIELDS are the document fields that describe the running job
// apart from the submitted one; once the two are one job they go.
const RUNNING_FIELDS = [RUNNING_JOBSPEC_KEY, RUNNING_VARIABLES_KEY, RUNNING_VERSION_KEY];

/**
 * clusterRunningSubmitted is the cluster of a submission's scenario
 * document once the submitted job runs: the document without its job (the
 * Job and Running tabs hold it), with the allocations that ran
 * `runningVersion` and the deployment of that version moved to
 * `submittedVersion`. The running job stays in JobVersions, as Nomad
 * keeps a job's earlier versions.
 */
export function clusterRunningSubmitted(
  doc: Record<string, unknown>,
  runningVersion: number,
  submittedVersion: number,
): Record<string, unknown> {
  const job = isObject(doc[JOB_KEY]) ? doc[JOB_KEY] : {};
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(doc))
    if (k !== JOB_KEY && k !== JOBSPEC_KEY && !RUNNING_FIELDS.includes(k)) rest[k] = v;
  if (Array.isArray(rest.Allocations))
    rest.Allocations = (rest.Allocations as unknown[]).map((a) => {
      if (!isObject(a) || a.JobVersion !== runningVersion || a.Job != null) return a;
      const { JobVersion: _, ...moved } = a;
      return moved;
    });
  const d = rest.Deployment;
  if (isObject(d) && d.JobVersion === runningVersion)
    rest.Deployment = { ...d, JobVersion: submittedVersion, JobModifyIndex: job.JobModifyIndex ?? d.JobModifyIndex };
  return rest;
}

const FORMAT = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } };

/**
 * withRegisteredIndexes writes a JSON job text's Version, JobModifyIndex and
 * ModifyIndex as the submission registered them, keeping the rest of the
 * text as typed (an HCL text carries none, and is returned as it is): the
 * running job must not share its Version with the one it replaced.
 */
export function withRegisteredIndexes(jobText: string, registered: Record<string, unknown>): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(jobText);
  } catch {
    return jobText;
  }
  if (!isObject(parsed)) return jobText;
  const wrapped = looksLikeInspectOutput(parsed);
  const at = (key: string): JSONPath => (wrapped ? [JOB_KEY, key] : [key]);
  let text = jobText;
  for (const key of ['Version', 'JobModifyIndex', 'ModifyIndex']) {
    const value = registered[key];
    if (typeof value === 'number') text = applyEdits(text, modify(text, at(key), value, FORMAT));
  }
  return text;
}
