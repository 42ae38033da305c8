// Every card's answer to "why?": for an existing allocation and for a
// placement alike, the decision, the step that made it in plain words, the
// rule behind it, and upstream's name for that step. Made from typed codes
// (the trace's decision codes, the kind of a ghost card), never from words.

import { formatGoDuration } from '../engine/time.ts';
import type { AllocDecision } from '../engine/types.ts';
import { type LaterChangeCode, NO_LATER_CHANGES } from '../result/laterReleases.ts';
import type { AllocCard, GhostCard, GraphModel, MorePlacements } from './model.ts';
import {
  ACTION_RULES,
  canaryRule,
  countRule,
  DECISION_RULES,
  disconnectRule,
  type GroupRules,
  maxParallelRule,
  migrateRule,
  rescheduleRule,
  withLimit,
} from './rules.ts';
import { STEP_NAMES, stepName } from './stepNames.ts';

/** Why is a card's answer to "why?". */
export interface Why {
  /** decision is what happens to it, in a sentence. */
  decision: string;
  /** step is the step of the reconciler that made the decision, in plain words. */
  step: string;
  /** rule is the setting or rule of Nomad's behind the decision. */
  rule: string;
  /** upstream names the step as upstream's code does, a secondary detail. */
  upstream: string;
  /** later are the changes of Nomad releases after 1.6.5 that decide this otherwise, oldest first. */
  later: readonly LaterChangeCode[];
}

/**
 * allocWhy answers for an existing allocation: from the trace's decision
 * when the card shows it (its code says which rule), else from what the
 * result document does with it.
 */
export function allocWhy(card: AllocCard, decided: AllocDecision | undefined, rules: GroupRules): Why {
  if (decided !== undefined && card.step !== '' && decided.step === card.step && decided.action === card.action) {
    return {
      decision: card.reason,
      step: STEP_NAMES[decided.step],
      rule: DECISION_RULES[decided.code](rules),
      upstream: decided.step,
      later: card.later,
    };
  }
  return {
    decision: card.reason,
    step: card.step === '' ? 'Read from the result document' : stepName(card.step),
    rule: ACTION_RULES[card.action](rules),
    upstream: card.step === '' ? 'allocReconciler.Compute' : card.step,
    later: card.later,
  };
}

/**
 * PlacementCode says why a ghost card is in the lane: a canary, a new
 * allocation the count lacks, the replacement of a lost, failed, moved or
 * destructively updated one, or a replacement placed later (after a
 * failure's delay, or once a disconnected client has stopped its own).
 */
export type PlacementCode =
  'canary' | 'create' | 'lost' | 'reschedule' | 'migrate' | 'destructive' | 'later-reschedule' | 'later-lost';

/** placementCode reads a ghost card's code from its kind and links; `replaced` is the card of the allocation it replaces. */
export function placementCode(g: GhostCard, replaced: AllocCard | undefined): PlacementCode {
  if (g.kind === 'destructive') return 'destructive';
  if (g.kind === 'later') return replaced?.action === 'lost' ? 'later-lost' : 'later-reschedule';
  if (g.canary) return 'canary';
  if (g.reschedule) return 'reschedule';
  if (g.previousAllocID !== '') return 'migrate';
  return g.linked ? 'lost' : 'create';
}

// PlacementStep is where a kind of placement is decided: in plain words, upstream's names, and the rule.
interface PlacementStep {
  step: string;
  upstream: string;
  decision: (g: GhostCard, old: string) => string;
  rule: (r: GroupRules) => string;
}

// later is the decision of a replacement a follow-up evaluation places, for a failed or a lost allocation.
function later(what: 'failed' | 'lost'): PlacementStep['decision'] {
  return (g, old) =>
    `replace the ${what} ${old} later: a follow-up evaluation at ${g.waitUntil} (in ${formatGoDuration(g.waitFor)}) places ${g.name}`;
}

