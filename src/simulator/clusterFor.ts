// A cluster made for a job: nodes with room for it, and the job running on
// them as Nomad would have placed it, its deployment done. The job is run
// through the simulator from an empty cluster (its first evaluation places
// every allocation with the placement code, the clients start them, the
// deployment watcher sees them healthy and marks the deployment successful),
// and the cluster at the end is the answer. A node to drain or to take down
// is then given its event, and the film stops at the moment Nomad would have
// queued the evaluation that follows: the drainer's marks written, or the
// node down with its allocations as their client last reported them.

import { type Instant, type Job, type Node, NodeStatusReady } from '../engine/structs.ts';
import { formatInstant } from '../engine/time.ts';
import { type Diagnostic, DiagnosticCode } from '../scenario/diagnostics.ts';
import { DEFAULT_DRAIN_DEADLINE, type SimEvent } from '../scenario/events.ts';
import { isObject } from '../scenario/fields.ts';
import { parseJsonText } from '../scenario/json.ts';
import type { ReadOptions, Scenario } from '../scenario/read.ts';
import { readScenarioValueAsync } from '../scenario/readAsync.ts';
import type { SubmittedJob } from '../scenario/submit/index.ts';
import { isHclText } from '../scenario/tabs.ts';
import { writeScenario } from '../scenario/write.ts';
import { seededUUIDs } from './ids.ts';
import { type Ask, groupAsk } from './placement.ts';
import { simulate } from './simulate.ts';

/** ClusterOptions shape the cluster: how many nodes, in which datacenters, and one node draining or down. */
export interface ClusterOptions {
  /** nodes is how many client nodes (default 3). */
  nodes?: number;
  /** datacenters the nodes are spread over, in turn (default: the job's, or dc1). */
  datacenters?: string[];
  /** drain is the number (from 1) of a node that starts draining once the job runs. */
  drain?: number;
  /** down is the number (from 1) of a node that goes down once the job runs. */
  down?: number;
  /** now is when the job is first placed (default 2026-01-01T00:00:00Z); the cluster's Now is later, once it runs. */
  now?: Instant;
}

/**
 * ClusterResult is the scenario of a job running on its cluster, as a
 * document and as the texts of the page's two tabs (the job's text
 * unchanged, the rest as JSON), or why there is none: `diagnostics` placed in
 * the job's text, `problems` about the options (a message each).
 */
export type ClusterResult =
  | {
      ok: true;
      document: Record<string, unknown>;
      text: string;
      texts: { job: string; cluster: string };
      scenario: Scenario;
    }
  | { ok: false; diagnostics: Diagnostic[]; problems: string[] };

const DEFAULT_NODES = 3;
const MAX_NODES = 100;
const DEFAULT_NOW = Date.UTC(2026, 0, 1) * 1e6;
// A common client: 4 cores at 1 GHz each as Nomad counts them, 8 GiB, 50 GiB of disk.
const TYPICAL_NODE: Ask = { cpu: 4000, memoryMB: 8192, diskMB: 51200 };
// Nodes are sized in steps, as machines are.
const STEP: Ask = { cpu: 1000, memoryMB: 1024, diskMB: 1024 };
const EVAL_SEED = 0xc1a5;

/**
 * clusterFor makes a cluster that runs `job` (an HCL jobspec with its
 * variables, or API JSON) as Nomad would have placed it: ready, eligible
 * nodes in the job's datacenters, each with room for the whole job twice
 * over on all nodes but one (so a drain or a new version fits), the job's
 * allocations running and healthy at its version, its deployment
 * successful. Its scenario reconciles to no change, but for what a
 * draining or down node causes.
 */
