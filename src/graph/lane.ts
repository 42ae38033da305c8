// The lane of pending placements and the arrows that join replaced
// allocations to their replacements.

import type { ResultDocument } from '../result/document.ts';
import { NO_LATER_CHANGES } from '../result/laterReleases.ts';
import { nameIndex, sameIDs } from './cards.ts';
import type { AllocCard, EdgeKind, GhostCard, MorePlacements, ReplacementEdge } from './model.ts';

/** LANE_ID is the graph ID of the lane of pending placements. */
export const LANE_ID = 'lane';

/** Link is an arrow before layout: which card, in which box, to which ghost. */
export type Link = Omit<ReplacementEdge, 'from' | 'to'>;

/**
 * LANE_GROUP_CAP is how many new placements of one group (those that replace
 * nothing, so no arrow needs them) get a card of their own; the rest of the
 * group's are counted on one aggregate card. A `Count` of a million then
 * draws a hundred cards and one "+999,900 more", not a million boxes.
 */
export const LANE_GROUP_CAP = 100;

/** Lane is the lane's cards, the aggregates of what has no card, and the arrows ending at cards. */
export interface Lane {
  ghosts: GhostCard[];
  more: MorePlacements[];
  links: Link[];
}

/** linkCard joins an allocation's card to a ghost card with an arrow of the given kind, when the card is drawn. */
export function linkCard(
  lane: Pick<Lane, 'links'>,
  cards: ReadonlyMap<string, { card: AllocCard; box: string }>,
  kind: EdgeKind,
  allocID: string,
  ghost: GhostCard,
): void {
  const from = cards.get(allocID);
  if (from === undefined) return;
  from.card.replaced = true;
  ghost.linked = true;
  lane.links.push({
    id: `${kind}:${allocID}->${ghost.key}`,
    kind,
    source: from.box,
    allocID,
    target: LANE_ID,
    ghostKey: ghost.key,
  });
}

function uniqueKey(seen: Map<string, number>, base: string): string {
  const n = (seen.get(base) ?? 0) + 1;
  seen.set(base, n);
  return n === 1 ? base : `${base}#${n}`;
}

/**
 * buildLane lists the ghost cards (canaries first, then placements, then
 * the replacements of destructive updates) and the arrows from old
 * allocations: migrations and reschedules name their previous allocation;
 * a destructive update replaces the allocation it stops; a lost allocation
 * is joined to a placement of the same name that names no previous
 * allocation (the reconciler reuses a lost allocation's name).
 * `cards` maps allocation IDs to their cards and the box that holds them.
 * Past LANE_GROUP_CAP new placements in a group, the others are counted
 * on the group's aggregate instead (in the job's order of first sight).
 * Every placement runs `jobVersion`, the version being scheduled, but for
 * a Nomad 1.6 non-canary placed while canaries await promotion.
 */
export function buildLane(
  doc: ResultDocument,
  cards: ReadonlyMap<string, { card: AllocCard; box: string }>,
  jobVersion: number,
): Lane {
  const seen = new Map<string, number>();
  const ghosts: GhostCard[] = [];
  const links: Link[] = [];
  const lane = { ghosts, links };
  const link = (kind: EdgeKind, allocID: string, ghost: GhostCard): void => linkCard(lane, cards, kind, allocID, ghost);

  const lostByName = new Map<string, string[]>();
  for (const { card } of cards.values()) {
    if (card.action !== 'lost') continue;
    const k = `${card.group}\u0001${card.name}`;
    lostByName.set(k, [...(lostByName.get(k) ?? []), card.id]);
  }

  const more = new Map<string, MorePlacements>();
  const shown = new Map<string, number>();
  // aggregated counts a new placement on its group's aggregate once the group has its cards.
  const aggregated = (p: ResultDocument['Place'][number]): boolean => {
    const n = shown.get(p.TaskGroup) ?? 0;
    if (n < LANE_GROUP_CAP) {
      shown.set(p.TaskGroup, n + 1);
      return false;
    }
    let m = more.get(p.TaskGroup);
    if (m === undefined) {
      m = { key: `more:${p.TaskGroup}`, group: p.TaskGroup, version: jobVersion, count: 0, canaries: 0 };
      more.set(p.TaskGroup, m);
    }
    m.count++;
    if (p.Canary) m.canaries++;
    return true;
  };

  const places = [...doc.Place.filter((p) => p.Canary), ...doc.Place.filter((p) => !p.Canary)];
  for (const p of places) {
    const lost = p.PreviousAllocID === '' ? lostByName.get(`${p.TaskGroup}\u0001${p.Name}`) : undefined;
    if (p.PreviousAllocID === '' && !lost?.length && aggregated(p)) continue;
    const ghost: GhostCard = {
      key: uniqueKey(seen, `place:${p.TaskGroup}:${p.Name}:${p.PreviousAllocID}`),
      kind: 'place',
      name: p.Name,
      index: nameIndex(p.Name),
      group: p.TaskGroup,
      // Nomad 1.6 runs a non-canary replaced while canaries await promotion at the promoted version, which the
      // playground knows only as the replaced allocation's (MinJobVersion), not the job being rolled out.
      version: p.DowngradeNonCanary === true ? (p.MinJobVersion ?? jobVersion) : jobVersion,
      canary: p.Canary,
      reschedule: p.Reschedule,
      previousAllocID: p.PreviousAllocID,
      linked: false,
      waitUntil: '',
      waitFor: 0,
      replacesOnPromotion: [],
      later: NO_LATER_CHANGES,
    };
    ghosts.push(ghost);
    if (p.PreviousAllocID !== '') {
      link(p.Reschedule ? 'reschedule' : 'migrate', p.PreviousAllocID, ghost);
    } else {
      const id = lost?.shift();
      if (id !== undefined) link('lost', id, ghost);
    }
  }
  for (const d of doc.DestructiveUpdate) {
    const ghost: GhostCard = {
      key: uniqueKey(seen, `destructive:${d.TaskGroup}:${d.Name}:${d.StopAllocID}`),
      kind: 'destructive',
      name: d.Name,
      index: nameIndex(d.Name),
      group: d.TaskGroup,
      version: jobVersion,
      canary: false,
      reschedule: false,
      previousAllocID: d.StopAllocID,
      linked: false,
      waitUntil: '',
      waitFor: 0,
      replacesOnPromotion: [],
      later: NO_LATER_CHANGES,
    };
    ghosts.push(ghost);
    link('destructive', d.StopAllocID, ghost);
  }
  return { ghosts, more: [...more.values()], links };
}

/** sameGhost tells whether two ghost cards draw the same: every field is equal. */
export function sameGhost(a: GhostCard, b: GhostCard): boolean {
  return (
    a === b ||
    (a.key === b.key &&
      a.kind === b.kind &&
      a.name === b.name &&
      a.index === b.index &&
      a.group === b.group &&
      a.version === b.version &&
      a.canary === b.canary &&
      a.reschedule === b.reschedule &&
      a.previousAllocID === b.previousAllocID &&
      a.linked === b.linked &&
      a.waitUntil === b.waitUntil &&
      a.waitFor === b.waitFor &&
      sameIDs(a.replacesOnPromotion, b.replacesOnPromotion) &&
      sameIDs(a.later, b.later))
  );
}
