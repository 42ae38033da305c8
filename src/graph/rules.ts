// The rules behind the reconciler's decisions: for each typed code, which
// setting of the job (count, max_parallel, canary, reschedule, migrate,
// stop_after_client_disconnect) or which rule of Nomad's made it so, in
// words that name the setting and its value.

import type { Job, ReschedulePolicy } from '../engine/structs.ts';
import { formatGoDuration } from '../engine/time.ts';
import type { AllocAction, DecisionCode, ReconcileTrace } from '../engine/types.ts';

/** GroupRules are the settings of one task group that its decisions rest on, and the limit its trace found. */
export interface GroupRules {
  count: number;
  /** maxParallel is the update strategy's max_parallel; null when the group has no update strategy. */
  maxParallel: number | null;
  canary: number;
  autoPromote: boolean;
  migrateMaxParallel: number | null;
  reschedule: ReschedulePolicy | null;
  stopAfterClientDisconnect: number | null;
  /** maxClientDisconnect is Nomad 1.6's max_client_disconnect; null when unset. */
  maxClientDisconnect: number | null;
  /** limitNote is the trace's account of the placement limit (computeLimit), or "". */
  limitNote: string;
}

/** groupRules reads a group's settings from the job being scheduled and the trace; a removed group has none. */
export function groupRules(job: Job, group: string, trace: ReconcileTrace | null): GroupRules {
  const tg = job.TaskGroups.find((g) => g.Name === group);
  const traced = trace?.groups.find((g) => g.group === group);
  const update = tg?.Update ?? null;
  return {
    count: tg?.Count ?? 0,
    maxParallel: update === null || update.MaxParallel === 0 ? null : update.MaxParallel,
    canary: update?.Canary ?? 0,
    autoPromote: update?.AutoPromote ?? false,
    migrateMaxParallel: tg?.Migrate?.MaxParallel ?? null,
    reschedule: tg?.ReschedulePolicy ?? null,
    stopAfterClientDisconnect: tg?.StopAfterClientDisconnect ?? null,
    maxClientDisconnect: tg?.MaxClientDisconnect ?? null,
    limitNote: traced?.limitReason ?? '',
  };
}

function allocations(n: number): string {
  return n === 1 ? '1 allocation' : `${n} allocations`;
}

/** maxParallelRule is the rule that paces a rolling update: at most max_parallel replaced at a time. */
export function maxParallelRule(r: GroupRules): string {
  if (r.maxParallel === null) return 'no update strategy: every allocation that needs it is replaced at once';
  return `max_parallel ${r.maxParallel}: at most ${allocations(r.maxParallel)} of this group are being replaced at a time`;
}

/** countRule is the rule of the group's count. */
export function countRule(r: GroupRules): string {
  return `count ${r.count}: the group runs ${allocations(r.count)}, named [0] to [${Math.max(0, r.count - 1)}]`;
}

/** canaryRule is the rule of the update strategy's canaries. */
export function canaryRule(r: GroupRules): string {
  const promote = r.autoPromote
    ? 'auto_promote: they are promoted once healthy'
    : 'the deployment waits for someone to promote them';
  return `canary ${r.canary}: ${allocations(r.canary)} of the new version run beside the old ones before any is replaced; ${promote}`;
}

/** rescheduleRule is the rule of the group's reschedule policy. */
export function rescheduleRule(r: GroupRules): string {
  const p = r.reschedule;
  if (p === null) return 'reschedule: the group has no reschedule policy';
  const attempts = p.Unlimited
    ? 'unlimited attempts'
    : `${p.Attempts} attempt(s) within ${formatGoDuration(p.Interval)}`;
  const max = p.DelayFunction === 'constant' ? '' : `, at most ${formatGoDuration(p.MaxDelay)}`;
  return `reschedule: ${attempts}, a delay of ${formatGoDuration(p.Delay)} (${p.DelayFunction}${max}) before each replacement`;
}

/** migrateRule is the rule of the group's migrate block. */
export function migrateRule(r: GroupRules): string {
  const n = r.migrateMaxParallel ?? 1;
  return `migrate max_parallel ${n}: the node drainer moves at most ${allocations(n)} of this group at a time; the reconciler replaces each one it marks`;
}

/** disconnectRule is the rule of stop_after_client_disconnect. */
export function disconnectRule(r: GroupRules): string {
  const d = r.stopAfterClientDisconnect;
  return d === null
    ? 'an allocation on a node that is down is lost and replaced at once'
    : `stop_after_client_disconnect ${formatGoDuration(d)}: the client stops its allocations after that long without the servers, and only then is a replacement placed`;
}

/** maxClientDisconnectRule is the rule of Nomad 1.6's max_client_disconnect. */
export function maxClientDisconnectRule(r: GroupRules): string {
  return r.maxClientDisconnect === null
    ? 'without max_client_disconnect, an allocation on a disconnected node is lost and replaced at once'
    : `max_client_disconnect ${formatGoDuration(r.maxClientDisconnect)}: an allocation on a disconnected node is unknown, not lost, for that long; if its client comes back in time, it reconnects`;
}

