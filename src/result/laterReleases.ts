// What Nomad releases after 1.6.5 changed in decisions this playground
// shows. Their scheduler code is under another licence and is not read
// here: each note rests on Nomad's public changelog, which it cites, and is
// attached to the allocations whose decision it concerns by looking at the
// scenario and the result alone.

import { allocNotNeeded } from '../engine/allocReconciler.ts';
import {
  type Allocation,
  AllocClientStatusFailed,
  AllocClientStatusUnknown,
  AllocDesiredStatusRun,
  type Job,
  JobTypeBatch,
  JobTypeService,
  type Node,
  NodeStatusDisconnected,
  NodeStatusDown,
  serverTerminalStatus,
  type TaskGroup,
  terminalStatus,
} from '../engine/structs.ts';
import { tasksUpdated as tasksUpdated012 } from '../engine/v0.12/util.ts';
import { needsToReconnect } from '../engine/v1.6/structs.ts';
import { tasksUpdated as tasksUpdated16 } from '../engine/v1.6/util.ts';
import type { Scenario } from '../scenario/read.ts';
import type { ResultDocument } from './document.ts';

/** LaterChangeCode names one change a release after 1.6.5 made to a decision the playground shows. */
export type LaterChangeCode =
  | 'disconnect-block'
  | 'reconnect-failed-replacement'
  | 'affinity-spread-in-place'
  | 'count-zero-removes-group'
  | 'stopped-canary-not-stopped-again'
  | 'downscale-stops-failed-first';

/** LaterChange is one such change, in the changelog's terms. */
export interface LaterChange {
  code: LaterChangeCode;
  /** release is the first Nomad release with the change. */
  release: string;
  /** change says what that release does differently, in a sentence. */
  change: string;
  /** source is the changelog entry's issue. */
  source: string;
}

const issue = (n: number) => `https://github.com/hashicorp/nomad/issues/${n}`;

/** LATER_CHANGES lists the changes this playground knows of, from Nomad's CHANGELOG.md, oldest release first. */
export const LATER_CHANGES: Readonly<Record<LaterChangeCode, LaterChange>> = {
  'disconnect-block': {
    code: 'disconnect-block',
    release: '1.8.0',
    change:
      "the group's disconnect block (lost_after, replace, reconcile, stop_on_client_after) replaces max_client_disconnect and stop_after_client_disconnect; from 1.10.0 the old fields are ignored",
    source: issue(20029),
  },
  'reconnect-failed-replacement': {
    code: 'reconnect-failed-replacement',
    release: '1.9.1',
    change:
      'a fix: an allocation whose client reconnects is weighed correctly against its replacement when that replacement has failed',
    source: issue(24165),
  },
  'affinity-spread-in-place': {
    code: 'affinity-spread-in-place',
    release: '1.10.0',
    change: 'a change to affinity or spread blocks alone no longer replaces allocations: they are updated in place',
    source: issue(25109),
  },
  'count-zero-removes-group': {
    code: 'count-zero-removes-group',
    release: '1.11.0',
    change:
      'a service or batch group with count = 0 is treated exactly as a group removed from the job: every allocation that is not terminal stops',
    source: issue(26292),
  },
  'stopped-canary-not-stopped-again': {
    code: 'stopped-canary-not-stopped-again',
    release: '1.11.0',
    change: 'a canary that has already stopped is no longer stopped again in the plan',
    source: issue(26292),
  },
  'downscale-stops-failed-first': {
    code: 'downscale-stops-failed-first',
    release: '2.0.4',
    change: 'scaling a group down stops its failed allocations first, before running ones',
    source: issue(27971),
  },
};

// ORDER is the codes by release, so that every list of notes reads oldest first.
const ORDER = Object.keys(LATER_CHANGES) as LaterChangeCode[];

/** NO_LATER_CHANGES is the shared empty answer, so that unchanged cards compare equal cheaply. */
export const NO_LATER_CHANGES: readonly LaterChangeCode[] = [];

