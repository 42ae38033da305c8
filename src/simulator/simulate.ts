// The rollout simulator: a scenario and a list of events in, a film out.
// Each step of the film is one evaluation: the scenario the reconciler saw,
// what it decided, where the plan put new allocations and what did not fit,
// and what happened in the cluster since the step before. Between
// evaluations a simulated clock jumps to the next thing due: an allocation
// starting or turning healthy, a delayed evaluation, a deadline, a person's
// event. The same scenario and events always give the same film.

import {
  type Deployment,
  type Instant,
  DeploymentStatusPaused,
  DeploymentStatusSuccessful,
  ZERO_TIME,
  isZeroTime,
  nodeTerminalStatus,
  requiresPromotion,
  terminalStatus,
} from '../engine/structs.ts';
import type { ReconcileTrace } from '../engine/types.ts';
import type { ResultDocument } from '../result/document.ts';
import { runScenario } from '../result/run.ts';
import type { Scenario } from '../scenario/read.ts';
import { applyEvent } from './apply.ts';
import { clientWatch, nextClientTime, runClients } from './client.ts';
import { nextDrainDeadline, runDrainer } from './drainer.ts';
import { DEFAULT_DRAIN_DEADLINE, EvalTriggerScenario, type SimEvent } from '../scenario/events.ts';
import { seededUUIDs } from './ids.ts';
import type { PlacementFailure } from './placement.ts';
import { type Placed, applyPlan } from './planApply.ts';
import {
  type Happening,
  type QueuedEval,
  SimLog,
  type SimState,
  activeDeployment,
  latestDeployment,
  snapshotScenario,
} from './state.ts';
import { checkProgressDeadline, progressCutoff, watchHealth } from './watcher.ts';

/** SimOptions tune a simulation. */
export interface SimOptions {
  /** maxSteps stops a film that has not settled after this many evaluations (default 200). */
  maxSteps?: number;
  /** trace asks each step's reconciliation for its reasoning (default true). */
  trace?: boolean;
}

/** EventNote says what became of one event: when it happened, or why it changed nothing. */
export interface EventNote {
  /** Index is the event's position in the list. */
  Index: number;
  /** Time is when it happened; null when the film ended first. */
  Time: Instant | null;
  /** Problem says why the event changed nothing, or is null. */
  Problem: string | null;
}

/** SimStep is one evaluation of the film. */
export interface SimStep {
  /** Index counts steps from 1 (the scenario's own evaluation). */
  Index: number;
  Time: Instant;
  EvalID: string;
  TriggeredBy: string;
  /** Why says what made the evaluation, in words. */
  Why: string;
  /** Happenings are the changes since the previous step, events included. */
  Happenings: Happening[];
  /** Applied are the changes the plan made (a deployment created, a status written), beyond placing and stopping. */
  Applied: Happening[];
  /** Scenario is the cluster as the reconciler saw it. */
  Scenario: Scenario;
  /** Document is what the reconciler decided, as a result document. */
  Document: ResultDocument;
  /** Trace is the reconciler's reasoning, when the options asked for it. */
  Trace: ReconcileTrace | null;
  /** Placed lists where the plan put new allocations. */
  Placed: Placed[];
  /** Failures lists the groups whose allocations did not fit anywhere. */
  Failures: PlacementFailure[];
}

/** FilmEnd says why the film stopped. */
export interface FilmEnd {
  /** Status: settled (nothing more will happen by itself), waiting (on a person, or on room for allocations), or limit (maxSteps reached). */
  Status: 'settled' | 'waiting' | 'limit';
  /** Time is the clock when it stopped. */
  Time: Instant;
  /** Reason says so in words. */
  Reason: string;
  /** Happenings are the changes after the last step. */
  Happenings: Happening[];
  /** Deployment is the job's latest deployment at the end, or null. */
  Deployment: Deployment | null;
  /** Scenario is the cluster at the end, for a person to continue from. */
  Scenario: Scenario;
  /** Document is what an evaluation at the end would decide (all ignore once settled); Trace its reasoning. */
  Document: ResultDocument;
  Trace: ReconcileTrace | null;
}

