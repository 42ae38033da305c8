// The rollout simulator: a scenario and a list of events in, a film out.
// The film is its evaluations in order (its Steps, as its JSON names them):
// for each, the scenario the reconciler saw, what it decided, where the plan
// put new allocations and what did not fit, and what happened in the cluster
// since the evaluation before. Between
// evaluations a simulated clock jumps to the next thing due: an allocation
// starting or turning healthy, a delayed evaluation, a deadline, a person's
// event. The same scenario and events always give the same film.

import {
  type Allocation,
  type Deployment,
  type Instant,
  type Job,
  AllocClientStatusFailed,
  AllocDesiredStatusRun,
  DeploymentStatusPaused,
  DeploymentStatusSuccessful,
  ZERO_TIME,
  isZeroTime,
  nextRescheduleTime,
  NodeStatusDisconnected,
  nodeTerminalStatus,
  requiresPromotion,
  terminalStatus,
} from '../engine/structs.ts';
import { emptyResults } from '../engine/v0.12/reconcile.ts';
import { formatInstant } from '../engine/time.ts';
import type { ReconcileTrace } from '../engine/types.ts';
import { type ResultDocument, toResultDocument } from '../result/document.ts';
import { runScenario } from '../result/run.ts';
import type { Scenario } from '../scenario/read.ts';
import { applyEvent, giveUpOnDisconnectedNodes } from './apply.ts';
import { nextGiveUpTime } from './heartbeat.ts';
import {
  type OverBudget,
  type SimBudget,
  type TimeLimit,
  SIM_BUDGET,
  allocationsOver,
  askedFor,
  eventsOver,
  timeOver,
  workOver,
} from './budget.ts';
import { DEFAULT_ALLOC_STARTUP, clientWatch, nextClientTime, runClients } from './allocRunner.ts';
import { nextDrainTime, runDrainer, startDrainWatch } from './drainer.ts';
import { DEFAULT_DRAIN_DEADLINE, EvalTriggerScenario, type SimEvent } from '../scenario/events.ts';
import type { EventProblem } from './eventProblem.ts';
import { seededUUIDs, seededUint32 } from './ids.ts';
import type { PlacementFailure } from '../result/failure.ts';
import { type PlacedAlloc, applyPlan } from './planApply.ts';
import { type Happening, SimLog } from './happenings.ts';
import {
  type JobState,
  type QueuedEval,
  type SimState,
  activeDeployment,
  jobState,
  latestDeployment,
  mainJob,
} from './state.ts';
import { account } from './stateWrites.ts';
import { later, maxOf } from './math.ts';
import { snapshotScenario } from './snapshot.ts';
import {
  checkProgressDeadlines,
  commitWatcherBatches,
  nextProgressCutoff,
  nextWatcherCommit,
  watchHealth,
} from './watcher.ts';

/** SimOptions tune a simulation. */
export interface SimOptions {
  /** maxEvaluations stops a film that has not settled after this many evaluations (default 200). */
  maxEvaluations?: number;
  /** trace asks each evaluation's reconciliation for its reasoning (default true). */
  trace?: boolean;
  /**
   * stopBeforeEvaluation stops the film when the evaluation of this index
   * (counting the scenario's own as 1) is due, before it runs: the end is
   * the cluster as it is at that moment, that evaluation still queued.
   */
  stopBeforeEvaluation?: number;
  /** budget bounds the film, checked at every evaluation (default SIM_BUDGET). */
  budget?: SimBudget;
  /** timeLimit stops a film that runs longer, checked between its steps (default: none; the page's worker has a limit of its own). */
  timeLimit?: TimeLimit;
}

/** EventNote says what became of one event: when it happened, or why it changed nothing. */
export interface EventNote {
  /** Index is the event's position in the list. */
  Index: number;
  /** Time is when it happened; null when the film ended first. */
  Time: Instant | null;
  /** Problem says why the event changed nothing, or is null. */
  Problem: EventProblem | null;
}

