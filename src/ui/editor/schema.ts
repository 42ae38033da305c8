// JSON Schemas of the scenario contract (../shared/SCENARIO.md) for the two
// editor tabs: field names and enum values for completion, and hover text
// that says what the reconciler does with each field. Validation is the
// scenario reader's job; these schemas only help typing.

import { EVENT_KINDS } from '../../scenario/events.ts';

/** JsonSchema is the subset of JSON Schema these schemas use. */
export interface JsonSchema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: (string | number | boolean | null)[];
  anyOf?: JsonSchema[];
  pattern?: string;
  minimum?: number;
  default?: unknown;
  defaultSnippets?: { label?: string; body: unknown }[];
}

const str = (description: string, extra: JsonSchema = {}): JsonSchema => ({ type: 'string', description, ...extra });
const int = (description: string, extra: JsonSchema = {}): JsonSchema => ({
  type: 'integer',
  minimum: 0,
  description,
  ...extra,
});
const bool = (description: string): JsonSchema => ({ type: 'boolean', description });
const oneOf = (values: string[], description: string): JsonSchema => ({ type: 'string', enum: values, description });
const obj = (description: string, properties: Record<string, JsonSchema>): JsonSchema => ({
  type: 'object',
  description,
  properties,
});
const list = (description: string, items: JsonSchema): JsonSchema => ({ type: 'array', description, items });
const anyJson = (description: string): JsonSchema => ({ description });
const duration = (description: string): JsonSchema => ({
  description: `${description}\n\nA duration: nanoseconds (10000000000) or a Go duration string ("10s", "1m30s").`,
  anyOf: [
    { type: 'integer', minimum: 0 },
    { type: 'string', pattern: '^([0-9.]+(ns|us|µs|ms|s|m|h))+$' },
  ],
});
const instant = (description: string): JsonSchema => ({
  description: `${description}\n\nAn instant: RFC 3339 ("2026-01-01T00:00:05Z") or Unix nanoseconds.`,
  anyOf: [{ type: 'string' }, { type: 'integer' }],
});
const stringMap = (description: string): JsonSchema => ({
  type: 'object',
  description,
  additionalProperties: { type: 'string' },
});

const UPDATE = obj(
  "The update block: how a new job version rolls out. Present fields win over the job-level Update; absent ones take Nomad's defaults. With an update strategy (MaxParallel > 0) the reconciler creates a deployment.",
  {
    MaxParallel: int(
      'How many allocations are replaced at once (the placement limit for destructive updates). 0 means no limit and no deployment. Default 1.',
    ),
    Canary: int(
      'How many canaries a new version places first. While canaries are unpromoted, the reconciler replaces nothing else. Default 0.',
    ),
    AutoPromote: bool('Promote the deployment once all canaries are healthy. Default false.'),
    AutoRevert: bool('Revert to the last stable version when the deployment fails. Default false.'),
    MinHealthyTime: duration('How long an allocation must be healthy to count as healthy. Default 10s.'),
    HealthyDeadline: duration('How long an allocation may take to become healthy. Default 5m.'),
    ProgressDeadline: duration(
      'How long the deployment may go without a newly healthy allocation before it fails; sets RequireProgressBy. Default 10m.',
    ),
    HealthCheck: oneOf(
      ['checks', 'task_states', 'manual'],
      'How health is judged (shown, not modelled). Default "checks".',
    ),
    Stagger: duration('Delay between migrations (shown, not modelled). Default 30s.'),
  },
);

const RESCHEDULE = obj(
  "The reschedule policy: when a failed allocation is replaced. A group's policy merges over the job's; absent fields default by job type (service: unlimited with exponential delay 30s..1h; batch: 1 attempt in 24h, constant 5s).",
  {
    Attempts: int('How many reschedules are allowed within Interval (when not Unlimited).'),
    Interval: duration('The window in which Attempts are counted.'),
    Delay: duration('The delay before the first reschedule; later delays follow DelayFunction.'),
    DelayFunction: oneOf(['constant', 'exponential', 'fibonacci'], 'How the delay grows between reschedules.'),
    MaxDelay: duration('The largest delay DelayFunction may reach.'),
    Unlimited: bool('Reschedule without an attempt limit.'),
  },
);

