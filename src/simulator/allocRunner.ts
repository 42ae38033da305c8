// The simulated Nomad clients' allocation runners (client/allocrunner at
// dccea99f7e): they start new allocations, report their health the way the
// client's health watcher does (health_hook.go), stop what the servers
// stop, and report the failures and completions a person makes happen.
//
// Timing, fixed so that rollouts replay exactly: a new allocation is pending
// for the scenario's Simulation.AllocStartup (DEFAULT_ALLOC_STARTUP when it
// sets none), then running; it turns healthy after the group's
// min_healthy_time (the update block's inside a deployment, the migrate
// block's outside one) unless the person said its checks never pass, in
// which case its healthy deadline makes it unhealthy.

import {
  type Allocation,
  type Instant,
  AllocClientStatusComplete,
  AllocClientStatusFailed,
  AllocClientStatusRunning,
  AllocClientStatusPending,
  JobTypeService,
  MINUTE,
  SECOND,
  ZERO_TIME,
  clientTerminalStatus,
  isZeroTime,
  lookupTaskGroup,
  updateStrategyIsEmpty,
} from '../engine/structs.ts';
import { allocIdentity, type SimLog } from './happenings.ts';
import type { ClientAlloc, SimState } from './state.ts';
import { later } from './math.ts';
import { replaceAlloc } from './stateWrites.ts';

/**
 * DEFAULT_ALLOC_STARTUP is how long a new allocation stays pending before
 * its tasks run, unless the scenario says otherwise: the median of 63
 * allocations started by raw_exec clients of a Nomad agent built from
 * dccea99f7e (they took 0.04 s to 0.72 s).
 */
export const DEFAULT_ALLOC_STARTUP = 230 * (SECOND / 1000);

// Nomad's default migrate block, for groups that have none.
const DEFAULT_MIGRATE_MIN_HEALTHY = 10 * SECOND;
const DEFAULT_MIGRATE_HEALTHY_DEADLINE = 5 * MINUTE;

/**
 * healthParams is how the client judges an allocation's health, or null
 * when it does not (batch jobs, groups whose update block is empty or
 * `health_check = "manual"` inside a deployment), as getHealthParams decides.
 */
export function healthParams(alloc: Allocation): { minHealthy: number; deadline: number } | null {
  if (alloc.Job.Type !== JobTypeService) return null;
  const tg = lookupTaskGroup(alloc.Job, alloc.TaskGroup);
  if (tg === undefined) return null;
  if (alloc.DeploymentID !== '') {
    if (updateStrategyIsEmpty(tg.Update) || tg.Update!.HealthCheck === 'manual') return null;
    return { minHealthy: tg.Update!.MinHealthyTime, deadline: tg.Update!.HealthyDeadline };
  }
  return {
    minHealthy: tg.Migrate?.MinHealthyTime ?? DEFAULT_MIGRATE_MIN_HEALTHY,
    deadline: tg.Migrate?.HealthyDeadline ?? DEFAULT_MIGRATE_HEALTHY_DEADLINE,
  };
}

/** clientWatch (re)starts the client's watch of an allocation: when it runs, and when its health is decided. */
export function clientWatch(state: SimState, alloc: Allocation): void {
  const runningAt = alloc.ClientStatus === AllocClientStatusPending ? later(state.now, state.allocStartup) : ZERO_TIME;
  const params = alloc.DeploymentStatus?.Healthy == null ? healthParams(alloc) : null;
  const start = isZeroTime(runningAt) ? state.now : runningAt;
  const neverHealthy = state.client.get(alloc.ID)?.neverHealthy ?? false;
  const watch: ClientAlloc = {
    runningAt,
    healthyAt: params === null ? ZERO_TIME : later(start, params.minHealthy),
    deadlineAt: params === null ? ZERO_TIME : later(state.now, params.deadline),
    neverHealthy,
  };
  const replaced = state.client.has(alloc.ID);
  state.client.set(alloc.ID, watch);
  if (replaced) state.clientDue.dirty = true;
  else {
    const t = earliest(watch);
    if (t !== null && (state.clientDue.at === null || t < state.clientDue.at)) state.clientDue.at = t;
  }
}

