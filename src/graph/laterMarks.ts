// The changes of later Nomad releases on the lane's ghost cards: a
// placement takes those of the allocation it replaces, and a canary its
// group's (result/laterReleases.ts decides which).

import { type LaterIndex, laterChangesOfPlacement } from '../result/laterReleases.ts';
import type { Lane } from './lane.ts';

/** markLaterPlacements fills in each ghost card's later changes, once the lane's arrows are known. */
export function markLaterPlacements(lane: Lane, index: LaterIndex): void {
  if (index.allocs.size === 0 && index.canaryGroups.size === 0) return;
  const linkedFrom = new Map(lane.links.map((l) => [l.ghostKey, l.allocID]));
  for (const g of lane.ghosts) {
    const replaces = g.previousAllocID || (linkedFrom.get(g.key) ?? '');
    g.later = laterChangesOfPlacement(index, { group: g.group, canary: g.canary, replaces });
  }
}
