// The events a person adds to a rollout: what happens to the cluster, an
// allocation, the job or its deployment, and when. Events are data, in the
// contract's PascalCase style, so that a share link can carry the list and
// replay the rollout exactly.

import type { Duration } from '../engine/structs.ts';

/** NodeEventKind is something that happens to a client node. */
export type NodeEventKind = 'node-down' | 'node-up' | 'node-drain' | 'node-ineligible' | 'node-eligible';

/** AllocEventKind is something the client reports of an allocation. */
export type AllocEventKind = 'alloc-fail' | 'alloc-unhealthy' | 'alloc-complete';

/** DeploymentEventKind is an operator's command on the job's latest deployment. */
export type DeploymentEventKind = 'deployment-promote' | 'deployment-fail' | 'deployment-pause' | 'deployment-resume';

/** EventTiming says when an event happens: `Delay` after the evaluation of step `After` (1 is the scenario's own evaluation). */
export interface EventTiming {
  After: number;
  /** Delay is how long after that step's evaluation; 0 (the default) applies it before anything else happens. */
  Delay?: Duration;
}

/** NodeEvent changes a node. A drain marks allocations for migration; at its Deadline (default 1h) everything left is marked. */
export type NodeEvent = EventTiming &
  (
    | { Kind: Exclude<NodeEventKind, 'node-drain'>; NodeID: string }
    | { Kind: 'node-drain'; NodeID: string; Deadline?: Duration }
  );

/**
 * AllocEvent is a client report: the allocation's tasks fail, its health
 * checks never pass (it turns unhealthy at its healthy deadline), or its
 * tasks finish successfully (a batch job's work is done).
 */
export interface AllocEvent extends EventTiming {
  Kind: AllocEventKind;
  AllocID: string;
}

/** DeploymentEvent promotes, fails, pauses or resumes the latest deployment. */
export interface DeploymentEvent extends EventTiming {
  Kind: DeploymentEventKind;
}

/** JobEvent registers a new job version: scaled, stopped, started again, or replaced by an edited job (API JSON). */
export type JobEvent = EventTiming &
  (
    | { Kind: 'job-scale'; TaskGroup: string; Count: number }
    | { Kind: 'job-stop' | 'job-start' }
    | { Kind: 'job-update'; Job: Record<string, unknown> }
  );

/** SimEvent is anything a person can make happen during a rollout. */
export type SimEvent = NodeEvent | AllocEvent | DeploymentEvent | JobEvent;

/** EVENT_KINDS lists every event kind, for readers and menus. */
export const EVENT_KINDS = [
  'node-down',
  'node-up',
  'node-drain',
  'node-ineligible',
  'node-eligible',
  'alloc-fail',
  'alloc-unhealthy',
  'alloc-complete',
  'deployment-promote',
  'deployment-fail',
  'deployment-pause',
  'deployment-resume',
  'job-scale',
  'job-stop',
  'job-start',
  'job-update',
] as const satisfies readonly SimEvent['Kind'][];

/**
 * EVENTS_KEY is the scenario document's optional top-level field that
 * holds a rollout's events. The reconciler ignores it (the contract
 * accepts fields it does not read), so a document with events is still a
 * scenario, and a shared link or a saved draft carries its rollout.
 */
export const EVENTS_KEY = 'Events';

/** EvalTriggerScenario is the TriggeredBy of a film's first step: the evaluation the scenario itself describes. */
export const EvalTriggerScenario = 'scenario';

/** DEFAULT_DRAIN_DEADLINE is `nomad node drain`'s default deadline. */
export const DEFAULT_DRAIN_DEADLINE: Duration = 60 * 60 * 1e9;
