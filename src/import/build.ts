// A scenario document built from a cluster's API bodies: the job, its
// versions, its allocations, the nodes and its latest deployment, as the
// import command and the playground's "Import from cluster" take them.
// Pure: parsed bodies in, the document (with notes on what was inferred or
// is missing) or the problems of each body out.

import { isObject } from '../scenario/fields.ts';
import { childPath, indexPath, splitPath } from '../scenario/path.ts';
import {
  type InputProblem,
  type Read,
  readAllocationsBody,
  readDeploymentBody,
  readJobBody,
  readNodesBody,
  readVersionsBody,
} from './inputs.ts';

type Obj = Record<string, unknown>;

/** ImportSource names the five bodies an import takes. */
export type ImportSource = 'job' | 'versions' | 'allocations' | 'nodes' | 'deployment';

/** IMPORT_SOURCES lists them in the order they are asked for. */
export const IMPORT_SOURCES: readonly ImportSource[] = ['job', 'versions', 'allocations', 'nodes', 'deployment'];

/** ImportInputs are the parsed bodies given (any may be left out) and the evaluation time to write. */
export type ImportInputs = Partial<Record<ImportSource, unknown>> & { now: string };

/** ImportProblem is a problem with one body, at a path in it. */
export interface ImportProblem extends InputProblem {
  source: ImportSource;
}

/** ImportNote says something the person should know about the built scenario (a choice made for them, or a trap). */
export interface ImportNote {
  code: 'stub-allocations' | 'deployment-inferred' | 'missing-nodes' | 'no-nodes' | 'job-from-versions';
  message: string;
}

/** ImportResult is the scenario document and its notes, or every problem found. */
export type ImportResult =
  | {
      ok: true;
      document: Obj;
      notes: ImportNote[];
      /** origin says which body, and where in it, a path of the document came from (null for what the import wrote itself). */
      origin: (path: string) => { source: ImportSource; path: string } | null;
    }
  | { ok: false; problems: ImportProblem[] };

/**
 * buildImport makes a scenario document from the bodies: `Job` is the job
 * (or, without it, the highest of its versions), `JobVersions` the other
 * versions, allocations and nodes keep the fields the scenario reads, and
 * an allocation's inline job is dropped where a version says the same.
 */
