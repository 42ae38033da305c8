// Allocation cards: one existing allocation with its decision, as drawn.

import type { Allocation } from '../engine/structs.ts';
import { chooseDecision, type Decision, documentDecision } from './actions.ts';
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

/** allocCard builds the card of one allocation from its decision (trace first, else the document). */
export function allocCard(alloc: Allocation, decided: Decision | undefined, r: AllocResult | undefined): AllocCard {
  const d = chooseDecision(decided, documentDecision(alloc, r));
  const stopReason = r?.stop?.StatusDescription ?? r?.destructive?.StopStatusDescription ?? '';
  return {
    id: alloc.ID,
    name: alloc.Name,
    index: nameIndex(alloc.Name),
    group: alloc.TaskGroup,
    version: alloc.Job.Version,
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
  };
}

/** compareCards orders cards by group, then name index, then ID. */
export function compareCards(a: AllocCard, b: AllocCard): number {
  if (a.group !== b.group) return a.group < b.group ? -1 : 1;
  const ia = indexNumber(a.name);
  const ib = indexNumber(b.name);
  if (ia !== ib) return ia - ib;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** cardSignature is a string that changes whenever anything drawn on the card changes. */
export function cardSignature(c: AllocCard): string {
  return [
    c.id,
    c.name,
    c.version,
    c.clientStatus,
    c.desiredStatus,
    c.canary,
    c.healthy,
    c.action,
    c.step,
    c.reason,
    c.stopReason,
    c.followup,
    c.replaced,
  ].join('\u0001');
}
