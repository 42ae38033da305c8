// What changed between two evaluations, as the simulator tells it: each
// happening's kind and facts for views, and its sentence for the command
// line, collected by a SimLog.

import type { Allocation, Instant } from '../engine/structs.ts';
import type { EventProblem } from './eventProblem.ts';
import type { SimState } from './state.ts';

/**
 * HappeningKind says what a happening is, as a code: views make their own
 * words from it and the happening's facts, never from its Text.
 */
export type HappeningKind =
  | 'event-ignored'
  | 'node-down'
  | 'node-disconnected'
  | 'node-reconnected'
  | 'node-ready'
  | 'node-draining'
  | 'node-ineligible'
  | 'node-eligible'
  | 'node-drained'
  | 'drain-marked'
  | 'job-registered'
  | 'job-unchanged'
  | 'job-reverted'
  | 'alloc-running'
  | 'alloc-unknown'
  | 'alloc-reconnected'
  | 'alloc-healthy'
  | 'alloc-unhealthy'
  | 'alloc-failed'
  | 'alloc-completed'
  | 'alloc-never-healthy'
  | 'replace-allowed'
  | 'deployment-created'
  | 'deployment-status'
  | 'deployment-failed'
  | 'canaries-auto-promoted'
  | 'canaries-promoted'
  | 'deployment-paused'
  | 'deployment-resumed';

/** HappeningAlloc names one allocation a happening concerns: two can share a name, never an ID. */
export interface HappeningAlloc {
  ID: string;
  Name: string;
  JobVersion: number;
}

/**
 * HappeningFacts are a happening's typed data: its kind and what it
 * concerns. Which fields are set depends on the kind: an allocation's
 * (AllocID, Name, JobVersion), a node's (NodeID, Name), the job version
 * registered (JobVersion, and FromVersion for a revert), the allocations
 * the drainer marks (Allocs), a deployment's (DeploymentID, JobVersion,
 * Status, and Detail, its status description as Nomad writes it), and an
 * ignored event's Problem.
 */
export interface HappeningFacts {
  Kind: HappeningKind;
  /** AllocID or NodeID names what it concerns, so the graph can point at it. */
  AllocID?: string;
  NodeID?: string;
  Name?: string;
  JobVersion?: number;
  FromVersion?: number;
  Allocs?: HappeningAlloc[];
  DeploymentID?: string;
  Status?: string;
  Detail?: string;
  Problem?: EventProblem;
}

/** Happening is one thing that changed between two evaluations: its time, its facts, and the simulator's sentence for it (the CLI's text). */
export interface Happening extends HappeningFacts {
  Time: Instant;
  Text: string;
}

/** allocIdentity is the facts that name one allocation unambiguously. */
export function allocIdentity(alloc: Allocation): { AllocID: string; Name: string; JobVersion: number } {
  return { AllocID: alloc.ID, Name: alloc.Name, JobVersion: alloc.Job.Version };
}

/** SimLog collects the happenings since the last evaluation. */
export class SimLog {
  readonly happenings: Happening[] = [];

  /** note records one happening at the state's current time, with its sentence and its facts. */
  note(state: SimState, text: string, facts: HappeningFacts): void {
    this.happenings.push({ Time: state.now, Text: text, ...facts });
  }

  /** take returns the happenings so far and starts a new list. */
  take(): Happening[] {
    return this.happenings.splice(0, this.happenings.length);
  }
}
