// A job edited without a new JobModifyIndex: Nomad gives every change of a
// job a new one, and the reconciler tells versions apart by it, so a job
// that differs from the one its allocations run but keeps that index looks
// unchanged to it. This finds that case and writes the one-click fix: the
// edited job submitted as a new version. Pure: texts and scenarios in.

import { applyEdits, modify, type JSONPath } from 'jsonc-parser';
import type { Job } from '../../engine/structs.ts';
import { isObject } from '../../scenario/fields.ts';
import { looksLikeInspectOutput } from '../../scenario/job.ts';
import type { Scenario } from '../../scenario/read.ts';
import { isHclText, type TabTexts } from '../../scenario/tabs.ts';

/** JobBaseline is the job as it was before the person's edits: the Job tab's text and the job read from it. */
export interface JobBaseline {
  jobText: string;
  clusterText: string;
  job: Job;
}

/** StaleIndex is a job that changed while keeping its JobModifyIndex: the index, and the version whose allocations miss the change. */
export interface StaleIndex {
  jobModifyIndex: number;
  /** baseline is the job before the edit when the allocations run the current Job itself; null when they run a JobVersions entry or inline job. */
  baseline: JobBaseline | null;
  /** version is the version those allocations run; allocations is how many they are. */
  version: number;
  allocations: number;
}

// sameContent compares two jobs but for their version and indexes.
function sameContent(a: Job, b: Job): boolean {
  const strip = (j: Job) =>
    JSON.stringify({ ...j, Version: 0, JobModifyIndex: 0, ModifyIndex: 0, CreateIndex: 0, Stable: false });
  return strip(a) === strip(b);
}

/**
 * nextBaseline is the baseline to keep after a good read of `texts`: the
 * same while only the Job tab's content changes, a new one when the job's
 * identity (ID, Version, JobModifyIndex) or the Cluster tab changes.
 */
export function nextBaseline(prev: JobBaseline | null, texts: TabTexts, scenario: Scenario): JobBaseline {
  const job = scenario.Job;
  if (
    prev &&
    prev.clusterText === texts.cluster &&
    prev.job.ID === job.ID &&
    prev.job.Version === job.Version &&
    prev.job.JobModifyIndex === job.JobModifyIndex
  )
    return prev;
  return { jobText: texts.job, clusterText: texts.cluster, job };
}

/** findStaleIndex reports a job that differs from what its allocations run while keeping its JobModifyIndex; null when there is none. */
export function findStaleIndex(scenario: Scenario, baseline: JobBaseline | null): StaleIndex | null {
  const job = scenario.Job;
  let onCurrent = 0;
  let onStale = 0;
  let staleVersion = 0;
  for (const a of scenario.Allocations) {
    if (a.Job === job) onCurrent++;
    else if (a.Job.JobModifyIndex === job.JobModifyIndex && !sameContent(a.Job, job)) {
      onStale++;
      staleVersion = a.Job.Version;
    }
  }
  if (onStale > 0)
    return { jobModifyIndex: job.JobModifyIndex, baseline: null, version: staleVersion, allocations: onStale };
  if (
    onCurrent > 0 &&
    baseline &&
    baseline.job !== job &&
    baseline.job.JobModifyIndex === job.JobModifyIndex &&
    !sameContent(baseline.job, job)
  ) {
    return { jobModifyIndex: job.JobModifyIndex, baseline, version: baseline.job.Version, allocations: onCurrent };
  }
  return null;
}

const FORMAT = { formattingOptions: { insertSpaces: true, tabSize: 2 } };

/**
 * submitAsNewVersion writes the texts of the edited job registered as a new
 * version: its Version and JobModifyIndex (and ModifyIndex) one above the
 * highest of the scenario; with a baseline, the job before the edit joins
 * JobVersions and the allocations that ran it without saying so keep it
 * (their JobVersion is written). The rest of the text is kept as typed.
 */
export function submitAsNewVersion(texts: TabTexts, scenario: Scenario, stale: StaleIndex): TabTexts | null {
  if (isHclText(texts.job)) return null;
  let jobDoc: unknown;
  let cluster: Record<string, unknown>;
  try {
    jobDoc = JSON.parse(texts.job);
    cluster = JSON.parse(texts.cluster) as Record<string, unknown>;
  } catch {
    return null;
  }
  const jobs = [scenario.Job, ...scenario.JobVersions, ...scenario.Allocations.map((a) => a.Job)];
  const version = Math.max(...jobs.map((j) => j.Version)) + 1;
  const index = Math.max(...jobs.map((j) => Math.max(j.JobModifyIndex, j.ModifyIndex))) + 1;
  const wrapped = isWrapped(jobDoc);
  const at = (path: JSONPath): JSONPath => (wrapped ? ['Job', ...path] : path);
  let job = texts.job;
  for (const [key, value] of [
    ['Version', version],
    ['JobModifyIndex', index],
    ['ModifyIndex', index],
  ] as const) {
    job = applyEdits(job, modify(job, at([key]), value, FORMAT));
  }
  let clusterText = texts.cluster;
  if (stale.baseline) {
    const before = JSON.parse(stale.baseline.jobText) as unknown;
    const beforeJob = isWrapped(before) ? before.Job : before;
    const allocations = Array.isArray(cluster.Allocations) ? cluster.Allocations : [];
    allocations.forEach((a, i) => {
      if (
        typeof a === 'object' &&
        a !== null &&
        (a as Record<string, unknown>).JobVersion == null &&
        (a as Record<string, unknown>).Job == null
      ) {
        clusterText = applyEdits(
          clusterText,
          modify(clusterText, ['Allocations', i, 'JobVersion'], stale.baseline!.job.Version, FORMAT),
        );
      }
    });
    const path: JSONPath = Array.isArray(cluster.JobVersions)
      ? ['JobVersions', cluster.JobVersions.length]
      : ['JobVersions'];
    const value = Array.isArray(cluster.JobVersions) ? beforeJob : [beforeJob];
    clusterText = applyEdits(
      clusterText,
      modify(clusterText, path, value, { ...FORMAT, isArrayInsertion: Array.isArray(cluster.JobVersions) }),
    );
  }
  return { job, cluster: clusterText };
}

// isWrapped recognises a Job tab holding `nomad job inspect` output.
function isWrapped(v: unknown): v is { Job: Record<string, unknown> } {
  return isObject(v) && looksLikeInspectOutput(v);
}
