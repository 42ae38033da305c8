// What the reconciler sees of the simulated cluster for one evaluation: the
// state written out as a scenario, copied so that later evaluations cannot
// change it.

import type { Job } from '../engine/structs.ts';
import type { OtherJob } from '../scenario/otherJobs.ts';
import type { Scenario } from '../scenario/read.ts';
import { type JobState, type SimState, latestDeployment } from './state.ts';

/**
 * snapshotScenario is the scenario the reconciler sees for one evaluation
 * of `js`: the job, the versions its allocations run, the nodes, every
 * allocation of the job (terminal ones too, as AllocsByJob returns them)
 * and its latest deployment; the other jobs come as OtherJobs, for views.
 * Arrays are copied so later evaluations cannot change it.
 */
export function snapshotScenario(state: SimState, js: JobState, name: string, evalID: string): Scenario {
  const own = jobDocument(js);
  const scenario: Scenario = {
    Name: name,
    Description: '',
    Now: state.now,
    EvalID: evalID,
    Job: own.Job,
    JobVersions: own.JobVersions,
    Nodes: [...state.nodes],
    Allocations: own.Allocations,
    Deployment: own.Deployment,
  };
  if (state.jobs.length > 1) scenario.OtherJobs = state.jobs.filter((o) => o !== js).map(jobDocument);
  if (state.nomadVersion !== undefined) scenario.NomadVersion = state.nomadVersion;
  return scenario;
}

// jobDocument is a job's part of a scenario: its job, the earlier versions its allocations run, its allocations and latest deployment.
function jobDocument(js: JobState): OtherJob {
  const used = new Set<Job>();
  for (const a of js.allocs) if (a.Job !== js.job) used.add(a.Job);
  return {
    Job: js.job,
    JobVersions: js.versions.filter((v) => used.has(v)),
    Allocations: [...js.allocs],
    Deployment: latestDeployment(js),
  };
}