/**
 * LaterIndex answers "which later changes concern this decision" for one
 * result: per existing allocation, and per group for its canary placements.
 */
export interface LaterIndex {
  allocs: ReadonlyMap<string, readonly LaterChangeCode[]>;
  canaryGroups: ReadonlyMap<string, readonly LaterChangeCode[]>;
}

/** laterChangesOfAlloc lists, oldest release first, the later changes that concern an existing allocation's decision. */
export function laterChangesOfAlloc(index: LaterIndex, allocID: string): readonly LaterChangeCode[] {
  return index.allocs.get(allocID) ?? NO_LATER_CHANGES;
}

/**
 * laterChangesOfPlacement lists the later changes that concern a
 * placement: those of the allocation it replaces (a release that decides
 * that allocation otherwise decides its replacement otherwise too), and for
 * a canary its group's.
 */
export function laterChangesOfPlacement(
  index: LaterIndex,
  placement: { group: string; canary: boolean; replaces: string },
): readonly LaterChangeCode[] {
  const own = placement.replaces === '' ? NO_LATER_CHANGES : laterChangesOfAlloc(index, placement.replaces);
  const group = placement.canary ? (index.canaryGroups.get(placement.group) ?? NO_LATER_CHANGES) : NO_LATER_CHANGES;
  if (group.length === 0) return own;
  if (own.length === 0) return group;
  return ORDER.filter((c) => own.includes(c) || group.includes(c));
}

// withoutPlacementPreferences is the job with every affinity and spread
// (job, group and task) removed, so that tasksUpdated can be asked whether
// anything else forces a replacement.
function withoutPlacementPreferences(job: Job): Job {
  return {
    ...job,
    Affinities: [],
    Spreads: [],
    TaskGroups: job.TaskGroups.map((tg): TaskGroup => ({
      ...tg,
      Affinities: [],
      Spreads: [],
      Tasks: tg.Tasks.map((t) => ({ ...t, Affinities: [] })),
    })),
  };
}

// UpdateKind is why an allocation of an older job would be replaced: for
// its placement preferences alone, for something else, or not at all.
type UpdateKind = 'preferences' | 'other' | 'none';

// Notes collects the codes per allocation, each once.
class Notes {
  readonly allocs = new Map<string, LaterChangeCode[]>();
  readonly canaryGroups = new Map<string, LaterChangeCode[]>();
  add(allocID: string, code: LaterChangeCode): void {
    const codes = this.allocs.get(allocID);
    if (codes === undefined) this.allocs.set(allocID, [code]);
    else if (!codes.includes(code)) codes.push(code);
  }
  sorted(): LaterIndex {
    for (const codes of this.allocs.values()) codes.sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b));
    return { allocs: this.allocs, canaryGroups: this.canaryGroups };
  }
}

// Computed is each result's index, with the scenario it was computed for:
// the graph, the explanation and the details panel ask for the same result.
const computed = new WeakMap<ResultDocument, { scenario: Scenario; index: LaterIndex }>();

/**
 * laterIndex attaches the later changes to the allocations of this result
 * whose decision they concern (see each rule in computeLaterIndex), with the
 * tasksUpdated of the version the scenario ran. A result asked for again
 * with the same scenario gets the same index.
 */
export function laterIndex(scenario: Scenario, document: ResultDocument): LaterIndex {
  const known = computed.get(document);
  if (known !== undefined && known.scenario === scenario) return known.index;
  const index = computeLaterIndex(scenario, document);
  computed.set(document, { scenario, index });
  return index;
}