/** FilmEvaluation is one evaluation of the film. */
export interface FilmEvaluation {
  /** Index counts evaluations from 1 (the scenario's own). */
  Index: number;
  Time: Instant;
  /** JobID is the job evaluated: the scenario's own, or one of its OtherJobs. */
  JobID: string;
  EvalID: string;
  TriggeredBy: string;
  /** Why says what made the evaluation, in words. */
  Why: string;
  /** Happenings are the changes since the previous evaluation, events included. */
  Happenings: Happening[];
  /** Applied are the changes the plan made (a deployment created, a status written), beyond placing and stopping. */
  Applied: Happening[];
  /** Scenario is the cluster as the reconciler saw it: the evaluated job, the other jobs as OtherJobs. */
  Scenario: Scenario;
  /** Document is what the reconciler decided, as a result document. */
  Document: ResultDocument;
  /** Trace is the reconciler's reasoning, when the options asked for it. */
  Trace: ReconcileTrace | null;
  /** Placed lists where the plan put new allocations. */
  Placed: PlacedAlloc[];
  /** Failures lists the groups whose allocations did not fit anywhere. */
  Failures: PlacementFailure[];
}

/** FilmEnd says why the film stopped. */
export interface FilmEnd {
  /**
   * Status: settled (nothing more will happen by itself), waiting (on a
   * person, or on room for allocations), limit (maxEvaluations reached), or
   * over-budget (the next evaluation would pass a budget: OverBudget says
   * which; the evaluations before it are the film).
   */
  Status: 'settled' | 'waiting' | 'limit' | 'over-budget';
  /** Time is the clock when it stopped. */
  Time: Instant;
  /** Reason says so in words. */
  Reason: string;
  /** Happenings are the changes after the last evaluation. */
  Happenings: Happening[];
  /** Deployment is the job's latest deployment at the end, or null. */
  Deployment: Deployment | null;
  /** OverBudget is the budget the film stopped on, when its Status is over-budget; null otherwise. */
  OverBudget: OverBudget | null;
  /** Stranded is a failed allocation that a follow-up evaluation would reschedule, but that no queued evaluation reaches; null when none. */
  Stranded: StrandedAlloc | null;
  /** Scenario is the cluster at the end, for a person to continue from. */
  Scenario: Scenario;
  /**
   * Document is what an evaluation at the end would decide (all ignore once
   * settled); Trace its reasoning. Over a budget, it is the refused
   * evaluation's: nothing decided, no reasoning.
   */
  Document: ResultDocument;
  Trace: ReconcileTrace | null;
}

/** StrandedAlloc is a failed allocation waiting for an evaluation that nothing will make: which, and from when it may be rescheduled. */
export interface StrandedAlloc {
  JobID: string;
  AllocID: string;
  Name: string;
  /** RescheduleTime is when its policy lets it be rescheduled. */
  RescheduleTime: Instant;
}

/** Film is a whole simulated rollout. */
export interface Film {
  Steps: FilmEvaluation[];
  End: FilmEnd;
  /** Events says, per event of the list, when it happened or why it did nothing. */
  Events: EventNote[];
}

const DEFAULT_MAX_EVALUATIONS = 200;
// The end's look is an evaluation that the film never ran: its ID and its generator's seed are its own.
const END_EVAL_ID = 'end';
const END_SEED = 0xe4d;
// The node shuffles of placement draw from a generator of their own, so that they never move an ID.
const SHUFFLE_SEED = 0x5b0f;

/**
 * simulate runs the scenario's evaluation and every evaluation that follows
 * from it and from the events, until nothing more is due (or maxEvaluations).
 * Events happen `Delay` after evaluation `After`; events with
 * no delay happen before anything else after that evaluation.
 */