/** PLACEMENTS answers "why?" for each kind of placement (every code has an answer: a Record). */
export const PLACEMENTS: Readonly<Record<PlacementCode, PlacementStep>> = {
  canary: {
    step: 'Place canaries before anything is replaced',
    upstream: 'computeGroup (nameIndex.NextCanaries)',
    decision: (g) =>
      `place ${g.name} as a canary of job version ${g.version}: the job changed in a way that replaces allocations, and the group wants canaries first`,
    rule: canaryRule,
  },
  create: {
    step: STEP_NAMES.computePlacements,
    upstream: 'computePlacements',
    decision: (g) =>
      `place ${g.name}, a new allocation of job version ${g.version}: the group has fewer than its count`,
    rule: countRule,
  },
  lost: {
    step: STEP_NAMES.computePlacements,
    upstream: 'computePlacements',
    decision: (g) => `place ${g.name} anew: the allocation of that name is lost with its node`,
    rule: (r) => `${disconnectRule(r)}; a lost allocation is replaced even while the deployment holds other changes`,
  },
  reschedule: {
    step: STEP_NAMES.filterByRescheduleable,
    upstream: 'filterByRescheduleable, computePlacements',
    decision: (g, old) => `replace the failed ${old} now, as ${g.name} of job version ${g.version}`,
    rule: rescheduleRule,
  },
  migrate: {
    step: STEP_NAMES.filterByTainted,
    upstream: 'filterByTainted, computeGroup (migrate)',
    decision: (g, old) => `move ${old} off its draining node: ${g.name} is placed on another node`,
    rule: migrateRule,
  },
  destructive: {
    step: STEP_NAMES.computeUpdates,
    upstream: 'computeUpdates, computeLimit',
    decision: (g, old) =>
      `replace ${old} with ${g.name} of job version ${g.version}: the change cannot be made in place`,
    rule: (r) => withLimit(maxParallelRule(r), r),
  },
  'later-reschedule': {
    step: STEP_NAMES.filterByRescheduleable,
    upstream: 'filterByRescheduleable, handleDelayedReschedules',
    decision: later('failed'),
    rule: rescheduleRule,
  },
  'later-lost': {
    step: STEP_NAMES.delayByStopAfterClientDisconnect,
    upstream: 'delayByStopAfterClientDisconnect, handleDelayedLost',
    decision: later('lost'),
    rule: disconnectRule,
  },
};

/** ghostWhy answers for a placement; `replaced` is the card of the allocation it replaces, when it has one. */
export function ghostWhy(g: GhostCard, replaced: AllocCard | undefined, rules: GroupRules): Why {
  const p = PLACEMENTS[placementCode(g, replaced)];
  const old =
    replaced === undefined ? g.previousAllocID.slice(0, 8) || g.name : `${replaced.name} (v${replaced.version})`;
  return { decision: p.decision(g, old), step: p.step, rule: p.rule(rules), upstream: p.upstream, later: g.later };
}

/** moreWhy answers for the aggregate card that counts a group's new placements past the lane's cap. */
export function moreWhy(m: MorePlacements, rules: GroupRules): Why {
  const canaries = m.canaries > 0 ? ` (${m.canaries.toLocaleString('en-US')} of them canaries)` : '';
  const p = m.canaries === m.count ? PLACEMENTS.canary : PLACEMENTS.create;
  return {
    decision: `place ${m.count.toLocaleString('en-US')} more new allocations of group ${m.group}, job version ${m.version}${canaries}: counted on one card rather than drawn one by one`,
    step: p.step,
    rule: p.rule(rules),
    upstream: p.upstream,
    later: NO_LATER_CHANGES,
  };
}

/** FoundGhost is a ghost card of a graph model with the card of the allocation it replaces, if any. */
export interface FoundGhost {
  ghost: GhostCard;
  replaced: AllocCard | undefined;
}

/** findGhost finds the ghost card of a key in a graph model, and the card an arrow joins to it; null when none has the key. */
export function findGhost(model: GraphModel, key: string): FoundGhost | null {
  const ghost = model.lane.view.placements.find((g) => g.key === key);
  if (ghost === undefined) return null;
  const from = model.edges.find((e) => e.ghostKey === key)?.allocID;
  let replaced: AllocCard | undefined;
  if (from !== undefined) {
    for (const b of model.boxes) replaced ??= b.view.allocs.find((c) => c.id === from);
  }
  return { ghost, replaced };
}

/** findMore finds the aggregate card of a key in a graph model; null when none has the key. */
export function findMore(model: GraphModel, key: string): MorePlacements | null {
  return model.lane.view.more.find((m) => m.key === key) ?? null;
}
