// Compare versions, in the worker: the scenario the page shows, read and
// reconciled again by the other Nomad, and the two results compared per
// group and per allocation (result/compare.ts). The other version reads the
// document anew (otherVersion.ts); a document it refuses is answered with
// its reason.

import type { AllocDecision } from '../engine/types.ts';
import { type CompareSide, type Comparison, compareRuns } from '../result/compare.ts';
import { type LaterNote, laterNotes } from '../result/laterReleases.ts';
import { runScenario } from '../result/run.ts';
import type { DisconnectedReadAsDown } from '../scenario/disconnectedAsDown.ts';
import { type NomadVersion, otherNomadVersion } from '../scenario/nomadVersion.ts';
import type { Scenario } from '../scenario/read.ts';
import { engineBudget } from './budgets.ts';
import { readForVersion } from './otherVersion.ts';

/**
 * VersionComparison is the other version's view of the scenario: how the
 * two results differ, or why the other version could not reconcile it.
 */
export type VersionComparison = (
  | {
      other: NomadVersion;
      comparison: Comparison;
      /** readAsDown, when present, says that 0.12 read the scenario's disconnected nodes as down. */
      readAsDown?: DisconnectedReadAsDown;
      /** decisions are the other version's traced decisions for the allocations it treats differently (the step and words of each). */
      decisions: AllocDecision[];
    }
  | { other: NomadVersion; refused: string }
) & {
  /** later are the changes of releases after 1.6.5 that bear on this version's result. */
  later: LaterNote[];
};

/**
 * compareVersions reconciles `document` with the version `scenario` was
 * not read for, and compares that run with `side`, this version's.
 */
export async function compareVersions(
  document: Record<string, unknown>,
  scenario: Scenario,
  side: CompareSide,
): Promise<VersionComparison> {
  const other = otherNomadVersion(scenario.NomadVersion ?? '0.12');
  const later = laterNotes(scenario, side.document);
  const read = await readForVersion(document, other);
  if ('refused' in read) return { other, later, refused: read.refused };
  const over = engineBudget(read.scenario);
  if (over !== null) return { other, later, refused: over };
  const run = runScenario(read.scenario, { trace: true });
  const theirs: CompareSide = { document: run.document, trace: run.results.trace };
  const allocs = scenario.Allocations.map((a) => ({ ID: a.ID, Name: a.Name, TaskGroup: a.TaskGroup }));
  const comparison = other === '1.6' ? compareRuns(allocs, side, theirs) : compareRuns(allocs, theirs, side);
  const differing = new Set(comparison.Allocations.map((a) => a.AllocID));
  const decisions = (run.results.trace?.groups ?? []).flatMap((g) =>
    g.decisions.filter((d) => differing.has(d.allocID)),
  );
  return { other, later, comparison, decisions, ...(read.readAsDown === null ? {} : { readAsDown: read.readAsDown }) };
}
