// Compare versions as the Plan and Explanation tabs show it: per task group,
// the plan counts the other Nomad gives differently beside this one's; per
// allocation it treats differently, what each version does to it and the
// step of the other's reconciler that decided, in plain words. Made from the
// comparison's typed fields and the other version's traced decisions, never
// from the engine's sentences.

import type { AllocDecision } from '../engine/types.ts';
import type { AllocationDifference, Comparison, GroupDifference } from '../result/compare.ts';
import { formatAction } from '../result/compareText.ts';
import { PLAN_ANNOTATIONS, type PlanKind } from '../result/plan.ts';
import { plural } from './labels.ts';
import { type NomadVersion, otherNomadVersion } from '../scenario/nomadVersion.ts';
import { stepName, upstreamName } from './stepNames.ts';

/** CountDifference is one plan count ("destroy") the two versions give differently. */
export interface CountDifference {
  label: string;
  kind: PlanKind;
  /** here is this version's count, there the other version's. */
  here: number;
  there: number;
}

/** AllocVersions is an allocation the other version treats differently. */
export interface AllocVersions {
  allocID: string;
  name: string;
  group: string;
  /** here and there are what this version and the other do to it, in words (formatAction's). */
  here: string;
  there: string;
  /** step is the other version's step that decided, in plain words, and upstream its name in upstream's code ('' for none); null when its trace has no decision for it. */
  step: string | null;
  upstream: string | null;
  /** reason is the other version's decision in its explanation's words; null with step. */
  reason: string | null;
}

/** GroupVersions is what differs in one task group: its counts, its follow-up evaluations, its allocations. */
export interface GroupVersions {
  group: string;
  counts: CountDifference[];
  /** followups lists each version's follow-up evaluations when they differ, else null. */
  followups: { here: string[]; there: string[] } | null;
  allocs: AllocVersions[];
}

/** VersionRows are a comparison's rows for the views, by task group and by allocation ID. */
export interface VersionRows {
  groups: ReadonlyMap<string, GroupVersions>;
  allocs: ReadonlyMap<string, AllocVersions>;
}

/**
 * versionRows turns a comparison into the views' rows. `here` is the
 * version the page runs; `decisions` are the other version's traced
 * decisions (the last one of an allocation is the one that stands, as in
 * the comparison's codes). Groups keep the comparison's order (by name).
 */
export function versionRows(c: Comparison, here: NomadVersion, decisions: readonly AllocDecision[]): VersionRows {
  const there = otherNomadVersion(here);
  const decided = new Map(decisions.map((d) => [d.allocID, d]));
  const groups = new Map<string, GroupVersions>();
  const group = (name: string): GroupVersions => {
    let g = groups.get(name);
    if (g === undefined) {
      g = { group: name, counts: [], followups: null, allocs: [] };
      groups.set(name, g);
    }
    return g;
  };
  for (const d of c.Groups) {
    const g = group(d.TaskGroup);
    g.counts = countDifferences(d, here, there);
    if (d.FollowupEvals) g.followups = { here: d.FollowupEvals[here], there: d.FollowupEvals[there] };
  }
  const allocs = new Map<string, AllocVersions>();
  for (const a of c.Allocations) {
    const row = allocVersions(a, here, there, decided.get(a.AllocID));
    group(a.TaskGroup).allocs.push(row);
    allocs.set(a.AllocID, row);
  }
  return { groups, allocs };
}

// countDifferences lists a group's differing counts in the plan's words and order.
function countDifferences(d: GroupDifference, here: NomadVersion, there: NomadVersion): CountDifference[] {
  const out: CountDifference[] = [];
  for (const a of PLAN_ANNOTATIONS) {
    const counts = d.Counts[a.field];
    if (counts !== undefined) out.push({ label: a.label, kind: a.kind, here: counts[here], there: counts[there] });
  }
  return out;
}

// allocVersions is one differing allocation's row; `decided` is the other version's traced decision.
function allocVersions(
  a: AllocationDifference,
  here: NomadVersion,
  there: NomadVersion,
  decided: AllocDecision | undefined,
): AllocVersions {
  const words = (v: NomadVersion) => a.Decisions[v].Actions.map(formatAction).join('; ');
  return {
    allocID: a.AllocID,
    name: a.Name,
    group: a.TaskGroup,
    here: words(here),
    there: words(there),
    step: decided === undefined ? null : stepName(decided.step),
    upstream: decided === undefined ? null : upstreamName(decided.step),
    reason: decided?.reason ?? null,
  };
}

/** versionsHeadline says in one line whether `other` (a version's name) decides differently, and where. */
export function versionsHeadline(rows: VersionRows, other: string): string {
  if (rows.groups.size === 0) return `${other} decides the same.`;
  const groups = plural(rows.groups.size, 'task group');
  const allocs = rows.allocs.size === 0 ? '' : `, ${plural(rows.allocs.size, 'allocation')}`;
  return `${other} decides differently: ${groups}${allocs}.`;
}
