// The scenario writer: a Scenario back into a contract document, in
// Nomad's forms (durations in nanoseconds, instants as RFC 3339, Go's zero
// time for an unset instant). Every field is written with its value, so the
// document reads back to an equal Scenario without relying on defaults.
// Allocations that run the scheduled job write no job; those that run one of
// JobVersions write its Version; any other job is written inline.

import type {
  Allocation,
  Deployment,
  DeploymentState,
  Job,
  Node,
  NodeCapacity,
  Task,
  TaskGroup,
} from '../engine/structs.ts';
import type { OtherJob } from './otherJobs.ts';
import type { Scenario } from './read.ts';
import { formatInstant } from '../engine/time.ts';

export { formatInstant };

// given picks the optional fields of `o` that are set: the ones only a
// scenario read for Nomad 1.6 carries, written only when they are there.
function given<T extends object, K extends keyof T>(o: T, keys: readonly K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const k of keys) if (o[k] !== undefined) out[k] = o[k];
  return out;
}

/** writeScenario renders a scenario as a contract document; readScenario reads it back to an equal Scenario. */
export function writeScenario(s: Scenario): Record<string, unknown> {
  return {
    Name: s.Name,
    Description: s.Description,
    Now: formatInstant(s.Now),
    EvalID: s.EvalID,
    Job: writeJob(s.Job),
    JobVersions: s.JobVersions.map(writeJob),
    Nodes: s.Nodes.map(writeNode),
    Allocations: s.Allocations.map((a) => writeAllocation(a, s)),
    Deployment: s.Deployment === null ? null : writeDeployment(s.Deployment),
    ...(s.OtherJobs === undefined ? {} : { OtherJobs: s.OtherJobs.map((o) => writeOtherJob(o, s)) }),
    ...(s.Simulation?.AllocStartup === undefined ? {} : { Simulation: { AllocStartup: s.Simulation.AllocStartup } }),
    ...(s.NomadVersion === undefined ? {} : { NomadVersion: s.NomadVersion, EvalPriority: s.EvalPriority }),
  };
}

// writeOtherJob renders one of OtherJobs; its allocations refer to its own versions.
function writeOtherJob(o: OtherJob, s: Scenario): Record<string, unknown> {
  const own: Scenario = { ...s, Job: o.Job, JobVersions: o.JobVersions };
  return {
    Job: writeJob(o.Job),
    JobVersions: o.JobVersions.map(writeJob),
    Allocations: o.Allocations.map((a) => writeAllocation(a, own)),
    Deployment: o.Deployment === null ? null : writeDeployment(o.Deployment),
  };
}

/** writeJob renders a job with every field the reader reads; group policies are written whole, so no job-level block is needed. */
export function writeJob(job: Job): Record<string, unknown> {
  return {
    ID: job.ID,
    Name: job.Name,
    Namespace: job.Namespace,
    Type: job.Type,
    Stop: job.Stop,
    Stable: job.Stable,
    Version: job.Version,
    CreateIndex: job.CreateIndex,
    ModifyIndex: job.ModifyIndex,
    JobModifyIndex: job.JobModifyIndex,
    Priority: job.Priority,
    Region: job.Region,
    Datacenters: job.Datacenters,
    Multiregion: job.Multiregion,
    Meta: job.Meta,
    Affinities: job.Affinities,
    Spreads: job.Spreads,
    Constraints: job.Constraints,
    TaskGroups: job.TaskGroups.map(writeTaskGroup),
    ...given(job, ['NodePool']),
  };
}

function writeTaskGroup(tg: TaskGroup): Record<string, unknown> {
  return {
    Name: tg.Name,
    Count: tg.Count,
    Update: tg.Update,
    ReschedulePolicy: tg.ReschedulePolicy,
    Migrate: tg.Migrate,
    StopAfterClientDisconnect: tg.StopAfterClientDisconnect,
    EphemeralDisk: tg.EphemeralDisk,
    Networks: tg.Networks,
    Affinities: tg.Affinities,
    Spreads: tg.Spreads,
    Constraints: tg.Constraints,
    Meta: tg.Meta,
    Tasks: tg.Tasks.map(writeTask),
    ...given(tg, ['MaxClientDisconnect', 'Consul', 'Volumes', 'Services', 'RestartPolicy']),
  };
}

function writeTask(t: Task): Record<string, unknown> {
  return {
    Name: t.Name,
    Driver: t.Driver,
    User: t.User,
    Config: t.Config,
    Env: t.Env,
    Artifacts: t.Artifacts,
    Vault: t.Vault,
    Templates: t.Templates,
    Meta: t.Meta,
    Affinities: t.Affinities,
    KillTimeout: t.KillTimeout,
    Resources: t.Resources,
    ...given(t, ['CSIPluginConfig', 'VolumeMounts', 'Identity', 'LogConfig', 'RestartPolicy']),
  };
}

/** writeNode renders a node. */
export function writeNode(n: Node): Record<string, unknown> {
  return {
    ID: n.ID,
    Name: n.Name,
    Datacenter: n.Datacenter,
    NodeClass: n.NodeClass,
    Status: n.Status,
    Drain: n.Drain,
    SchedulingEligibility: n.SchedulingEligibility,
    NodeResources: writeCapacity(n.NodeResources),
    ReservedResources: writeCapacity(n.ReservedResources),
    ...given(n, ['NodePool', 'DrainStrategy']),
  };
}

