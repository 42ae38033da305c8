// Compare versions in the rollout worker: the same scenario and events
// filmed again by the other Nomad, under the same budget as the first film
// (SIM_BUDGET at every evaluation, and what is left of the worker's time
// limit), and the two films lined up (simulator/filmVersions.ts). The
// other film takes the same seeds, so the allocations both films place
// before they part ways have the same IDs. A scenario the other version
// cannot read or film is skipped, with the reason.

import { type FilmComparison, compareFilms } from '../simulator/filmVersions.ts';
import type { DisconnectedReadAsDown } from '../scenario/disconnectedAsDown.ts';
import { type NomadVersion, otherNomadVersion } from '../scenario/nomadVersion.ts';
import type { Scenario } from '../scenario/read.ts';
import type { SimEvent } from '../scenario/events.ts';
import type { TimeLimit } from '../simulator/budget.ts';
import { type Film, simulate } from '../simulator/simulate.ts';
import { simulatorBudget } from './budgets.ts';
import { readForVersion } from './otherVersion.ts';

/** FilmVersions is the other version's film compared with this one (this film's `version`), with 0.12's note when it read disconnected nodes as down, or why it was not made. */
export type FilmVersions = { version: NomadVersion; other: NomadVersion } & (
  { comparison: FilmComparison; readAsDown?: DisconnectedReadAsDown } | { skipped: string }
);

/**
 * filmVersions films `document` (whose reading for this version is
 * `scenario`, filmed as `film`) with the other version and the same
 * `events`, within `timeLimit`, and compares the two films.
 */
export async function filmVersions(
  document: Record<string, unknown>,
  scenario: Scenario,
  film: Film,
  events: readonly SimEvent[],
  timeLimit: TimeLimit,
): Promise<FilmVersions> {
  const version = scenario.NomadVersion ?? '0.12';
  const other = otherNomadVersion(version);
  const read = await readForVersion(document, other);
  if ('refused' in read) return { version, other, skipped: `it cannot read the scenario: ${read.refused}` };
  const over = simulatorBudget(read.scenario);
  if (over !== null) return { version, other, skipped: over };
  if (timeLimit.ms <= 0) return { version, other, skipped: 'the first film took the whole time the simulator has' };
  // Its reasoning is never shown: the other film skips the traces.
  const theirs = simulate(read.scenario, events, { timeLimit, trace: false });
  const films = other === '0.12' ? { '0.12': theirs, '1.6': film } : { '0.12': film, '1.6': theirs };
  const note = read.readAsDown === null ? {} : { readAsDown: read.readAsDown };
  return { version, other, comparison: compareFilms(films), ...note };
}