export function buildImport(inputs: ImportInputs): ImportResult {
  const problems: ImportProblem[] = [];
  const wrapped = new Set<ImportSource>();
  const take = <T>(source: ImportSource, read: (v: unknown) => Read<T>): T | undefined => {
    if (inputs[source] === undefined) return undefined;
    const r = read(inputs[source]);
    if (r.ok && r.wrapped) wrapped.add(source);
    if (r.ok) return r.value;
    problems.push({ source, ...r.problem });
    return undefined;
  };
  const jobBody = take('job', readJobBody);
  const versionsBody = take('versions', readVersionsBody) ?? [];
  const allocationsBody = take('allocations', readAllocationsBody);
  const nodes = take('nodes', readNodesBody);
  const deployment = take('deployment', readDeploymentBody);
  if (problems.length > 0) return { ok: false, problems };

  const notes: ImportNote[] = [];
  let job = jobBody;
  let jobIndex = -1;
  if (job === undefined) {
    job = highestVersion(versionsBody);
    jobIndex = job === undefined ? -1 : versionsBody.indexOf(job);
    if (job === undefined)
      return {
        ok: false,
        problems: [
          {
            source: 'job',
            path: '',
            message: 'give the job (GET /v1/job/:id), or its versions (GET /v1/job/:id/versions)',
          },
        ],
      };
    notes.push({
      code: 'job-from-versions',
      message: `No job was given: the highest version, ${String(job.Version)}, is the job being scheduled.`,
    });
  }
  const versionIndex = versionsBody.map((_, i) => i).filter((i) => versionsBody[i]!.Version !== job.Version);
  const versions = versionIndex.map((i) => versionsBody[i]!);
  const known = new Set<unknown>([job.Version, ...versions.map((v) => v.Version)]);
  const allocations = (allocationsBody?.allocations ?? []).map((a) => withoutKnownJob(a, known));

  if (allocationsBody?.stubs) {
    notes.push({
      code: 'stub-allocations',
      message:
        'The allocations are list stubs (GET /v1/job/:id/allocations), which lack DeploymentID, DesiredTransition and PreviousAllocation: give GET /v1/allocation/:id bodies for those.',
    });
    if (isObject(deployment)) {
      const inferred = inferDeploymentIDs(allocations, deployment);
      if (inferred > 0) {
        const v = String(deployment.JobVersion);
        const which =
          inferred === 1
            ? `1 allocation of version ${v} with a deployment status was`
            : `${inferred} allocations of version ${v} with a deployment status were`;
        notes.push({
          code: 'deployment-inferred',
          message: `${which} taken to belong to deployment ${String(deployment.ID).slice(0, 8)}.`,
        });
      }
    }
  }
  const missing = missingNodes(allocations, nodes ?? []);
  if (nodes === undefined && allocations.length > 0) {
    notes.push({
      code: 'no-nodes',
      message:
        'No nodes were given (GET /v1/nodes): Nomad treats an allocation whose node it does not know as on a garbage-collected node, so every allocation would be lost.',
    });
  } else if (missing > 0) {
    notes.push({
      code: 'missing-nodes',
      message: `${missing} allocation${missing === 1 ? ' is' : 's are'} on nodes not in the nodes given: Nomad treats such a node as garbage-collected, so ${missing === 1 ? 'it is' : 'they are'} lost.`,
    });
  }

  const document: Obj = { Name: `Imported ${String(job.ID ?? job.Name)}`, Now: inputs.now, Job: job };
  if (versions.length > 0) document.JobVersions = versions;
  document.Nodes = nodes ?? [];
  document.Allocations = allocations;
  document.Deployment = deployment ?? null;
  const versionsAt = (i: number): Segment[] => (wrapped.has('versions') ? ['Versions', i] : [i]);
  const origin = (path: string): { source: ImportSource; path: string } | null => {
    const [section, ...rest] = splitPath(path);
    const source = typeof section === 'string' ? SECTION_SOURCE[section] : undefined;
    if (source === undefined) return null;
    let prefix: Segment[] = [];
    if (section === 'Job') prefix = jobBody !== undefined ? (wrapped.has('job') ? ['Job'] : []) : versionsAt(jobIndex);
    else if (section === 'JobVersions' && typeof rest[0] === 'number')
      prefix = versionsAt(versionIndex[rest.shift() as number] ?? 0);
    return {
      source: section === 'Job' && jobBody === undefined ? 'versions' : source,
      path: joinSegments([...prefix, ...rest]),
    };
  };
  return { ok: true, document, notes, origin };
}

type Segment = string | number;

// Which body each top-level field of the document comes from.
const SECTION_SOURCE: Record<string, ImportSource> = {
  Job: 'job',
  JobVersions: 'versions',
  Allocations: 'allocations',
  Nodes: 'nodes',
  Deployment: 'deployment',
};

// joinSegments writes path segments back as a path.
function joinSegments(segments: Segment[]): string {
  let p = '';
  for (const s of segments) p = typeof s === 'number' ? indexPath(p, s) : childPath(p, s);
  return p;
}

function highestVersion(versions: Obj[]): Obj | undefined {
  let best: Obj | undefined;
  for (const v of versions) if (best === undefined || Number(v.Version ?? 0) > Number(best.Version ?? 0)) best = v;
  return best;
}

// withoutKnownJob drops an allocation's inline job when a version of the
// scenario is the same version: the allocation then runs that one.
function withoutKnownJob(a: Obj, known: Set<unknown>): Obj {
  if (!isObject(a.Job)) return a;
  const version = a.JobVersion ?? a.Job.Version;
  if (!known.has(version)) return a;
  const rest: Obj = { ...a, JobVersion: version };
  delete rest.Job;
  return rest;
}

// inferDeploymentIDs gives stubs of the deployment's job version that have
// a deployment status the deployment's ID (stubs do not carry it).
function inferDeploymentIDs(allocations: Obj[], deployment: Obj): number {
  let n = 0;
  for (const a of allocations) {
    if (a.DeploymentID === undefined && isObject(a.DeploymentStatus) && a.JobVersion === deployment.JobVersion) {
      a.DeploymentID = deployment.ID;
      n++;
    }
  }
  return n;
}

// missingNodes counts the allocations whose NodeID is none of the nodes'.
function missingNodes(allocations: readonly Obj[], nodes: readonly Obj[]): number {
  const ids = new Set(nodes.map((n) => n.ID));
  return allocations.filter((a) => typeof a.NodeID === 'string' && a.NodeID !== '' && !ids.has(a.NodeID)).length;
}
