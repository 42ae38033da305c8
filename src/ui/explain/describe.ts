// Words for the explanation: the sets of computeGroup named for a reader,
// allocation IDs turned back into names, decisions in name order.

import type { AllocDecision, TraceStep } from '../../engine/types.ts';

const SET_LABELS: Record<string, string> = {
  all: 'all',
  ignore: 'ignore',
  untainted: 'untainted',
  migrate: 'migrate',
  lost: 'lost',
  rescheduleNow: 'reschedule now',
  rescheduleLater: 'reschedule later',
  stop: 'stop',
  inplace: 'in-place update',
  destructive: 'destructive update',
  place: 'place (new names)',
  canaries: 'canaries',
  stoppedCanaries: 'stopped canaries',
  migratingCanaries: 'migrating canaries',
  lostCanaries: 'lost canaries',
};

/** setLabel names one of computeGroup's allocation sets for a reader. */
export function setLabel(set: string): string {
  return SET_LABELS[set] ?? set;
}

/** Member is one entry of a set: an allocation (by ID and name) or, in the placement set, a name only. */
export interface Member {
  /** key is what the graph highlights: the allocation ID, or the placement's name. */
  key: string;
  name: string;
  /** alloc is false for names of placements, which are not allocations yet. */
  alloc: boolean;
}

/** members turns the IDs of a set into names (given by ID); an entry that is no allocation's ID is a placement's name. */
export function members(ids: readonly string[], names: ReadonlyMap<string, string>): Member[] {
  return ids.map((id) => {
    const name = names.get(id);
    return name !== undefined ? { key: id, name, alloc: true } : { key: id, name: id, alloc: false };
  });
}

/** stepKeys is every key a step's sets hold: what hovering the step highlights. */
export function stepKeys(step: TraceStep): Set<string> {
  const out = new Set<string>();
  for (const ids of Object.values(step.sets)) for (const id of ids) out.add(id);
  return out;
}

const INDEX = /\[(\d+)\]$/;

function indexOf(name: string): number {
  const m = INDEX.exec(name);
  return m ? Number(m[1]) : Number.MAX_SAFE_INTEGER;
}

/** sortDecisions orders decisions by name index, then name, then allocation ID. */
export function sortDecisions(decisions: readonly AllocDecision[]): AllocDecision[] {
  return [...decisions].sort(
    (a, b) => indexOf(a.name) - indexOf(b.name) || a.name.localeCompare(b.name) || a.allocID.localeCompare(b.allocID),
  );
}