const MIGRATE = obj(
  "The migrate block: how allocations leave a draining node (the drainer's job; the reconciler only sees DesiredTransition.Migrate).",
  {
    MaxParallel: int('Allocations migrated at once by the drainer.'),
    HealthCheck: oneOf(['checks', 'task_states'], 'How migrated allocations are judged healthy.'),
    MinHealthyTime: duration('How long a migrated allocation must be healthy.'),
    HealthyDeadline: duration('How long a migrated allocation may take to be healthy.'),
  },
);

const RESOURCES = obj('Task resources. A change here makes the update destructive (tasksUpdated).', {
  CPU: int('CPU in MHz. Default 100.'),
  MemoryMB: int('Memory in MB. Default 300.'),
  Networks: list('Task networks; a change is destructive.', { type: 'object' }),
  Devices: list('Requested devices; a change is destructive.', { type: 'object' }),
});

const TASK = obj(
  'A task. Changes to driver, user, config, env, artifacts, vault, templates, meta, affinities or resources make the update destructive (tasksUpdated); other changes are in place.',
  {
    Name: str("The task's name, unique in its group."),
    Driver: str('The task driver (docker, exec, …). A change is destructive.'),
    User: str('The user the task runs as. A change is destructive.'),
    Config: anyJson('Driver configuration (image, args, …). Any change is destructive: the allocation is replaced.'),
    Env: stringMap('Environment variables. A change is destructive.'),
    Artifacts: list('Artifacts to download. A change is destructive.', { type: 'object' }),
    Vault: anyJson('Vault block. A change is destructive.'),
    Templates: list('Templates. A change is destructive.', { type: 'object' }),
    Meta: stringMap('Task metadata. A change is destructive.'),
    Affinities: list('Task affinities. A change is destructive.', { type: 'object' }),
    KillTimeout: duration('Time between SIGINT and SIGKILL. A change is in place.'),
    Resources: RESOURCES,
  },
);

const GROUP = obj('A task group: Count allocations named <job>.<group>[<index>], reconciled on their own.', {
  Name: str("The group's name; allocations refer to it by TaskGroup."),
  Count: int(
    'How many allocations the group wants. Above it, the highest indexes stop; below it, new ones are placed. Default 1.',
  ),
  Update: UPDATE,
  ReschedulePolicy: RESCHEDULE,
  Migrate: MIGRATE,
  StopAfterClientDisconnect: duration(
    'Stop lost allocations this long after their client disconnected, and hold their replacement until then.',
  ),
  EphemeralDisk: obj('Ephemeral disk; a change to SizeMB, Sticky or Migrate is destructive.', {
    SizeMB: int('Disk size in MB. Default 300.'),
    Sticky: bool('Keep data on the same node.'),
    Migrate: bool('Migrate data with the allocation.'),
  }),
  Networks: list('Group networks (ports, mode); a change is destructive.', { type: 'object' }),
  Affinities: list('Group affinities; a change is destructive.', { type: 'object' }),
  Spreads: list('Group spreads; a change is destructive.', { type: 'object' }),
  Meta: stringMap('Group metadata.'),
  Tasks: list("The group's tasks.", TASK),
});

