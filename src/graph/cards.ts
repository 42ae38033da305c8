// Allocation cards: one existing allocation with its decision, as drawn.

import type { Allocation } from '../engine/structs.ts';
import type { LaterChangeCode } from '../result/laterReleases.ts';
import { chooseDecision, type Decision, documentDecision } from './actions.ts';
import { allocEra } from './era.ts';
import type { AllocCard } from './model.ts';
import type { AllocResult } from './resultIndex.ts';

const INDEX = /\[(\d+)\]$/;

/** nameIndex returns the "[n]" ending of an allocation name, or the whole name when it has none. */
export function nameIndex(name: string): string {
  const m = INDEX.exec(name);
  return m ? `[${m[1]}]` : name;
}

/** indexNumber returns the numeric index of an allocation name, or -1. */
export function indexNumber(name: string): number {
  const m = INDEX.exec(name);
  return m ? Number(m[1]) : -1;
}

/**
 * allocCard builds the card of one allocation from its decision (trace
 * first, else the document); `jobVersion` is the version being scheduled,
 * which tells a current allocation from an old one; `later` are the
 * changes of later Nomad releases that concern its decision.
 */
export function allocCard(
  alloc: Allocation,
  decided: Decision | undefined,
  r: AllocResult | undefined,
  jobVersion: number,
  later: readonly LaterChangeCode[],
): AllocCard {
  // A traced decision other than "ignore" always wins (chooseDecision): the document need not be read then.
  const d =
    decided !== undefined && decided.action !== 'ignore'
      ? decided
      : chooseDecision(decided, documentDecision(alloc, r));
  const stopReason = r?.stop?.StatusDescription ?? r?.destructive?.StopStatusDescription ?? '';
  return {
    id: alloc.ID,
    name: alloc.Name,
    index: nameIndex(alloc.Name),
    group: alloc.TaskGroup,
    version: alloc.Job.Version,
    era: allocEra(
      {
        action: d.action,
        clientStatus: alloc.ClientStatus,
        desiredStatus: alloc.DesiredStatus,
        version: alloc.Job.Version,
      },
      jobVersion,
    ),
    clientStatus: alloc.ClientStatus,
    desiredStatus: alloc.DesiredStatus,
    canary: alloc.DeploymentStatus?.Canary ?? false,
    healthy: alloc.DeploymentStatus?.Healthy ?? null,
    action: d.action,
    step: d.step,
    reason: d.reason,
    stopReason,
    followup: r?.followup?.WaitUntil ?? '',
    replaced: false,
    replacesOnPromotion: [],
    later,
    clientUpdate: r?.disconnect !== undefined ? 'unknown' : r?.reconnect !== undefined ? 'reconnect' : null,
  };
}

/**
 * sortCards sorts cards in place by group, then name index, then ID. Each
 * name's index is read once, not once per comparison.
 */
export function sortCards(cards: AllocCard[]): void {
  if (cards.length < 2) return;
  const index = new Map<AllocCard, number>();
  for (const c of cards) index.set(c, indexNumber(c.name));
  cards.sort((a, b) => {
    if (a.group !== b.group) return a.group < b.group ? -1 : 1;
    const d = index.get(a)! - index.get(b)!;
    if (d !== 0) return d;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
}

/** sameIDs tells whether two lists of IDs are equal. */
export function sameIDs(a: readonly string[], b: readonly string[]): boolean {
  return a === b || (a.length === b.length && a.every((x, i) => x === b[i]));
}

/** sameCard tells whether two cards draw the same: every field the card shows or describes is equal. */
export function sameCard(a: AllocCard, b: AllocCard): boolean {
  return (
    a === b ||
    (a.id === b.id &&
      a.name === b.name &&
      a.index === b.index &&
      a.group === b.group &&
      a.version === b.version &&
      a.era === b.era &&
      a.clientStatus === b.clientStatus &&
      a.desiredStatus === b.desiredStatus &&
      a.canary === b.canary &&
      a.healthy === b.healthy &&
      a.action === b.action &&
      a.step === b.step &&
      a.reason === b.reason &&
      a.stopReason === b.stopReason &&
      a.followup === b.followup &&
      a.replaced === b.replaced &&
      sameIDs(a.replacesOnPromotion, b.replacesOnPromotion) &&
      sameIDs(a.later, b.later) &&
      a.clientUpdate === b.clientUpdate)
  );
}