const RECONNECT_CHOICE =
  'when a client comes back, Nomad keeps the original allocation unless its replacement runs a newer job version, or has a better placement score and is running';

/** withLimit adds the trace's account of the placement limit (computeLimit) to a rule, when there is one. */
export function withLimit(rule: string, r: GroupRules): string {
  return r.limitNote === '' ? rule : `${rule}. ${r.limitNote}`;
}

const NOT_COUNTED =
  'a batch allocation that completed, or a failed one its policy does not reschedule, no longer counts towards the count';

/** DECISION_RULES says, for each decision code, the rule behind it (every code has one: a Record). */
export const DECISION_RULES: Readonly<Record<DecisionCode, (r: GroupRules) => string>> = {
  'already-terminal': () => 'a stopped job leaves what has already stopped as it is',
  'job-stopped': () => 'a stopped job (nomad job stop, or "Stop": true) stops every allocation',
  'job-stopped-lost': () => 'a stopped job stops every allocation; one on a node that is down is marked lost',
  'group-removed': () => 'a task group removed from the job stops all its allocations',
  'group-removed-lost': () =>
    'a task group removed from the job stops all its allocations; one on a node that is down is marked lost',
  'old-terminal': () => 'batch: a finished allocation of an older job version is kept as a record, never run again',
  'old-canary': () =>
    'canaries belong to one deployment: a newer or failed deployment stops the old ones that were never promoted',
  'canary-migrating': (r) => `${migrateRule(r)}; a canary that moves is placed anew as a canary`,
  'canary-lost': (r) => disconnectRule(r),
  untainted: () => 'an allocation on a ready node stays unless a later step changes it',
  migrating: (r) => migrateRule(r),
  'node-lost': (r) => disconnectRule(r),
  'already-replaced': () => 'an allocation that already has a replacement is not replaced again',
  'not-counted': () => NOT_COUNTED,
  'reschedule-now': (r) => rescheduleRule(r),
  'reschedule-later': (r) => rescheduleRule(r),
  'lost-waiting': (r) => disconnectRule(r),
  'stop-canary-name': () =>
    'a promoted canary keeps its name: the older allocation of the same name stops when the canary takes over',
  'stop-migrating': (r) => `${countRule(r)}; past the count, a migrating allocation stops first`,
  'stop-highest-index': (r) => `${countRule(r)}; past the count, the highest indexes stop first`,
  'stop-duplicate-name': (r) => `${countRule(r)}; two allocations of one name: one of them stops`,
  'update-ignore': () => 'an allocation whose job needs no change keeps running untouched',
  'update-destructive': (r) =>
    withLimit(
      `a change to a task (its config, image, resources, …) cannot be made in place: the allocation is replaced; ${maxParallelRule(r)}`,
      r,
    ),
  'update-inplace': () =>
    'a change that leaves every task as it was (datacenters, the update strategy, …) is made in place, without a restart',
  'canary-awaiting-promotion': (r) => canaryRule(r),
  'canary-kept': (r) => canaryRule(r),
  'held-by-limit': (r) => withLimit(maxParallelRule(r), r),
  'held-by-deployment': (r) =>
    withLimit('a paused or failed deployment, or one waiting for its canaries, replaces nothing', r),
  'failed-deployment-not-replaced': () =>
    'a failed deployment does not replace its own failed allocations (auto_revert, if set, rolls the job back)',
  disconnecting: (r) => maxClientDisconnectRule(r),
  reconnecting: () => RECONNECT_CHOICE,
  'nothing-to-do': () => 'an allocation that finished, or was stopped while its client was away, needs nothing more',
  reconnected: () => RECONNECT_CHOICE,
  'reconnect-failed': () =>
    'an allocation that failed while its client was away is stopped when the client comes back, and replaced',
  'reconnect-not-wanted': () =>
    'an allocation asked to stop or move, or of an older job version, is stopped when its client comes back',
  'reconnect-replaced': () => RECONNECT_CHOICE,
  'replacement-not-needed': () => RECONNECT_CHOICE,
  'disconnected-replaced': (r) => `${maxClientDisconnectRule(r)}; ${rescheduleRule(r)}`,
};

/**
 * ACTION_RULES says the rule behind a decision read from the result
 * document alone (no trace, or a later step's word), by what it does.
 */
export const ACTION_RULES: Readonly<Record<AllocAction, (r: GroupRules) => string>> = {
  ignore: () => 'nothing in this evaluation changes it',
  stop: (r) => countRule(r),
  lost: (r) => disconnectRule(r),
  migrate: (r) => migrateRule(r),
  destructive: (r) => withLimit(maxParallelRule(r), r),
  inplace: DECISION_RULES['update-inplace'],
  'reschedule-now': (r) => rescheduleRule(r),
  'reschedule-later': (r) => rescheduleRule(r),
  canary: (r) => canaryRule(r),
};
