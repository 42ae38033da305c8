// Time in the picture: the replacements that follow-up evaluations will
// place later (a reschedule delayed by its policy, or a lost allocation
// whose client must first stop it, stop_after_client_disconnect), as ghost
// cards with their times, joined to the allocations they will replace; and
// what each canary takes the place of once the deployment is promoted.

import type { Instant } from '../engine/structs.ts';
import { NO_LATER_CHANGES } from '../result/laterReleases.ts';
import { nameIndex } from './cards.ts';
import { type Lane, linkCard } from './lane.ts';
import type { AllocCard, GhostCard } from './model.ts';

type Cards = ReadonlyMap<string, { card: AllocCard; box: string }>;

/**
 * addLaterGhosts appends a ghost card for every allocation whose
 * replacement waits for a follow-up evaluation, with the evaluation's time
 * and how long after `now` it is, and an arrow from the allocation. The
 * replacement runs `jobVersion`, the version being scheduled.
 */
export function addLaterGhosts(lane: Lane, cards: Cards, now: Instant, jobVersion: number): void {
  for (const { card } of cards.values()) {
    if (card.followup === '') continue;
    const at = Date.parse(card.followup) * 1e6;
    const ghost: GhostCard = {
      key: `later:${card.id}`,
      kind: 'later',
      name: card.name,
      index: card.index || nameIndex(card.name),
      group: card.group,
      version: jobVersion,
      canary: false,
      reschedule: true,
      previousAllocID: card.id,
      linked: false,
      waitUntil: card.followup,
      waitFor: Number.isFinite(at) ? Math.max(0, at - now) : 0,
      replacesOnPromotion: [],
      later: NO_LATER_CHANGES,
    };
    lane.ghosts.push(ghost);
    linkCard(lane, cards, 'later', card.id, ghost);
  }
}

/**
 * markCanaryReplacements fills in, for each canary (a card of a canary
 * allocation, or a canary placement), the allocations of the same group
 * and name that run another job version: a promoted canary keeps its
 * name, so those are what it replaces once the deployment is promoted.
 */
export function markCanaryReplacements(lane: Lane, cards: Cards): void {
  const canaries: AllocCard[] = [];
  for (const { card } of cards.values()) if (card.canary && card.desiredStatus === 'run') canaries.push(card);
  const canaryGhosts = lane.ghosts.filter((g) => g.canary);
  // Most results have no canary at all: nothing to index then.
  if (canaries.length === 0 && canaryGhosts.length === 0) return;
  // By group, then name: the names as they are, no key string made per card.
  const byName = new Map<string, Map<string, AllocCard[]>>();
  for (const { card } of cards.values()) {
    if (card.canary || card.desiredStatus !== 'run') continue;
    let group = byName.get(card.group);
    if (group === undefined) byName.set(card.group, (group = new Map<string, AllocCard[]>()));
    const same = group.get(card.name);
    if (same === undefined) group.set(card.name, [card]);
    else same.push(card);
  }
  const olds = (group: string, name: string) => byName.get(group)?.get(name) ?? [];
  for (const card of canaries) {
    card.replacesOnPromotion = olds(card.group, card.name)
      .filter((o) => o.version !== card.version)
      .map((o) => o.id);
  }
  for (const g of canaryGhosts) g.replacesOnPromotion = olds(g.group, g.name).map((o) => o.id);
}