/** JOB_SCHEMA describes the Job tab: a job as Nomad's API prints it (`nomad job inspect`). */
export const JOB_SCHEMA: JsonSchema = obj('The job version being scheduled, as Nomad API JSON.', {
  ID: str('The job ID (default: Name). Allocations and deployments refer to it.'),
  Name: str('The job name.'),
  Namespace: str('The namespace. Default "default".'),
  Type: oneOf(
    ['service', 'batch'],
    'service (default) keeps allocations running; batch keeps successfully finished allocations. System jobs are not modelled.',
  ),
  Stop: bool('A stopped job: the reconciler stops every allocation and cancels the deployment.'),
  Stable: bool(
    'A version whose deployment succeeded. The reconciler ignores it; in the rollout, auto_revert and a failed deployment go back to the latest stable version.',
  ),
  Version: int('The job version. Allocations say which version they run with JobVersion.'),
  CreateIndex: int('Raft index at creation; a new deployment copies it.'),
  ModifyIndex: int('Raft index of the last change (default: JobModifyIndex).'),
  JobModifyIndex: int(
    'Raft index of the last spec change. Allocations whose job has the same JobModifyIndex are left alone; otherwise the tasks are compared (default: Version).',
  ),
  Priority: int('Job priority, copied to follow-up evaluations. Default 50.'),
  Region: str('Region. Default "global".'),
  Datacenters: list('Datacenters the job may run in.', { type: 'string' }),
  Multiregion: obj('Multiregion deployment (only Regions[].Name is read).', {
    Regions: list('Regions.', obj('A region.', { Name: str('Region name.') })),
  }),
  Update: UPDATE,
  Reschedule: RESCHEDULE,
  Migrate: MIGRATE,
  Meta: stringMap('Job metadata. A change is destructive for every task.'),
  Affinities: list('Job affinities.', { type: 'object' }),
  Spreads: list('Job spreads.', { type: 'object' }),
  Constraints: list('Job constraints.', { type: 'object' }),
  TaskGroups: list('The task groups; each is reconciled on its own.', GROUP),
});

const NODE_CAPACITY: Record<string, JsonSchema> = {
  Cpu: obj('CPU.', { CpuShares: int('MHz.') }),
  Memory: obj('Memory.', { MemoryMB: int('MB.') }),
  Disk: obj('Disk.', { DiskMB: int('MB.') }),
};

const NODE = obj('A client node. A node that is down, or whose Drain is true, is tainted.', {
  ID: str(
    'Node ID (required, unique). Allocations refer to it by NodeID; an allocation whose node is not listed is on a garbage-collected node, so it is lost.',
  ),
  Name: str('Node name, shown on its box.'),
  Datacenter: str('Datacenter, shown on its box.'),
  NodeClass: str('Node class.'),
  Status: oneOf(
    ['initializing', 'ready', 'down'],
    'Node status. Allocations on a down node are lost: stopped and replaced.',
  ),
  Drain: bool('Draining: allocations here are migrated once the drainer sets their DesiredTransition.Migrate.'),
  DrainStrategy: anyJson('The drain strategy (shown, decides nothing).'),
  SchedulingEligibility: oneOf(
    ['eligible', 'ineligible'],
    'Whether new allocations may go here. The reconciler does not choose nodes; the rollout places only on eligible nodes.',
  ),
  NodeResources: obj(
    'What the node offers. The reconciler ignores it; the rollout places allocations only where they fit, by a bin-packing score. An absent dimension has no limit.',
    NODE_CAPACITY,
  ),
  ReservedResources: obj('What the node keeps for itself: taken off NodeResources in the rollout.', NODE_CAPACITY),
  Attributes: stringMap('Node attributes.'),
  Meta: stringMap('Node metadata.'),
});

const RESCHEDULE_EVENT = obj('One earlier reschedule.', {
  RescheduleTime: instant('When the reschedule happened; counted against Attempts within Interval.'),
  PrevAllocID: str('The allocation replaced.'),
  PrevNodeID: str('Its node.'),
  Delay: duration('The delay used; the next delay grows from it.'),
});