export async function clusterFor(
  job: SubmittedJob,
  options: ClusterOptions = {},
  readOptions: ReadOptions = {},
): Promise<ClusterResult> {
  const hcl = isHclText(job.text);
  const jobFields = hcl ? hclFields(job) : jsonFields(job.text, readOptions);
  if (!jobFields.ok) return { ok: false, diagnostics: jobFields.diagnostics, problems: [] };
  const now = options.now ?? DEFAULT_NOW;
  const seed = { Now: formatInstant(now), EvalID: 'place', ...jobFields.fields, Nodes: [], Allocations: [] };
  const read = await readScenarioValueAsync(seed, readOptions);
  if (!read.ok) {
    const diagnostics = read.diagnostics.map((d) => ({ ...d, path: hcl ? d.path : d.path.replace(/^Job\.?/, '') }));
    return { ok: false, diagnostics, problems: [] };
  }
  const problems = checkOptions(read.scenario.Job, options);
  if (problems.length > 0) return { ok: false, diagnostics: [], problems };

  const nodes = makeNodes(read.scenario.Job, options);
  const placed = simulate({ ...read.scenario, Nodes: nodes }, [], { trace: false });
  if (placed.End.Status !== 'settled') return { ok: false, diagnostics: [], problems: [placed.End.Reason] };
  let end = placed.End.Scenario;
  const event = nodeEvent(options, nodes);
  if (event !== null) {
    const film = simulate({ ...end, EvalID: 'running' }, [event], { trace: false, stopBeforeEvaluation: 2 });
    end = film.End.Scenario;
  }

  const written = writeScenario({ ...end, EvalID: seededUUIDs(EVAL_SEED)() });
  const { Job: _job, JobVersions: _versions, Name: _name, Description: _description, ...cluster } = written;
  const document: Record<string, unknown> = {
    Name: `${read.scenario.Job.ID} on ${nodes.length} ${nodes.length === 1 ? 'node' : 'nodes'}`,
    Description: description(read.scenario.Job, options),
    ...jobFields.fields,
    ...cluster,
  };
  if (options.drain !== undefined) drainStrategy(document, options.drain, end.Now);
  const { JobSpec: _spec, Job: _apiJob, ...clusterTab } = document;
  return {
    ok: true,
    document,
    text: JSON.stringify(document, null, 2) + '\n',
    texts: { job: job.text, cluster: JSON.stringify(clusterTab, null, 2) + '\n' },
    scenario: end,
  };
}

type JobFields = { ok: true; fields: Record<string, unknown> } | { ok: false; diagnostics: Diagnostic[] };

// hclFields are the document fields of a jobspec: its text and its variables' values.
function hclFields(job: SubmittedJob): JobFields {
  const fields: Record<string, unknown> = { JobSpec: job.text };
  if (job.variables && Object.keys(job.variables).length > 0) fields.JobSpecVariables = job.variables;
  return { ok: true, fields };
}

// jsonFields is the document's Job: the job's JSON as given (with or without its wrapper).
function jsonFields(text: string, readOptions: ReadOptions): JobFields {
  const parsed = parseJsonText(text, readOptions.textBudget);
  if (!parsed.ok) return { ok: false, diagnostics: parsed.diagnostics };
  if (!isObject(parsed.value))
    return {
      ok: false,
      diagnostics: [
        {
          code: DiagnosticCode.WrongType,
          path: '',
          message: 'expected a job: an HCL jobspec, or API JSON (a job object, or {"Job": …})',
          line: 1,
          column: 1,
        },
      ],
    };
  return { ok: true, fields: { Job: parsed.value } };
}

// checkOptions says what is wrong with the options for this job, in words.
function checkOptions(job: Job, options: ClusterOptions): string[] {
  const problems: string[] = [];
  const count = options.nodes ?? DEFAULT_NODES;
  if (!Number.isInteger(count) || count < 1 || count > MAX_NODES)
    problems.push(`the number of nodes must be a whole number from 1 to ${MAX_NODES}, got ${count}`);
  for (const [name, n] of [
    ['drain', options.drain],
    ['down', options.down],
  ] as const) {
    if (n !== undefined && (!Number.isInteger(n) || n < 1 || n > count))
      problems.push(`the node to ${name} must be a node's number, from 1 to ${count}, got ${n}`);
  }
  if (options.drain !== undefined && options.down !== undefined)
    problems.push('a node may drain or be down, not both: give one of the two');
  const dcs = options.datacenters;
  if (dcs !== undefined) {
    if (dcs.length === 0 || dcs.some((dc) => dc === '')) problems.push('give each datacenter a name');
    else if (job.Datacenters.length > 0 && !dcs.some((dc) => job.Datacenters.includes(dc)))
      problems.push(
        `the job runs in ${job.Datacenters.join(', ')}: nodes in ${dcs.join(', ')} would run none of its allocations`,
      );
  }
  return problems;
}

