// What Nomad releases after 1.6.5 changed in decisions this playground
// shows. Their scheduler code is under another licence and is not read
// here: each note rests on Nomad's public changelog, which it cites, and is
// attached to a decision by looking at the scenario and the result alone.

import type { Allocation, Job, TaskGroup } from '../engine/structs.ts';
import type { Scenario } from '../scenario/read.ts';
import type { ResultDocument } from './document.ts';

/** LaterChangeCode names one change a release after 1.6.5 made. */
export type LaterChangeCode = 'affinity-spread-in-place' | 'count-zero-removes-group' | 'disconnect-block';

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

/** LATER_CHANGES lists the changes this playground knows of, from Nomad's CHANGELOG.md. */
export const LATER_CHANGES: Readonly<Record<LaterChangeCode, LaterChange>> = {
  'affinity-spread-in-place': {
    code: 'affinity-spread-in-place',
    release: '1.10.0',
    change: 'a change to affinity or spread blocks alone no longer replaces allocations: they are updated in place',
    source: 'https://github.com/hashicorp/nomad/issues/25109',
  },
  'count-zero-removes-group': {
    code: 'count-zero-removes-group',
    release: '1.11.0',
    change:
      'a service or batch group with count = 0 is treated exactly as a group removed from the job: every allocation that is not terminal stops',
    source: 'https://github.com/hashicorp/nomad/issues/26292',
  },
  'disconnect-block': {
    code: 'disconnect-block',
    release: '1.8.0',
    change:
      "the group's disconnect block (lost_after, replace, reconcile, stop_on_client_after) replaces max_client_disconnect and stop_after_client_disconnect; from 1.10.0 the old fields are ignored",
    source: 'https://github.com/hashicorp/nomad/issues/20029',
  },
};

/** LaterNote attaches a later change to a group and, where it concerns them, to allocations. */
export interface LaterNote {
  change: LaterChange;
  group: string;
  /** allocIDs are the allocations whose decision the change alters; empty when it is the group's. */
  allocIDs: string[];
}

/** TasksUpdated is the version's tasksUpdated: whether moving a group from one job to the other replaces its allocations. */
export type TasksUpdated = (jobA: Job, jobB: Job, taskGroup: string) => boolean;

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

/**
 * laterNotes lists the later changes that bear on this result: destructive
 * updates forced by nothing but affinities or spreads (1.10 updates them in
 * place), groups with count 0 (1.11 stops them as removed groups), and groups
 * using max_client_disconnect or stop_after_client_disconnect (1.8's
 * disconnect block). tasksUpdated is the reconciling version's.
 */
export function laterNotes(scenario: Scenario, document: ResultDocument, tasksUpdated: TasksUpdated): LaterNote[] {
  const notes: LaterNote[] = [];
  const allocs = new Map<string, Allocation>(scenario.Allocations.map((a) => [a.ID, a]));
  const job = scenario.Job;
  const stripped = new Map<Job, Job>();
  const strip = (j: Job) => stripped.get(j) ?? stripped.set(j, withoutPlacementPreferences(j)).get(j)!;

  const preferencesOnly = new Map<string, string[]>();
  for (const d of document.DestructiveUpdate) {
    const alloc = allocs.get(d.StopAllocID);
    if (alloc === undefined) continue;
    const old = alloc.Job;
    if (tasksUpdated(strip(old), strip(job), d.TaskGroup)) continue;
    const ids = preferencesOnly.get(d.TaskGroup) ?? [];
    ids.push(alloc.ID);
    preferencesOnly.set(d.TaskGroup, ids);
  }
  for (const [group, allocIDs] of preferencesOnly) {
    notes.push({ change: LATER_CHANGES['affinity-spread-in-place'], group, allocIDs });
  }

  if (job.Type === 'service' || job.Type === 'batch') {
    for (const tg of job.TaskGroups) {
      if (tg.Count === 0)
        notes.push({ change: LATER_CHANGES['count-zero-removes-group'], group: tg.Name, allocIDs: [] });
    }
  }
  for (const tg of job.TaskGroups) {
    if (usesDisconnectFields(tg))
      notes.push({ change: LATER_CHANGES['disconnect-block'], group: tg.Name, allocIDs: [] });
  }
  return notes;
}

// usesDisconnectFields says whether a group sets either of the fields 1.8's
// disconnect block replaces (a stop_after_client_disconnect of 0 is unset).
function usesDisconnectFields(tg: TaskGroup): boolean {
  const stopAfter = tg.StopAfterClientDisconnect !== null && tg.StopAfterClientDisconnect !== 0;
  return stopAfter || (tg.MaxClientDisconnect !== null && tg.MaxClientDisconnect !== undefined);
}