const ALLOCATION = obj('An existing allocation of the job.', {
  ID: str('Allocation ID (required, unique).'),
  Name: str(
    '"<job>.<group>[<index>]"; the index decides which allocations stop when the count shrinks (highest first).',
  ),
  JobID: str("The job (default: the job's ID)."),
  TaskGroup: str('The group (required). A group the job no longer has is stopped.'),
  NodeID: str('The node it runs on; a node that is down, draining or missing taints it.'),
  NodeName: str("The node's name."),
  JobVersion: int(
    'Which job version it runs: the Job or an entry of JobVersions with this Version. Default: the current job.',
  ),
  Job: anyJson('An inline job, as /v1/allocation/:id returns it (wins over JobVersion).'),
  DesiredStatus: oneOf(
    ['run', 'stop', 'evict'],
    'What the scheduler wants; stop and evict make the allocation terminal. Default "run".',
  ),
  ClientStatus: oneOf(
    ['pending', 'running', 'complete', 'failed', 'lost'],
    'What the client reports. failed allocations are rescheduled by their policy; complete ones of batch jobs are kept. Default "running".',
  ),
  DesiredTransition: obj('Transitions requested by other parts of Nomad.', {
    Migrate: bool('Set by the drainer: the allocation leaves its draining node (stopped and placed elsewhere).'),
    Reschedule: bool('Set when a deployment failed: replace the failed allocation.'),
    ForceReschedule: bool('Set by `nomad alloc stop`/reschedule: replace it regardless of policy.'),
  }),
  DeploymentID: str('The deployment that placed it.'),
  DeploymentStatus: obj('Health within its deployment.', {
    Healthy: { type: ['boolean', 'null'], description: 'true healthy, false unhealthy, null not yet known.' },
    Canary: bool('A canary of its deployment: kept apart until promotion.'),
  }),
  RescheduleTracker: obj("Earlier reschedules of this allocation's chain.", {
    Events: {
      ...list(
        "Events; absent or null is Go's nil list, which a limited policy never reschedules (unlike []).",
        RESCHEDULE_EVENT,
      ),
      type: ['array', 'null'],
    },
  }),
  FollowupEvalID: str('A follow-up evaluation already created for it; matching EvalID means it is due now.'),
  NextAllocation: str('The allocation that replaced it; one with a replacement is not rescheduled again.'),
  PreviousAllocation: str('The allocation it replaced.'),
  TaskStates: {
    type: 'object',
    description: 'Per task: State (pending, running, dead), Failed, FinishedAt.',
    additionalProperties: obj('A task state.', {
      State: str('pending, running or dead.'),
      Failed: bool('The task failed.'),
      FinishedAt: instant('When it finished; the reschedule delay counts from the latest.'),
    }),
  },
  AllocStates: list(
    'Allocation state changes (Field, Value, Time); lost times matter for stop_after_client_disconnect.',
    obj('A state change.', {
      Field: {
        enum: [0, 'ClientStatus'],
        description: 'The field that changed: the client status, 0 as Nomad prints it (the default).',
      },
      Value: str('Its new value.'),
      Time: instant('When.'),
    }),
  ),
  ModifyTime: instant('Last change; absent is the Unix epoch.'),
  CreateIndex: int('Raft index of creation.'),
});

const DEPLOYMENT_STATE = obj("One group's deployment state.", {
  AutoRevert: bool('Revert on failure.'),
  AutoPromote: bool('Promote automatically once canaries are healthy.'),
  ProgressDeadline: duration('Progress deadline.'),
  RequireProgressBy: instant('The deployment fails if no allocation becomes healthy by then.'),
  Promoted: bool('Canaries promoted: the rest of the rollout proceeds.'),
  PlacedCanaries: list('IDs of the canaries placed.', { type: 'string' }),
  DesiredCanaries: int('Canaries wanted.'),
  DesiredTotal: int('Allocations wanted.'),
  PlacedAllocs: int('Allocations placed.'),
  HealthyAllocs: int('Healthy allocations.'),
  UnhealthyAllocs: int('Unhealthy allocations.'),
});