// makeNodes makes the ready, eligible nodes, spread over the datacenters in turn.
function makeNodes(job: Job, options: ClusterOptions): Node[] {
  const count = options.nodes ?? DEFAULT_NODES;
  const dcs = options.datacenters ?? (job.Datacenters.length > 0 ? job.Datacenters : ['dc1']);
  const size = nodeSize(job, count);
  return Array.from({ length: count }, (_, i) => ({
    ID: `node-${i + 1}`,
    Name: `client-${i + 1}`,
    Datacenter: dcs[i % dcs.length]!,
    NodeClass: '',
    Status: NodeStatusReady,
    Drain: false,
    SchedulingEligibility: 'eligible',
    NodeResources: { CpuShares: size.cpu, MemoryMB: size.memoryMB, DiskMB: size.diskMB },
    ReservedResources: null,
  }));
}

// nodeSize is one node's room: a typical client, or, when the job is larger,
// twice the whole job over all the nodes but one, in whole steps.
function nodeSize(job: Job, count: number): Ask {
  const total: Ask = { cpu: 0, memoryMB: 0, diskMB: 0 };
  for (const tg of job.TaskGroups) {
    const ask = groupAsk(tg);
    total.cpu += ask.cpu * tg.Count;
    total.memoryMB += ask.memoryMB * tg.Count;
    total.diskMB += ask.diskMB * tg.Count;
  }
  const share = Math.max(1, count - 1);
  const size = (k: keyof Ask) => Math.max(TYPICAL_NODE[k], Math.ceil((2 * total[k]) / share / STEP[k]) * STEP[k]);
  return { cpu: size('cpu'), memoryMB: size('memoryMB'), diskMB: size('diskMB') };
}

// nodeEvent is the drain or the failure asked for, right after the job's own evaluation.
function nodeEvent(options: ClusterOptions, nodes: readonly Node[]): SimEvent | null {
  if (options.drain !== undefined) return { After: 1, Kind: 'node-drain', NodeID: nodes[options.drain - 1]!.ID };
  if (options.down !== undefined) return { After: 1, Kind: 'node-down', NodeID: nodes[options.down - 1]!.ID };
  return null;
}

// drainStrategy writes the draining node's DrainStrategy as Nomad's API
// shows it (`nomad node drain -enable` with its default deadline): the
// reconciler reads Drain, but a person reads this.
function drainStrategy(document: Record<string, unknown>, n: number, now: Instant): void {
  const node = (document.Nodes as Record<string, unknown>[])[n - 1]!;
  node.DrainStrategy = {
    Deadline: DEFAULT_DRAIN_DEADLINE,
    ForceDeadline: formatInstant(now + DEFAULT_DRAIN_DEADLINE),
    IgnoreSystemJobs: false,
  };
}

// description says in Markdown what the cluster is, for the page to show beside it.
function description(job: Job, options: ClusterOptions): string {
  const parts = [`Job \`${job.ID}\` running as Nomad placed it: every allocation healthy, its deployment successful.`];
  if (options.drain !== undefined)
    parts.push(
      `Node \`client-${options.drain}\` has just started draining: the drainer has marked the allocations it may migrate first.`,
    );
  if (options.down !== undefined)
    parts.push(
      `Node \`client-${options.down}\` has just gone down: its allocations are still as it last reported them.`,
    );
  parts.push('Edit the job to see what Nomad would do.');
  return parts.join(' ');
}