export function simulate(scenario: Scenario, events: readonly SimEvent[], options: SimOptions = {}): Film {
  const maxEvaluations = options.maxEvaluations ?? DEFAULT_MAX_EVALUATIONS;
  const budget = options.budget ?? SIM_BUDGET;
  const started = options.timeLimit?.clock() ?? 0;
  const state = initialState(scenario);
  const log = new SimLog();
  const evaluations: FilmEvaluation[] = [];
  const notes: EventNote[] = events.map((_, i) => ({ Index: i, Time: null, Problem: null }));
  // Events with a delay wait here, with the time they fall due.
  const timed: { at: Instant; index: number }[] = [];
  // work is the allocations the evaluations so far have handled, summed (SimBudget.work).
  let work = 0;
  let over = eventsOver(events.length, budget);

  const fire = (index: number) => {
    notes[index]!.Time = state.now;
    const problem = applyEvent(state, events[index]!, log);
    notes[index]!.Problem = problem;
    if (problem !== null)
      log.note(state, `event ignored: ${problem.message}`, { Kind: 'event-ignored', Problem: problem });
  };

  state.evals.push({
    ID: scenario.EvalID,
    JobID: scenario.Job.ID,
    TriggeredBy: EvalTriggerScenario,
    WaitUntil: ZERO_TIME,
    Status: 'pending',
    Why: 'the scenario’s own evaluation',
  });

  let stopped = false;
  while (over === null && evaluations.length < maxEvaluations) {
    over = timeOver(options.timeLimit, started);
    if (over !== null) break;
    const due = findDueEval(state);
    stopped = options.stopBeforeEvaluation === evaluations.length + 1 && due !== null;
    if (stopped) break;
    if (due !== null) {
      const index = evaluations.length + 1;
      const size = clusterSize(state);
      over =
        allocationsOver(size.live, size.asked, budget, `Evaluation ${index}`) ??
        workOver(work, size.all + size.asked, index, budget);
      if (over !== null) break;
      work += size.all + size.asked;
      state.evals.splice(state.evals.indexOf(due), 1);
      evaluations.push(runEvaluation(state, due, index, log, scenario.Name, options.trace ?? true));
      events.forEach((e, i) => {
        if (e.After !== index) return;
        if ((e.Delay ?? 0) === 0) fire(i);
        else timed.push({ at: later(state.now, e.Delay!), index: i });
      });
      settle(state, log);
      continue;
    }
    const next = nextTime(state, timed);
    if (next === null) break;
    state.now = Math.max(state.now, next);
    for (const t of timed) if (t.at <= state.now) fire(t.index);
    for (let i = timed.length - 1; i >= 0; i--) if (timed[i]!.at <= state.now) timed.splice(i, 1);
    checkProgressDeadlines(state, log);
    settle(state, log);
  }

  const end = snapshotScenario(state, mainJob(state), scenario.Name, END_EVAL_ID);
  const base = {
    Time: state.now,
    Happenings: log.take(),
    Deployment: latestDeployment(mainJob(state)),
    Scenario: end,
  };
  if (over !== null) {
    // The look at the end would be the very work the budget refuses: the refused evaluation decides nothing.
    return {
      Steps: evaluations,
      End: {
        ...base,
        Status: 'over-budget',
        // A reason is a clause, as the other endings' are: the message without its full stop.
        Reason: over.Message.replace(/\.$/, ''),
        OverBudget: over,
        Stranded: null,
        Document: toResultDocument(emptyResults()),
        Trace: null,
      },
      Events: notes,
    };
  }
  const more = findDueEval(state) !== null || nextTime(state, timed) !== null;
  // A look at the end costs nothing to the film: its IDs come from a generator of its own.
  const look = runScenario(end, { trace: options.trace ?? true, generateID: seededUUIDs(END_SEED) });
  const stranded = more ? null : strandedAlloc(state);
  return {
    Steps: evaluations,
    End: {
      ...(stopped
        ? { Status: 'limit' as const, Reason: `the film stopped before evaluation ${evaluations.length + 1}, as asked` }
        : ending(state, evaluations.length >= maxEvaluations && more, stranded)),
      ...base,
      OverBudget: null,
      Stranded: stranded,
      Document: look.document,
      Trace: look.results.trace,
    },
    Events: notes,
  };
}

// clusterSize is what an evaluation handles: the allocations of every job (all, and the live ones), and those every job asks for.
function clusterSize(state: SimState): { all: number; live: number; asked: number } {
  let all = 0;
  let live = 0;
  let asked = 0;
  for (const js of state.jobs) {
    all += js.allocs.length;
    for (const a of js.allocs) if (!terminalStatus(a)) live++;
    asked += askedFor(js.job);
  }
  return { all, live, asked };
}