/** clientForget stops watching an allocation: it was stopped, or its node went down. */
export function clientForget(state: SimState, allocID: string): void {
  if (state.client.delete(allocID)) state.clientDue.dirty = true;
}

// earliest is when the client will next change an allocation, or null.
function earliest(c: ClientAlloc): Instant | null {
  if (!isZeroTime(c.runningAt)) return c.runningAt;
  const healthy = !isZeroTime(c.healthyAt) && !c.neverHealthy ? c.healthyAt : null;
  const deadline = !isZeroTime(c.deadlineAt) ? c.deadlineAt : null;
  if (healthy === null) return deadline;
  return deadline === null || healthy < deadline ? healthy : deadline;
}

/** nextClientTime is the earliest time a client will change an allocation, or null. */
export function nextClientTime(state: SimState): Instant | null {
  if (state.clientDue.dirty) {
    let next: Instant | null = null;
    for (const c of state.client.values()) {
      const t = earliest(c);
      if (t !== null && (next === null || t < next)) next = t;
    }
    state.clientDue.at = next;
    state.clientDue.dirty = false;
  }
  return state.clientDue.at;
}

/** HealthReport is an allocation whose health the client just decided. */
export interface HealthReport {
  alloc: Allocation;
  existing: Allocation;
}

/**
 * runClients makes every client change that is due by the state's time:
 * pending allocations start running, and health is decided. It returns
 * the health reports, for the deployment watcher to act on.
 */
export function runClients(state: SimState, log: SimLog): HealthReport[] {
  const reports: HealthReport[] = [];
  const next = nextClientTime(state);
  if (next === null || next > state.now) return reports;
  state.clientDue.dirty = true;
  // Only allocations with something due, job by job, in the order they were created.
  const jobOrder = new Map(state.jobs.map((js, i) => [js, i]));
  const due = [...state.client]
    .filter(([, c]) => {
      const t = earliest(c);
      return t !== null && t <= state.now;
    })
    .map(([id]) => state.allocPlace.get(id))
    .filter((p) => p !== undefined)
    .sort((a, b) => jobOrder.get(a.js)! - jobOrder.get(b.js)! || a.pos - b.pos);
  for (const place of due) {
    const existing = place.js.allocs[place.pos]!;
    const c = state.client.get(existing.ID)!;
    let alloc = existing;
    if (!isZeroTime(c.runningAt) && c.runningAt <= state.now) {
      alloc = withClientStatus(alloc, AllocClientStatusRunning, state.now);
      c.runningAt = ZERO_TIME;
      log.note(state, `${alloc.Name} is running`, { Kind: 'alloc-running', ...allocIdentity(alloc) });
    }
    if (isZeroTime(c.runningAt) && alloc.ClientStatus === AllocClientStatusRunning) {
      const healthy = !c.neverHealthy && !isZeroTime(c.healthyAt) && c.healthyAt <= state.now;
      const late = !isZeroTime(c.deadlineAt) && c.deadlineAt <= state.now;
      if (healthy || late) {
        alloc = withHealth(alloc, healthy, state.now);
        c.healthyAt = ZERO_TIME;
        c.deadlineAt = ZERO_TIME;
        log.note(
          state,
          healthy ? `${alloc.Name} is healthy` : `${alloc.Name} is unhealthy: its healthy deadline passed`,
          { Kind: healthy ? 'alloc-healthy' : 'alloc-unhealthy', ...allocIdentity(alloc) },
        );
        reports.push({ alloc, existing });
      }
    }
    if (alloc !== existing) replaceAlloc(state, alloc);
    if (isZeroTime(c.runningAt) && isZeroTime(c.healthyAt) && isZeroTime(c.deadlineAt)) state.client.delete(alloc.ID);
  }
  return reports;
}