/** Film is a whole simulated rollout. */
export interface Film {
  Steps: SimStep[];
  End: FilmEnd;
  /** Events says, per event of the list, when it happened or why it did nothing. */
  Events: EventNote[];
}

const DEFAULT_MAX_STEPS = 200;
// The end's look is an evaluation that no step ran: its ID and its generator's seed are its own.
const END_EVAL_ID = 'end';
const END_SEED = 0xe4d;

/**
 * simulate runs the scenario's evaluation and every evaluation that follows
 * from it and from the events, until nothing more is due (or maxSteps).
 * Events happen `Delay` after the evaluation of step `After`; events with
 * no delay happen before anything else after that step.
 */
export function simulate(scenario: Scenario, events: readonly SimEvent[], options: SimOptions = {}): Film {
  const maxSteps = options.maxSteps ?? DEFAULT_MAX_STEPS;
  const state = initialState(scenario);
  const log = new SimLog();
  const steps: SimStep[] = [];
  const notes: EventNote[] = events.map((_, i) => ({ Index: i, Time: null, Problem: null }));
  // Events with a delay wait here, with the time they fall due.
  const timed: { at: Instant; index: number }[] = [];

  const fire = (index: number) => {
    notes[index]!.Time = state.now;
    notes[index]!.Problem = applyEvent(state, events[index]!, log);
    if (notes[index]!.Problem !== null) log.note(state, `event ignored: ${notes[index]!.Problem}`);
  };

  state.evals.push({ ID: scenario.EvalID, TriggeredBy: EvalTriggerScenario, WaitUntil: ZERO_TIME, Status: 'pending', Why: 'the scenario’s own evaluation' });

  while (steps.length < maxSteps) {
    const due = takeDueEval(state);
    if (due !== null) {
      steps.push(runStep(state, due, steps.length + 1, log, scenario.Name, options.trace ?? true));
      const index = steps.length;
      events.forEach((e, i) => {
        if (e.After !== index) return;
        if ((e.Delay ?? 0) === 0) fire(i);
        else timed.push({ at: state.now + e.Delay!, index: i });
      });
      settle(state, log);
      continue;
    }
    const next = nextTime(state, timed);
    if (next === null) break;
    state.now = Math.max(state.now, next);
    for (const t of timed) if (t.at <= state.now) fire(t.index);
    timed.splice(0, timed.length, ...timed.filter((t) => t.at > state.now));
    checkProgressDeadline(state, log);
    settle(state, log);
  }

  const more = findDueEval(state) !== null || nextTime(state, timed) !== null;
  const end = snapshotScenario(state, scenario.Name, END_EVAL_ID);
  // A look at the end costs nothing to the film: its IDs come from a generator of its own.
  const look = runScenario(end, { trace: options.trace ?? true, generateID: seededUUIDs(END_SEED) });
  return {
    Steps: steps,
    End: {
      ...ending(state, steps.length >= maxSteps && more),
      Time: state.now,
      Happenings: log.take(),
      Deployment: latestDeployment(state),
      Scenario: end,
      Document: look.document,
      Trace: look.results.trace,
    },
    Events: notes,
  };
}

// initialState is the cluster the scenario describes, with its clients
// watching the allocations that are still starting or have no health yet.
function initialState(scenario: Scenario): SimState {
  const versions = [...scenario.JobVersions, scenario.Job].sort((a, b) => a.Version - b.Version);
  const stable = new Set(versions.filter((v) => v.Stable).map((v) => v.Version));
  if (scenario.Deployment?.Status === DeploymentStatusSuccessful) stable.add(scenario.Deployment.JobVersion);
  const state: SimState = {
    now: scenario.Now,
    index: Math.max(0, ...versions.map((v) => v.ModifyIndex), ...scenario.Allocations.map((a) => a.CreateIndex)),
    job: scenario.Job,
    versions,
    stable,
    nodes: [...scenario.Nodes],
    allocs: [...scenario.Allocations],
    allocPos: new Map(scenario.Allocations.map((a, i) => [a.ID, i])),
    deployments: scenario.Deployment === null ? [] : [scenario.Deployment],
    evals: [],
    client: new Map(),
    drains: new Map(),
    nextID: seededUUIDs(),
  };
  const up = new Set(scenario.Nodes.filter((n) => !nodeTerminalStatus(n)).map((n) => n.ID));
  for (const a of scenario.Allocations) {
    if (!terminalStatus(a) && up.has(a.NodeID)) clientWatch(state, a);
  }
  for (const n of scenario.Nodes) if (n.Drain) state.drains.set(n.ID, state.now + DEFAULT_DRAIN_DEADLINE);
  return state;
}

