// The bodies of Nomad's HTTP API that make a scenario, each recognised in
// the forms Nomad prints it and reduced to what the scenario reads. Pure:
// parsed JSON in, values or a problem (with the path in the body) out.

import { isObject } from '../scenario/fields.ts';
import { looksLikeInspectOutput } from '../scenario/job.ts';
import { tooManyAllocations } from './budget.ts';

type Obj = Record<string, unknown>;

/** InputProblem is what is wrong with one body: the path in it ("" for the whole) and why. */
export interface InputProblem {
  path: string;
  message: string;
}

/** Read is a body's values, or the problem that stops it being read. */
export type Read<T> = { ok: true; value: T; wrapped?: boolean } | { ok: false; problem: InputProblem };

const fail = (path: string, message: string): { ok: false; problem: InputProblem } => ({
  ok: false,
  problem: { path, message },
});

/** readJobBody reads GET /v1/job/:id (the job) or `nomad job inspect` output (`{"Job": …}`). */
export function readJobBody(value: unknown): Read<Obj> {
  if (!isObject(value))
    return fail('', 'expected the job as GET /v1/job/:id or `nomad job inspect` prints it (a JSON object)');
  if (looksLikeInspectOutput(value)) return { ok: true, value: value.Job, wrapped: true };
  if (typeof value.ID !== 'string' && typeof value.Name !== 'string')
    return fail('', 'expected a job: this object has neither an ID nor a Name');
  return { ok: true, value };
}

/** readVersionsBody reads GET /v1/job/:id/versions (`{"Versions": [...], "Diffs": …}`) or a plain list of jobs. */
export function readVersionsBody(value: unknown): Read<Obj[]> {
  const wrapped = isObject(value) && Array.isArray(value.Versions);
  const list = wrapped ? (value.Versions as unknown[]) : value;
  if (!Array.isArray(list))
    return fail(
      '',
      'expected the versions as GET /v1/job/:id/versions prints them ({"Versions": [...]}) or a list of jobs',
    );
  for (let i = 0; i < list.length; i++) {
    if (!isObject(list[i])) return fail(wrapped ? `Versions[${i}]` : `[${i}]`, 'expected a job object');
  }
  return { ok: true, value: list as Obj[], wrapped };
}

// What the scenario reads of an allocation (its contract's fields).
const ALLOC_FIELDS = [
  'ID',
  'Name',
  'JobID',
  'TaskGroup',
  'NodeID',
  'NodeName',
  'JobVersion',
  'Job',
  'DesiredStatus',
  'ClientStatus',
  'DesiredTransition',
  'DeploymentID',
  'DeploymentStatus',
  'RescheduleTracker',
  'FollowupEvalID',
  'NextAllocation',
  'PreviousAllocation',
  'TaskStates',
  'AllocStates',
  'ModifyTime',
  'CreateIndex',
];
const TASK_STATE_FIELDS = ['State', 'Failed', 'FinishedAt'];

/** AllocationsRead are the allocations, and whether they were list stubs (which lack DeploymentID, DesiredTransition and PreviousAllocation). */
export interface AllocationsRead {
  allocations: Obj[];
  stubs: boolean;
}

/** readAllocationsBody reads GET /v1/job/:id/allocations (stubs) or a list of GET /v1/allocation/:id bodies, keeping the fields the scenario reads. */
export function readAllocationsBody(value: unknown): Read<AllocationsRead> {
  if (!Array.isArray(value))
    return fail('', 'expected a list of allocations, as GET /v1/job/:id/allocations prints it');
  const over = tooManyAllocations(value.length);
  if (over !== null) return fail('', `the list holds ${over}`);
  const allocations: Obj[] = [];
  let stubs = false;
  for (let i = 0; i < value.length; i++) {
    const a: unknown = value[i];
    if (!isObject(a)) return fail(`[${i}]`, 'expected an allocation object');
    if (typeof a.ID !== 'string') return fail(`[${i}].ID`, 'expected the allocation’s ID, a string');
    // A full allocation carries its job, its resources or its transition; a stub has none of these.
    if (a.Job === undefined && a.DesiredTransition === undefined && a.DeploymentID === undefined) stubs = true;
    const kept: Obj = {};
    for (const k of ALLOC_FIELDS) if (a[k] !== undefined && a[k] !== null) kept[k] = a[k];
    if (isObject(a.TaskStates)) kept.TaskStates = trimTaskStates(a.TaskStates);
    allocations.push(kept);
  }
  return { ok: true, value: { allocations, stubs } };
}

// trimTaskStates keeps of each task's state what the scenario reads (not its event history).
function trimTaskStates(states: Obj): Obj {
  const out: Obj = {};
  for (const [task, s] of Object.entries(states)) {
    if (!isObject(s)) continue;
    const kept: Obj = {};
    for (const k of TASK_STATE_FIELDS) if (s[k] !== undefined && s[k] !== null) kept[k] = s[k];
    out[task] = kept;
  }
  return out;
}

const NODE_FIELDS = [
  'ID',
  'Name',
  'Datacenter',
  'NodeClass',
  'Status',
  'Drain',
  'DrainStrategy',
  'SchedulingEligibility',
  'NodeResources',
  'ReservedResources',
  'Attributes',
  'Meta',
];

/** readNodesBody reads GET /v1/nodes (stubs) or a list of GET /v1/node/:id bodies, keeping the fields the scenario reads. */
export function readNodesBody(value: unknown): Read<Obj[]> {
  if (!Array.isArray(value)) return fail('', 'expected a list of nodes, as GET /v1/nodes prints it');
  const nodes: Obj[] = [];
  for (let i = 0; i < value.length; i++) {
    const n: unknown = value[i];
    if (!isObject(n)) return fail(`[${i}]`, 'expected a node object');
    if (typeof n.ID !== 'string') return fail(`[${i}].ID`, 'expected the node’s ID, a string');
    const kept: Obj = {};
    for (const k of NODE_FIELDS) if (n[k] !== undefined && n[k] !== null) kept[k] = n[k];
    nodes.push(kept);
  }
  return { ok: true, value: nodes };
}

/** readDeploymentBody reads GET /v1/job/:id/deployment: the job's latest deployment, or null when it has none. */
export function readDeploymentBody(value: unknown): Read<Obj | null> {
  if (value === null) return { ok: true, value: null };
  if (!isObject(value) || typeof value.ID !== 'string')
    return fail('', 'expected a deployment as GET /v1/job/:id/deployment prints it (an object with an ID), or null');
  return { ok: true, value };
}
