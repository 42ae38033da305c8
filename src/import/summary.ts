// What an import found, as data for its preview: the versions, where the
// allocations run and in which states, and the deployment. Pure.

import { isObject } from '../scenario/fields.ts';

type Obj = Record<string, unknown>;

/** ImportSummary is what the built scenario holds, counted. */
export interface ImportSummary {
  jobID: string;
  /** version is the job's (the one being scheduled); versions are all, newest first. */
  version: number | null;
  versions: number[];
  allocations: number;
  /** byClientStatus counts the allocations per ClientStatus, most first. */
  byClientStatus: [status: string, count: number][];
  /** allocationNodes is on how many distinct nodes the allocations are; nodes is how many nodes were given. */
  allocationNodes: number;
  nodes: number;
  deployment: { id: string; status: string; jobVersion: number | null } | null;
}

/** summarizeImport counts what a built scenario document holds. */
export function summarizeImport(doc: Obj): ImportSummary {
  const job = isObject(doc.Job) ? doc.Job : {};
  const list = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObject) : []);
  // A name or status as written; an object where a string belongs (the reader reports it) shows as nothing.
  const text = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
  const versions = [job, ...list(doc.JobVersions)]
    .map((j) => j.Version)
    .filter((v): v is number => typeof v === 'number')
    .sort((a, b) => b - a);
  const allocations = list(doc.Allocations);
  const statuses = new Map<string, number>();
  for (const a of allocations) {
    const s = typeof a.ClientStatus === 'string' ? a.ClientStatus : 'running';
    statuses.set(s, (statuses.get(s) ?? 0) + 1);
  }
  const d = isObject(doc.Deployment) ? doc.Deployment : null;
  return {
    jobID: text(job.ID ?? job.Name),
    version: typeof job.Version === 'number' ? job.Version : null,
    versions,
    allocations: allocations.length,
    byClientStatus: [...statuses].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
    allocationNodes: new Set(allocations.map((a) => a.NodeID).filter((n) => typeof n === 'string' && n !== '')).size,
    nodes: list(doc.Nodes).length,
    deployment: d
      ? { id: String(d.ID), status: text(d.Status), jobVersion: typeof d.JobVersion === 'number' ? d.JobVersion : null }
      : null,
  };
}

/** describeSummary says in one line per fact what an import found (the CLI's standard error, the preview's words). */
export function describeSummary(s: ImportSummary): string[] {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const lines = [
    `Job ${JSON.stringify(s.jobID)}${s.version !== null ? `, version ${s.version}` : ''}; ${s.versions.length > 1 ? `versions ${s.versions.join(', ')}` : 'no earlier versions'}.`,
    s.allocations === 0
      ? 'No allocations.'
      : `${plural(s.allocations, 'allocation')} (${s.byClientStatus.map(([st, n]) => `${n} ${st}`).join(', ')}) on ${plural(s.allocationNodes, 'node')}; ${plural(s.nodes, 'node')} given.`,
    s.deployment
      ? `Deployment ${s.deployment.id.slice(0, 8)} of version ${s.deployment.jobVersion ?? '?'}: ${s.deployment.status}.`
      : 'No deployment.',
  ];
  return lines;
}
