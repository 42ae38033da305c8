// Upstream: hashicorp/nomad nomad/mock/ (job.go, alloc.go, node.go) at v1.6.5.
//
// v1.6.5's mocks are dccea99f7e's with what 1.6 added around them. Of those
// additions the reconciler reads only a few: the job's node pool, the
// group's max_client_disconnect (unset in every mock), the node's pool and
// drain strategy, and an allocation's scores. So each builder here is the
// 0.12 one (test/upstream/mock.ts) with those fields set; the rest of 1.6's
// changes (the group's network instead of the task's, services, restart
// and log policies) change nothing the reconciler decides and are left out.

import { AllocClientStatusUnknown, AllocStateFieldClientStatus, JobTypeBatch } from '../../src/engine/structs.ts';
import type { AllocState, Allocation, Deployment, Instant, Job, Node } from '../../src/engine/structs.ts';
import { NodePoolDefault, newDeployment } from '../../src/engine/v1.6/structs.ts';
import * as mock012 from '../upstream/mock.ts';

export {
  copyDeploymentState,
  copyJob,
  copyTaskGroup,
  copyUpdateStrategy,
  deploymentState,
  uuid,
  web,
} from '../upstream/mock.ts';

// as16 gives a 0.12 mock job what a 1.6 job has beside it: the default node
// pool, and groups without max_client_disconnect.
function as16(job: Job): Job {
  job.NodePool = NodePoolDefault;
  for (const tg of job.TaskGroups) tg.MaxClientDisconnect = null;
  return job;
}

/** mockJob is v1.6.5's mock.Job: a service job with one group "web" of count 10, no update block, in the default node pool. */
export function mockJob(): Job {
  return as16(mock012.mockJob());
}

/** mockMaxParallelJob is v1.6.5's mock.MaxParallelJob: mockJob with the default update block at max_parallel 0. */
export function mockMaxParallelJob(): Job {
  return as16(mock012.mockMaxParallelJob());
}

/**
 * mockMultiregionJob is v1.6.5's mock.MultiregionJob: mockJob with the
 * default update block, deployed to the regions "west" then "east".
 */
export function mockMultiregionJob(): Job {
  const job = as16(mock012.mockMultiregionJob());
  job.TaskGroups[0]!.Update = mock012.defaultUpdateStrategy();
  return job;
}

/**
 * mockBatchJob is v1.6.5's mock.BatchJob: a batch job "batch-job" of one
 * group "web" of count 10, created at index 43, with no migrate strategy
 * (batch groups have none) and no constraint.
 */
export function mockBatchJob(): Job {
  const job = mockJob();
  job.ID = `mock-batch-${mock012.uuid()}`;
  job.Name = 'batch-job';
  job.Type = JobTypeBatch;
  job.CreateIndex = 43;
  job.Constraints = [];
  job.Meta = {};
  job.TaskGroups[0]!.Migrate = null;
  job.TaskGroups[0]!.Meta = {};
  return job;
}

/**
 * mockAlloc is v1.6.5's mock.Alloc: a pending allocation of group "web" of
 * a fresh mockJob, on node MOCK_ALLOC_NODE_ID, with no name and no scores.
 */
export function mockAlloc(): Allocation {
  const alloc = mock012.mockAlloc();
  alloc.Job = mockJob();
  alloc.JobID = alloc.Job.ID;
  alloc.Metrics = null;
  return alloc;
}

/** mockNode is v1.6.5's mock.Node: a ready, eligible node in dc1 and the default pool, not draining. */
export function mockNode(): Node {
  const node = mock012.mockNode();
  node.NodePool = NodePoolDefault;
  node.DrainStrategy = null;
  return node;
}

/** mockDrainNode is v1.6.5's mock.DrainNode: mockNode with a drain strategy of no deadline. */
export function mockDrainNode(): Node {
  const node = mockNode();
  node.DrainStrategy = { Deadline: 0, IgnoreSystemJobs: false };
  return node;
}

/**
 * newJobDeployment is v1.6.5's structs.NewDeployment: a running deployment
 * of the job's current version, with a fresh ID, no group states yet, and
 * the priority of the evaluation that creates it.
 */
export function newJobDeployment(job: Job, evalPriority: number): Deployment {
  return newDeployment(job, mock012.uuid(), evalPriority);
}

/**
 * groupAlloc is the allocation upstream's test loops build: a mock
 * allocation moved onto the job's group, on a node of its own, named with
 * the given index.
 */
export function groupAlloc(job: Job, tg: Job['TaskGroups'][number], index: number): Allocation {
  const alloc = mock012.groupAlloc(job, tg, index);
  alloc.Metrics = null;
  return alloc;
}

/**
 * allocation is a `&structs.Allocation{...}` literal: every field at Go's
 * zero value but the given ones. Upstream's tables build allocations this
 * way, most without a job; the model always has one, so the zero job is a
 * null written past the type, as a Go nil is.
 */
export function allocation(fields: Partial<Allocation>): Allocation {
  return {
    ID: '',
    Name: '',
    JobID: '',
    TaskGroup: '',
    NodeID: '',
    NodeName: '',
    Job: null as unknown as Job,
    DesiredStatus: '' as Allocation['DesiredStatus'],
    ClientStatus: '' as Allocation['ClientStatus'],
    DesiredTransition: { Migrate: null, Reschedule: null, ForceReschedule: null },
    DeploymentID: '',
    DeploymentStatus: null,
    RescheduleTracker: null,
    FollowupEvalID: '',
    NextAllocation: '',
    PreviousAllocation: '',
    TaskStates: null,
    AllocStates: [],
    ModifyTime: 0,
    CreateIndex: 0,
    Metrics: null,
    ...fields,
  };
}

/**
 * node is a `&structs.Node{...}` literal: every field at Go's zero value
 * (the status too, which is no status at all) but the given ones.
 */
export function node(fields: Partial<Node>): Node {
  return {
    ID: '',
    Name: '',
    Datacenter: '',
    NodeClass: '',
    Status: '' as Node['Status'],
    Drain: false,
    SchedulingEligibility: '',
    NodeResources: null,
    ReservedResources: null,
    ...fields,
  };
}

/**
 * existingAllocs is the loop most of upstream's tests start with: count
 * allocations of the job's first group (groupAlloc), the i-th named with
 * index(i).
 */
export function existingAllocs(job: Job, count: number, index: (i: number) => number = (i) => i): Allocation[] {
  return Array.from({ length: count }, (_, i) => groupAlloc(job, job.TaskGroups[0]!, index(i)));
}

/** unknownSince is the state list of an allocation marked unknown at the given time, and no other change. */
export function unknownSince(time: Instant): AllocState[] {
  return [{ Field: AllocStateFieldClientStatus, Value: AllocClientStatusUnknown, Time: time }];
}