// initialState is the cluster the scenario describes, its other jobs
// included, with the clients watching the allocations that are still
// starting or have no health yet.
function initialState(scenario: Scenario): SimState {
  const own = jobStateOf(scenario.Job, scenario.JobVersions, scenario.Allocations, scenario.Deployment);
  const others = (scenario.OtherJobs ?? []).map((o) => jobStateOf(o.Job, o.JobVersions, o.Allocations, o.Deployment));
  const jobs = [own, ...others];
  const random = seededUint32(SHUFFLE_SEED);
  const state: SimState = {
    now: scenario.Now,
    index: 0,
    jobs,
    nodes: [...scenario.Nodes],
    used: new Map(),
    allocPlace: new Map(),
    evals: [],
    client: new Map(),
    clientDue: { at: null, dirty: false },
    drains: new Map(),
    drainer: { seen: 0, wake: false, batch: null },
    allocStartup: scenario.Simulation?.AllocStartup ?? DEFAULT_ALLOC_STARTUP,
    nextID: freshIDs(jobs),
    shuffle: (n) => Math.floor((random() / 0x100000000) * n),
  };
  if (scenario.NomadVersion !== undefined) state.nomadVersion = scenario.NomadVersion;
  for (const js of jobs) {
    state.index = maxOf(
      js.versions.map((v) => v.ModifyIndex),
      state.index,
    );
    state.index = maxOf(
      js.allocs.map((a) => a.CreateIndex),
      state.index,
    );
    js.allocs.forEach((a, pos) => {
      state.allocPlace.set(a.ID, { js, pos });
      account(state, js, a, 1);
    });
  }
  // A down or disconnected client reports nothing.
  const up = new Set(
    scenario.Nodes.filter((n) => !nodeTerminalStatus(n) && n.Status !== NodeStatusDisconnected).map((n) => n.ID),
  );
  for (const js of jobs) {
    for (const a of js.allocs) if (!terminalStatus(a) && up.has(a.NodeID)) clientWatch(state, a);
  }
  for (const n of scenario.Nodes) if (n.Drain) state.drains.set(n.ID, later(state.now, DEFAULT_DRAIN_DEADLINE));
  if (state.drains.size > 0) startDrainWatch(state);
  return state;
}

// freshIDs makes the film's IDs from its seeded generator, passing over
// those the cluster already has: a scenario that an earlier film ended on
// (a cluster made for a job, say) holds IDs from the same sequence.
function freshIDs(jobs: readonly JobState[]): () => string {
  const taken = new Set<string>();
  for (const js of jobs) {
    for (const a of js.allocs) taken.add(a.ID);
    for (const d of js.deployments) taken.add(d.ID);
  }
  const next = seededUUIDs();
  return () => {
    let id = next();
    while (taken.has(id)) id = next();
    return id;
  };
}

// jobStateOf is one job's part of the cluster as a document gives it.
function jobStateOf(
  job: Job,
  earlier: readonly Job[],
  allocs: readonly Allocation[],
  deployment: Deployment | null,
): JobState {
  const versions = [...earlier, job].sort((a, b) => a.Version - b.Version);
  const stable = new Set(versions.filter((v) => v.Stable).map((v) => v.Version));
  if (deployment?.Status === DeploymentStatusSuccessful) stable.add(deployment.JobVersion);
  return {
    job,
    versions,
    stable,
    allocs: [...allocs],
    deployments: deployment === null ? [] : [deployment],
    watcherBatch: null,
    writes: 0,
    groupsOnNode: new Map(),
    healthyLive: new Map(),
  };
}

// findDueEval is the first queued evaluation that may run now: pending, and not delayed past the clock.
function findDueEval(state: SimState): QueuedEval | null {
  return (
    state.evals.find((e) => e.Status === 'pending' && (isZeroTime(e.WaitUntil) || e.WaitUntil <= state.now)) ?? null
  );
}