const DEPLOYMENT = {
  ...obj(
    "The job's latest deployment, or null. A running deployment of an older job version is cancelled; a paused or failed one holds placements back.",
    {
      ID: str('Deployment ID; allocations refer to it by DeploymentID.'),
      JobID: str('The job.'),
      Namespace: str('The namespace.'),
      JobVersion: int('The job version it rolls out.'),
      JobCreateIndex: int("The job's CreateIndex."),
      JobModifyIndex: int("The job's ModifyIndex; a different one makes the deployment older than the job."),
      JobSpecModifyIndex: int("The job's JobModifyIndex."),
      IsMultiregion: bool('A multiregion deployment.'),
      Status: oneOf(
        ['running', 'paused', 'failed', 'successful', 'cancelled', 'blocked', 'unblocking', 'pending'],
        'Deployment status. paused and failed hold new placements back.',
      ),
      StatusDescription: str('Why it has its status.'),
      TaskGroups: {
        type: 'object',
        description: 'Per group state, by group name.',
        additionalProperties: DEPLOYMENT_STATE,
      },
    },
  ),
  type: ['object', 'null'],
};

const EVENT = obj('One event of the rollout.', {
  After: int('The evaluation (step of the rollout, from 1) after which the event happens.'),
  Delay: duration('How long after that evaluation. Default 0: before anything else happens.'),
  Kind: oneOf(
    [...EVENT_KINDS],
    'What happens: node-down, node-up, node-drain, node-ineligible, node-eligible (NodeID); alloc-fail, alloc-unhealthy (checks never pass), alloc-complete (AllocID); deployment-promote, -fail, -pause, -resume; job-scale (TaskGroup, Count), job-stop, job-start, job-update (Job).',
  ),
  NodeID: str('The node, for node events.'),
  Deadline: duration('For node-drain: when everything left is marked to migrate. Default 1h.'),
  AllocID: str('The allocation, for alloc events.'),
  TaskGroup: str('For job-scale: the group.'),
  Count: int('For job-scale: its new count.'),
  Job: { type: 'object', description: 'For job-update: the edited job (API JSON); registered as the next version.' },
});

/** CLUSTER_SCHEMA describes the Cluster tab: the scenario document without its Job. */
export const CLUSTER_SCHEMA: JsonSchema = obj('The cluster and the rest of the scenario.', {
  Name: str('A title for the scenario.'),
  Description: str('Markdown shown beside the scenario.'),
  Now: instant('The evaluation time; reschedule delays and deadlines are measured from it. Default: the current time.'),
  EvalID: str('The evaluation being processed; allocations whose FollowupEvalID equals it are due now.'),
  JobVersions: list('Earlier versions of the job, for allocations that run them (by JobVersion).', JOB_SCHEMA),
  Nodes: list('The client nodes.', NODE),
  Allocations: list("The job's existing allocations.", ALLOCATION),
  Deployment: DEPLOYMENT,
  Events: list(
    "The rollout's events: what a person makes happen as the rollout unfolds. The reconciler ignores them; the rollout simulator replays them.",
    EVENT,
  ),
  OtherJobs: list(
    'Other jobs sharing the cluster. The reconciler ignores them; the rollout simulator counts their allocations on the nodes and drains, migrates, reschedules and evaluates them.',
    obj('Another job of the cluster, with the same rules as the top level.', {
      Job: JOB_SCHEMA,
      JobVersions: list('Its earlier versions.', JOB_SCHEMA),
      Allocations: list('Its allocations.', ALLOCATION),
      Deployment: DEPLOYMENT,
    }),
  ),
  Simulation: obj("The rollout simulator's settings; the reconciler ignores them.", {
    AllocStartup: duration(
      'How long a new allocation stays pending before its tasks run. Default 230ms (the median measured on a real cluster).',
    ),
  }),
});