// computeLaterIndex applies each change's rule to every allocation of the scenario.
function computeLaterIndex(scenario: Scenario, document: ResultDocument): LaterIndex {
  const notes = new Notes();
  const job = scenario.Job;
  const groups = new Map(job.TaskGroups.map((tg) => [tg.Name, tg]));
  const nodes = new Map<string, Node>(scenario.Nodes.map((n) => [n.ID, n]));
  const stopped = new Map(document.Stop.map((s) => [s.AllocID, s]));
  const destructive = new Set(document.DestructiveUpdate.map((d) => d.StopAllocID));
  const replaced = new Set(document.Place.map((p) => p.PreviousAllocID).filter((id) => id !== ''));
  // Made only when a rule needs them: most results have no reconnecting allocation, many no older job.
  let byID: Map<string, Allocation> | undefined;
  const allocByID = () => (byID ??= new Map(scenario.Allocations.map((a) => [a.ID, a])));
  let touchedIDs: Set<string> | undefined;
  const touched = () =>
    (touchedIDs ??= new Set([
      ...stopped.keys(),
      ...replaced,
      ...document.InplaceUpdate.map((u) => u.AllocID),
      ...(document.DisconnectUpdates ?? []).map((u) => u.AllocID),
      ...(document.ReconnectUpdates ?? []).map((u) => u.AllocID),
    ]));
  const nomad16 = scenario.NomadVersion === '1.6';
  const updateKind = updateKinds(job, nomad16);
  const serviceOrBatch = job.Type === JobTypeService || job.Type === JobTypeBatch;

  // Per group: whether an allocation needs replacing for more than its placement preferences.
  const otherDestructive = new Set<string>();
  const preferencesOnly = new Set<string>();
  const failedKept = new Map<string, Allocation[]>();
  const scaledDown = new Map<string, Allocation[]>();

  for (const a of scenario.Allocations) {
    const tg = groups.get(a.TaskGroup);
    const node = nodes.get(a.NodeID);

    const away = node === undefined || node.Status === NodeStatusDown || node.Status === NodeStatusDisconnected;
    const reconnecting = nomad16 && !away && tg?.MaxClientDisconnect != null && needsToReconnect(a);

    // 1.8 and 1.10: the group's disconnect fields decide what happens to an allocation whose client is or was away.
    if (tg !== undefined && usesDisconnectFields(tg) && !serverTerminalStatus(a)) {
      if (away || reconnecting || a.ClientStatus === AllocClientStatusUnknown) notes.add(a.ID, 'disconnect-block');
    }

    // 1.9.1: a reconnecting allocation whose replacement failed.
    if (
      reconnecting &&
      a.DesiredStatus === AllocDesiredStatusRun &&
      a.ClientStatus !== AllocClientStatusFailed &&
      allocByID().get(a.NextAllocation)?.ClientStatus === AllocClientStatusFailed
    )
      notes.add(a.ID, 'reconnect-failed-replacement');

    // 1.10: an older job's allocation replaced (now or when its turn comes) for its placement preferences alone.
    if (tg !== undefined && !terminalStatus(a) && a.Job.JobModifyIndex !== job.JobModifyIndex) {
      const waiting = destructive.has(a.ID) || !touched().has(a.ID);
      const kind = waiting ? updateKind(a.Job, a.TaskGroup) : 'none';
      if (kind === 'preferences') {
        notes.add(a.ID, 'affinity-spread-in-place');
        preferencesOnly.add(a.TaskGroup);
      } else if (kind === 'other') otherDestructive.add(a.TaskGroup);
    }

    // 1.11: count = 0 stops every allocation that is not terminal, as a removed group does.
    if (serviceOrBatch && tg?.Count === 0 && !terminalStatus(a)) notes.add(a.ID, 'count-zero-removes-group');

    // 1.11: a canary already stopped is not stopped again.
    if (serviceOrBatch && stopped.has(a.ID) && terminalStatus(a) && a.DeploymentStatus?.Canary === true)
      notes.add(a.ID, 'stopped-canary-not-stopped-again');

    // 2.0.4: the failed allocations a downscale keeps, and the others it stops.
    if (tg !== undefined && a.DeploymentStatus?.Canary !== true) {
      const stop = stopped.get(a.ID);
      if (
        stop === undefined &&
        a.ClientStatus === AllocClientStatusFailed &&
        a.DesiredStatus === AllocDesiredStatusRun
      ) {
        if (!replaced.has(a.ID) && a.NextAllocation === '') push(failedKept, a.TaskGroup, a);
      } else if (stop?.StatusDescription === allocNotNeeded && a.ClientStatus !== AllocClientStatusFailed) {
        push(scaledDown, a.TaskGroup, a);
      }
    }
  }

  for (const [group, kept] of failedKept) {
    const stops = scaledDown.get(group);
    if (stops === undefined) continue;
    for (const a of [...stops, ...kept]) notes.add(a.ID, 'downscale-stops-failed-first');
  }
  // Canaries are placed for a destructive change: none is needed when the preferences alone changed.
  for (const group of preferencesOnly) {
    if (!otherDestructive.has(group)) notes.canaryGroups.set(group, ['affinity-spread-in-place']);
  }
  return notes.sorted();
}

