// What Nomad 0.12 and Nomad 1.6 decide differently for one scenario: per
// task group, the counts and follow-up evaluations that differ; per existing
// allocation, what each version's result does to it and the trace's reason
// code. Generated IDs (follow-up evaluations, deployments) differ from run
// to run, so a follow-up is named by when it runs and why, never by its ID.

import type { DesiredUpdates } from '../engine/structs.ts';
import type { ReconcileTrace } from '../engine/types.ts';
import type { NomadVersion } from '../scenario/nomadVersion.ts';
import type { ResultDocument } from './document.ts';

/** CompareSide is one version's run: its result document and, when it recorded one, its trace. */
export interface CompareSide {
  document: ResultDocument;
  trace: ReconcileTrace | null;
}

/** ExistingAlloc names an allocation of the scenario, as both versions read it. */
export interface ExistingAlloc {
  ID: string;
  Name: string;
  TaskGroup: string;
}

/**
 * AllocActionKind is one thing a result does to an existing allocation:
 * `stop`, `destructive-update` (stopped for a replacement), `inplace-update`,
 * `disconnect` (marked unknown), `reconnect` (kept as it comes back),
 * `replaced` (a placement names it as previous), `followup` (annotated with
 * a later evaluation), or `ignore` when the result does none of these.
 */
export type AllocActionKind =
  'stop' | 'destructive-update' | 'inplace-update' | 'disconnect' | 'reconnect' | 'replaced' | 'followup' | 'ignore';

/** VersionAction is one thing a version's result does to an allocation, with what the result says about it; absent fields do not apply. */
export interface VersionAction {
  Action: AllocActionKind;
  /** Description is a stop's status description, or a disconnect's client description. */
  Description?: string;
  /** ClientStatus is the client status a stop or a disconnect sets, or a reconnected allocation keeps ("" for none). */
  ClientStatus?: string;
  /** Followup is the evaluation a stop, disconnect or annotation points at, as `WaitUntil (TriggeredBy)`. */
  Followup?: string;
  /** Reschedule and Canary describe the placement that replaces the allocation; Lost is there, true, when 1.6 says the allocation was lost. */
  Reschedule?: boolean;
  Canary?: boolean;
  Lost?: true;
  /**
   * DowngradeNonCanary is there, true, when 1.6 places the replacement as a
   * non-canary while the group's canaries await promotion: the scheduler
   * then runs it at the job version of the last promoted deployment, no
   * older than MinJobVersion (the replaced allocation's), not the new one.
   */
  DowngradeNonCanary?: true;
  MinJobVersion?: number;
}

/** VersionDecision is what one version decides for one allocation: its actions in a fixed order, and the trace's reason code. */
export interface VersionDecision {
  Actions: VersionAction[];
  /** Code is the reconciler branch that decided (the trace's DecisionCode); null when the version's trace has none for it. */
  Code: string | null;
}

/** AllocationDifference is an allocation the two versions treat differently. */
export interface AllocationDifference {
  AllocID: string;
  Name: string;
  TaskGroup: string;
  Decisions: Record<NomadVersion, VersionDecision>;
}

/** GroupDifference is a task group whose counts or follow-up evaluations differ; only what differs is listed. */
export interface GroupDifference {
  TaskGroup: string;
  /** Counts holds each DesiredTGUpdates count that differs, by its field name. */
  Counts: Partial<Record<keyof DesiredUpdates, Record<NomadVersion, number>>>;
  /** FollowupEvals, when they differ, lists each version's follow-up evaluations as `WaitUntil (TriggeredBy)`. */
  FollowupEvals?: Record<NomadVersion, string[]>;
}

/** Comparison is every difference between the two versions' results; Same is true when there is none. */
export interface Comparison {
  Same: boolean;
  Groups: GroupDifference[];
  Allocations: AllocationDifference[];
}

const COUNT_FIELDS: readonly (keyof DesiredUpdates)[] = [
  'Ignore',
  'Place',
  'Migrate',
  'Stop',
  'InPlaceUpdate',
  'DestructiveUpdate',
  'Canary',
];

/** compareRuns lists where the results of 0.12 and 1.6 differ, for the scenario's allocations `allocs` (in its order). */
export function compareRuns(allocs: readonly ExistingAlloc[], v012: CompareSide, v16: CompareSide): Comparison {
  const groups = compareGroups(v012.document, v16.document);
  const decide012 = decisions(v012);
  const decide16 = decisions(v16);
  const allocations: AllocationDifference[] = [];
  for (const a of allocs) {
    const old = decide012(a.ID);
    const now = decide16(a.ID);
    if (sameDecision(old, now)) continue;
    allocations.push({ AllocID: a.ID, Name: a.Name, TaskGroup: a.TaskGroup, Decisions: { '0.12': old, '1.6': now } });
  }
  return { Same: groups.length === 0 && allocations.length === 0, Groups: groups, Allocations: allocations };
}