// findDueEval is the first queued evaluation that may run now: pending, and not delayed past the clock.
function findDueEval(state: SimState): QueuedEval | null {
  return state.evals.find((e) => e.Status === 'pending' && (isZeroTime(e.WaitUntil) || e.WaitUntil <= state.now)) ?? null;
}

// takeDueEval removes and returns the evaluation to run next, as the broker dequeues it.
function takeDueEval(state: SimState): QueuedEval | null {
  const due = findDueEval(state);
  if (due !== null) state.evals.splice(state.evals.indexOf(due), 1);
  return due;
}

// runStep reconciles the cluster for one evaluation and applies the plan.
function runStep(state: SimState, evaluation: QueuedEval, index: number, log: SimLog, name: string, trace: boolean): SimStep {
  const scenario = snapshotScenario(state, name, evaluation.ID);
  const run = runScenario(scenario, { trace, generateID: state.nextID });
  const happenings = log.take();
  const outcome = applyPlan(state, evaluation, run.results, log);
  const applied = log.take();
  return {
    Index: index,
    Time: state.now,
    EvalID: evaluation.ID,
    TriggeredBy: evaluation.TriggeredBy,
    Why: evaluation.Why,
    Happenings: happenings,
    Applied: applied,
    Scenario: scenario,
    Document: run.document,
    Trace: run.results.trace,
    Placed: outcome.placed,
    Failures: outcome.failures,
  };
}

// settle lets the clients, the deployment watcher and the drainer catch up with the clock.
function settle(state: SimState, log: SimLog): void {
  const reports = runClients(state, log);
  if (reports.length > 0) watchHealth(state, reports, log);
  runDrainer(state, log);
}

// nextTime is when something is next due: a client change, a delayed
// evaluation, the progress deadline, a drain deadline or a delayed event.
function nextTime(state: SimState, timed: readonly { at: Instant }[]): Instant | null {
  const candidates: (Instant | null)[] = [nextClientTime(state), progressCutoff(state), nextDrainDeadline(state)];
  for (const e of state.evals) if (e.Status === 'pending' && !isZeroTime(e.WaitUntil)) candidates.push(e.WaitUntil);
  for (const t of timed) candidates.push(t.at);
  let next: Instant | null = null;
  for (const c of candidates) if (c !== null && (next === null || c < next)) next = c;
  return next;
}

// ending says why the film stopped: on a limit, waiting for something a person must do (or for room), or settled.
function ending(state: SimState, limited: boolean): { Status: FilmEnd['Status']; Reason: string } {
  if (limited) return { Status: 'limit', Reason: 'the film stopped after its maximum number of evaluations' };
  const blocked = state.evals.some((e) => e.Status === 'blocked');
  if (blocked) return { Status: 'waiting', Reason: 'allocations that did not fit wait for room: a node that comes back, becomes eligible or frees resources' };
  const deployment = activeDeployment(state);
  if (deployment !== null) {
    if (deployment.Status === DeploymentStatusPaused) return { Status: 'waiting', Reason: 'the deployment is paused: resume it to go on' };
    if (requiresPromotion(deployment)) return { Status: 'waiting', Reason: 'the canaries wait for promotion: promote the deployment to go on' };
    return { Status: 'waiting', Reason: `the deployment is ${deployment.Status} but nothing more will happen by itself` };
  }
  return { Status: 'settled', Reason: 'nothing more will happen until something changes' };
}