// push appends a value to a map's list.
function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

// updateKinds answers, for an older job and a group, why moving the group
// to `job` replaces its allocations, remembering each older job's answer
// (allocations of one version share their job).
function updateKinds(job: Job, nomad16: boolean): (old: Job, group: string) => UpdateKind {
  const tasksUpdated = nomad16 ? tasksUpdated16 : tasksUpdated012;
  let stripped: Job | null = null;
  const known = new Map<Job, Map<string, UpdateKind>>();
  return (old, group) => {
    let byGroup = known.get(old);
    if (byGroup === undefined) known.set(old, (byGroup = new Map<string, UpdateKind>()));
    let kind = byGroup.get(group);
    if (kind === undefined) {
      stripped ??= withoutPlacementPreferences(job);
      kind = !tasksUpdated(old, job, group)
        ? 'none'
        : tasksUpdated(withoutPlacementPreferences(old), stripped, group)
          ? 'other'
          : 'preferences';
      byGroup.set(group, kind);
    }
    return kind;
  };
}

// usesDisconnectFields says whether a group sets either of the fields 1.8's
// disconnect block replaces (a stop_after_client_disconnect of 0 is unset).
function usesDisconnectFields(tg: TaskGroup): boolean {
  const stopAfter = tg.StopAfterClientDisconnect !== null && tg.StopAfterClientDisconnect !== 0;
  return stopAfter || (tg.MaxClientDisconnect !== null && tg.MaxClientDisconnect !== undefined);
}

/** LaterNote gathers one later change's allocations in one group, for a summary of the whole result. */
export interface LaterNote {
  change: LaterChange;
  group: string;
  /** allocIDs are the existing allocations whose decision the change alters (none when only placements are concerned). */
  allocIDs: string[];
}

/** laterNotes summarises a result's later changes per change and group, oldest release first. */
export function laterNotes(scenario: Scenario, document: ResultDocument): LaterNote[] {
  const index = laterIndex(scenario, document);
  const groupOf = new Map(scenario.Allocations.map((a) => [a.ID, a.TaskGroup]));
  const notes = new Map<string, LaterNote>();
  const note = (code: LaterChangeCode, group: string): LaterNote => {
    const key = `${code}\u0000${group}`;
    let n = notes.get(key);
    if (n === undefined) notes.set(key, (n = { change: LATER_CHANGES[code], group, allocIDs: [] }));
    return n;
  };
  for (const [allocID, codes] of index.allocs) {
    for (const code of codes) note(code, groupOf.get(allocID)!).allocIDs.push(allocID);
  }
  for (const [group, codes] of index.canaryGroups) for (const code of codes) note(code, group);
  return [...notes.values()].sort((a, b) => ORDER.indexOf(a.change.code) - ORDER.indexOf(b.change.code));
}