// writeCapacity renders a node's resources in the API's nesting, leaving out undeclared dimensions.
function writeCapacity(c: NodeCapacity | null): Record<string, unknown> | null {
  if (c === null) return null;
  const out: Record<string, unknown> = {};
  if (c.CpuShares !== null) out.Cpu = { CpuShares: c.CpuShares };
  if (c.MemoryMB !== null) out.Memory = { MemoryMB: c.MemoryMB };
  if (c.DiskMB !== null) out.Disk = { DiskMB: c.DiskMB };
  return out;
}

/** writeAllocation renders an allocation, naming its job by version when the scenario holds that job, else inline. */
export function writeAllocation(a: Allocation, s: Scenario): Record<string, unknown> {
  const doc: Record<string, unknown> = {
    ID: a.ID,
    Name: a.Name,
    JobID: a.JobID,
    TaskGroup: a.TaskGroup,
    NodeID: a.NodeID,
    NodeName: a.NodeName,
  };
  if (a.Job !== s.Job) {
    if (s.JobVersions.includes(a.Job)) doc.JobVersion = a.Job.Version;
    else doc.Job = writeJob(a.Job);
  }
  doc.DesiredStatus = a.DesiredStatus;
  doc.ClientStatus = a.ClientStatus;
  doc.DesiredTransition = a.DesiredTransition;
  doc.DeploymentID = a.DeploymentID;
  doc.DeploymentStatus = a.DeploymentStatus;
  doc.RescheduleTracker =
    a.RescheduleTracker === null
      ? null
      : {
          // A nil list stays null, which upstream tells from [].
          Events:
            a.RescheduleTracker.Events?.map((e) => ({
              RescheduleTime: formatInstant(e.RescheduleTime),
              PrevAllocID: e.PrevAllocID,
              PrevNodeID: e.PrevNodeID,
              Delay: e.Delay,
            })) ?? null,
        };
  doc.FollowupEvalID = a.FollowupEvalID;
  doc.NextAllocation = a.NextAllocation;
  doc.PreviousAllocation = a.PreviousAllocation;
  doc.TaskStates = a.TaskStates === null ? null : writeTaskStates(a.TaskStates);
  doc.AllocStates = a.AllocStates.map((st) => ({ Field: st.Field, Value: st.Value, Time: formatInstant(st.Time) }));
  doc.ModifyTime = formatInstant(a.ModifyTime);
  doc.CreateIndex = a.CreateIndex;
  Object.assign(doc, given(a, ['Metrics']));
  return doc;
}

function writeTaskStates(states: NonNullable<Allocation['TaskStates']>): Record<string, unknown> {
  const out = Object.create(null) as Record<string, unknown>;
  for (const name of Object.keys(states)) {
    const st = states[name]!;
    out[name] = { State: st.State, Failed: st.Failed, FinishedAt: formatInstant(st.FinishedAt) };
  }
  return out;
}

/** DeploymentStateDocument is one group's state in a deployment, as Nomad's API prints it. */
export interface DeploymentStateDocument {
  AutoRevert: boolean;
  AutoPromote: boolean;
  ProgressDeadline: number;
  RequireProgressBy: string;
  Promoted: boolean;
  PlacedCanaries: string[];
  DesiredCanaries: number;
  DesiredTotal: number;
  PlacedAllocs: number;
  HealthyAllocs: number;
  UnhealthyAllocs: number;
}

/** DeploymentDocument is a deployment as Nomad's API prints it. */
export interface DeploymentDocument {
  ID: string;
  Namespace: string;
  JobID: string;
  JobVersion: number;
  JobModifyIndex: number;
  JobSpecModifyIndex: number;
  JobCreateIndex: number;
  IsMultiregion: boolean;
  Status: string;
  StatusDescription: string;
  /** EvalPriority is present under Nomad 1.6, whose deployments carry the priority of the evaluation that made them. */
  EvalPriority?: number;
  TaskGroups: Record<string, DeploymentStateDocument>;
}

/** writeDeployment renders a deployment, its group states in the Map's order. */
export function writeDeployment(d: Deployment): DeploymentDocument {
  const groups = Object.create(null) as Record<string, DeploymentStateDocument>;
  for (const [name, state] of d.TaskGroups) groups[name] = writeDeploymentState(state);
  return {
    ID: d.ID,
    Namespace: d.Namespace,
    JobID: d.JobID,
    JobVersion: d.JobVersion,
    JobModifyIndex: d.JobModifyIndex,
    JobSpecModifyIndex: d.JobSpecModifyIndex,
    JobCreateIndex: d.JobCreateIndex,
    IsMultiregion: d.IsMultiregion,
    Status: d.Status,
    StatusDescription: d.StatusDescription,
    ...given(d, ['EvalPriority']),
    TaskGroups: groups,
  };
}

/** writeDeploymentState renders one group's deployment progress. */
export function writeDeploymentState(s: DeploymentState): DeploymentStateDocument {
  return {
    AutoRevert: s.AutoRevert,
    AutoPromote: s.AutoPromote,
    ProgressDeadline: s.ProgressDeadline,
    RequireProgressBy: formatInstant(s.RequireProgressBy),
    Promoted: s.Promoted,
    PlacedCanaries: [...s.PlacedCanaries],
    DesiredCanaries: s.DesiredCanaries,
    DesiredTotal: s.DesiredTotal,
    PlacedAllocs: s.PlacedAllocs,
    HealthyAllocs: s.HealthyAllocs,
    UnhealthyAllocs: s.UnhealthyAllocs,
  };
}