// compareGroups lists, in name order, the groups of either result whose counts or follow-ups differ.
function compareGroups(a: ResultDocument, b: ResultDocument): GroupDifference[] {
  const names = [...new Set([...Object.keys(a.DesiredTGUpdates), ...Object.keys(b.DesiredTGUpdates)])].sort();
  const out: GroupDifference[] = [];
  for (const name of names) {
    const counts: GroupDifference['Counts'] = {};
    for (const field of COUNT_FIELDS) {
      const x = a.DesiredTGUpdates[name]?.[field] ?? 0;
      const y = b.DesiredTGUpdates[name]?.[field] ?? 0;
      if (x !== y) counts[field] = { '0.12': x, '1.6': y };
    }
    const fa = (a.DesiredFollowupEvals[name] ?? []).map(followupText);
    const fb = (b.DesiredFollowupEvals[name] ?? []).map(followupText);
    const followupsDiffer = fa.join('\n') !== fb.join('\n');
    if (Object.keys(counts).length === 0 && !followupsDiffer) continue;
    out.push({
      TaskGroup: name,
      Counts: counts,
      ...(followupsDiffer ? { FollowupEvals: { '0.12': fa, '1.6': fb } } : {}),
    });
  }
  return out;
}

// followupText names a follow-up evaluation by when it runs and why.
function followupText(e: { WaitUntil: string; TriggeredBy: string }): string {
  return `${e.WaitUntil} (${e.TriggeredBy})`;
}

// decisions indexes one side's result by the allocation it acts on.
function decisions(side: CompareSide): (allocID: string) => VersionDecision {
  const doc = side.document;
  const followups = new Map<string, string>();
  for (const evals of Object.values(doc.DesiredFollowupEvals))
    for (const e of evals) followups.set(e.ID, followupText(e));
  const followup = (id: string) =>
    id === '' ? {} : { Followup: followups.get(id) ?? 'an evaluation of another group' };
  const actions = new Map<string, VersionAction[]>();
  const add = (id: string, action: VersionAction) => {
    const list = actions.get(id);
    if (list === undefined) actions.set(id, [action]);
    else list.push(action);
  };
  for (const s of doc.Stop)
    add(s.AllocID, {
      Action: 'stop',
      Description: s.StatusDescription,
      ClientStatus: s.ClientStatus,
      ...followup(s.FollowupEvalID),
    });
  for (const d of doc.DestructiveUpdate)
    add(d.StopAllocID, { Action: 'destructive-update', Description: d.StopStatusDescription });
  for (const u of doc.InplaceUpdate) add(u.AllocID, { Action: 'inplace-update' });
  for (const d of doc.DisconnectUpdates ?? [])
    add(d.AllocID, {
      Action: 'disconnect',
      Description: d.ClientDescription,
      ClientStatus: d.ClientStatus,
      ...followup(d.FollowupEvalID),
    });
  for (const r of doc.ReconnectUpdates ?? []) add(r.AllocID, { Action: 'reconnect', ClientStatus: r.ClientStatus });
  for (const p of doc.Place) {
    if (p.PreviousAllocID === '') continue;
    add(p.PreviousAllocID, {
      Action: 'replaced',
      Reschedule: p.Reschedule,
      Canary: p.Canary,
      // Only 1.6 says these; its false would differ from 0.12's silence for nothing.
      ...(p.Lost === true ? { Lost: true as const } : {}),
      ...(p.DowngradeNonCanary === true
        ? { DowngradeNonCanary: true as const, MinJobVersion: p.MinJobVersion ?? 0 }
        : {}),
    });
  }
  for (const u of doc.AttributeUpdates) add(u.AllocID, { Action: 'followup', ...followup(u.FollowupEvalID) });
  const codes = new Map<string, string>();
  for (const g of side.trace?.groups ?? []) for (const d of g.decisions) codes.set(d.allocID, d.code);
  return (id) => ({ Actions: actions.get(id) ?? [{ Action: 'ignore' }], Code: codes.get(id) ?? null });
}

// sameDecision compares two versions' decisions; codes count only when both versions give one.
function sameDecision(a: VersionDecision, b: VersionDecision): boolean {
  if (a.Code !== null && b.Code !== null && a.Code !== b.Code) return false;
  return JSON.stringify(a.Actions) === JSON.stringify(b.Actions);
}