/**
 * clientStops applies a server-side stop on the client: a pending or
 * running allocation is killed and reports complete (lost ones keep the
 * status the plan gave them).
 */
export function clientStops(alloc: Allocation, at: Instant): Allocation {
  if (clientTerminalStatus(alloc)) return alloc;
  return withClientStatus(alloc, AllocClientStatusComplete, at);
}

/**
 * clientFails reports an allocation's tasks as failed. While its health is
 * still open and watched, the client's health watcher also reports it
 * unhealthy, inside a deployment or not (Nomad's clients set
 * DeploymentStatus.Healthy to false either way); inside a deployment that
 * report is returned, for the deployment watcher.
 */
export function clientFails(state: SimState, alloc: Allocation, log: SimLog): HealthReport | null {
  let failed = withClientStatus(alloc, AllocClientStatusFailed, state.now, true);
  const watched = state.client.get(alloc.ID);
  const unhealthy = alloc.DeploymentStatus?.Healthy == null && healthParams(alloc) !== null;
  if (unhealthy) failed = withHealth(failed, false, state.now);
  replaceAlloc(state, failed);
  if (watched !== undefined) clientForget(state, alloc.ID);
  log.note(state, `${alloc.Name} failed`, { Kind: 'alloc-failed', ...allocIdentity(alloc) });
  return unhealthy && alloc.DeploymentID !== '' ? { alloc: failed, existing: alloc } : null;
}

/** clientCompletes reports an allocation's tasks as finished successfully. */
export function clientCompletes(state: SimState, alloc: Allocation, log: SimLog): void {
  replaceAlloc(state, withClientStatus(alloc, AllocClientStatusComplete, state.now));
  clientForget(state, alloc.ID);
  log.note(state, `${alloc.Name} completed`, { Kind: 'alloc-completed', ...allocIdentity(alloc) });
}

/** clientNeverHealthy records that an allocation's checks will never pass. */
export function clientNeverHealthy(state: SimState, alloc: Allocation, log: SimLog): void {
  const c = state.client.get(alloc.ID);
  if (c !== undefined) c.neverHealthy = true;
  else
    state.client.set(alloc.ID, {
      runningAt: ZERO_TIME,
      healthyAt: ZERO_TIME,
      deadlineAt: ZERO_TIME,
      neverHealthy: true,
    });
  state.clientDue.dirty = true;
  log.note(state, `${alloc.Name} will never pass its health checks`, {
    Kind: 'alloc-never-healthy',
    ...allocIdentity(alloc),
  });
}

// withClientStatus is the allocation with a new client status, its task states and its AllocStates entry.
function withClientStatus(
  alloc: Allocation,
  status: Allocation['ClientStatus'],
  at: Instant,
  failed = false,
): Allocation {
  const done = status === AllocClientStatusComplete || status === AllocClientStatusFailed;
  // Without a prototype, as the reader makes them: a task may be called __proto__.
  const taskStates = Object.create(null) as NonNullable<Allocation['TaskStates']>;
  const tg = lookupTaskGroup(alloc.Job, alloc.TaskGroup);
  for (const t of tg?.Tasks ?? []) {
    taskStates[t.Name] = { State: done ? 'dead' : 'running', Failed: failed, FinishedAt: done ? at : ZERO_TIME };
  }
  return {
    ...alloc,
    ClientStatus: status,
    TaskStates: taskStates,
    AllocStates: [...alloc.AllocStates, { Field: 'ClientStatus', Value: status, Time: at }],
    ModifyTime: at,
  };
}

// withHealth is the allocation with its deployment health decided.
function withHealth(alloc: Allocation, healthy: boolean, at: Instant): Allocation {
  return {
    ...alloc,
    DeploymentStatus: { Healthy: healthy, Canary: alloc.DeploymentStatus?.Canary ?? false },
    ModifyTime: at,
  };
}