// runEvaluation reconciles the evaluation's job and applies the plan.
function runEvaluation(
  state: SimState,
  evaluation: QueuedEval,
  index: number,
  log: SimLog,
  name: string,
  trace: boolean,
): FilmEvaluation {
  const js = jobState(state, evaluation.JobID)!;
  const scenario = snapshotScenario(state, js, name, evaluation.ID);
  const run = runScenario(scenario, { trace, generateID: state.nextID });
  const happenings = log.take();
  const outcome = applyPlan(state, js, evaluation, run.results, log);
  const applied = log.take();
  return {
    Index: index,
    Time: state.now,
    JobID: evaluation.JobID,
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

// settle lets the clients, the deployment watchers and the drainer catch up with the clock.
function settle(state: SimState, log: SimLog): void {
  const reports = runClients(state, log);
  if (reports.length > 0) watchHealth(state, reports, log);
  commitWatcherBatches(state, log);
  runDrainer(state, log);
  giveUpOnDisconnectedNodes(state, log);
}

// nextTime is when something is next due: a client change, a watcher's or
// the drainer's batch, a delayed evaluation, a progress deadline, a drain
// deadline or a delayed event.
function nextTime(state: SimState, timed: readonly { at: Instant }[]): Instant | null {
  const candidates: (Instant | null)[] = [
    nextClientTime(state),
    nextWatcherCommit(state),
    nextProgressCutoff(state),
    nextDrainTime(state),
    nextGiveUpTime(state),
  ];
  for (const e of state.evals) if (e.Status === 'pending' && !isZeroTime(e.WaitUntil)) candidates.push(e.WaitUntil);
  for (const t of timed) candidates.push(t.at);
  let next: Instant | null = null;
  for (const c of candidates) if (c !== null && (next === null || c < next)) next = c;
  return next;
}

// strandedAlloc is the first failed allocation, of any job, that its
// policy lets be rescheduled but that nothing replaces: the evaluation that
// would (a follow-up at its reschedule time) is not queued, because it was
// refused while the allocation's deployment was running, or not created by
// a delayed evaluation (as upstream's scheduler drops them).
function strandedAlloc(state: SimState): StrandedAlloc | null {
  for (const js of state.jobs) {
    for (const a of js.allocs) {
      if (
        a.ClientStatus !== AllocClientStatusFailed ||
        a.DesiredStatus !== AllocDesiredStatusRun ||
        a.NextAllocation !== ''
      )
        continue;
      const next = nextRescheduleTime(a);
      if (next.eligible) return { JobID: js.job.ID, AllocID: a.ID, Name: a.Name, RescheduleTime: next.time };
    }
  }
  return null;
}

// ending says why the film stopped: on a limit, waiting for something a person must do (or for room), or settled.
function ending(
  state: SimState,
  limited: boolean,
  stranded: StrandedAlloc | null,
): { Status: FilmEnd['Status']; Reason: string } {
  if (limited) return { Status: 'limit', Reason: 'the film stopped after its maximum number of evaluations' };
  const blocked = state.evals.some((e) => e.Status === 'blocked');
  if (blocked)
    return {
      Status: 'waiting',
      Reason: 'allocations that did not fit wait for room: a node that comes back, becomes eligible or frees resources',
    };
  const deployment = activeDeployment(mainJob(state));
  if (deployment !== null) {
    if (deployment.Status === DeploymentStatusPaused)
      return { Status: 'waiting', Reason: 'the deployment is paused: resume it to go on' };
    if (requiresPromotion(deployment))
      return { Status: 'waiting', Reason: 'the canaries wait for promotion: promote the deployment to go on' };
    return {
      Status: 'waiting',
      Reason: `the deployment is ${deployment.Status} but nothing more will happen by itself`,
    };
  }
  if (stranded !== null) {
    const when =
      stranded.RescheduleTime > state.now
        ? `from ${formatInstant(stranded.RescheduleTime)}`
        : `since ${formatInstant(stranded.RescheduleTime)}`;
    return {
      Status: 'waiting',
      Reason: `${stranded.Name} failed and may be rescheduled ${when}, but no evaluation of job ${JSON.stringify(stranded.JobID)} is due: as on a real cluster, it waits for the next one (a job run, a node event)`,
    };
  }
  return { Status: 'settled', Reason: 'nothing more will happen until something changes' };
}
