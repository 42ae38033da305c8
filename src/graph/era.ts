// Time in the cards: which allocations run the version being scheduled,
// which run an older one, which go away in this evaluation, which had gone
// before it, and which are still to be placed. Every picture of the graph
// (the page, the SVG) draws a card's era the same way, from these words.

import type { AllocAction } from '../engine/types.ts';
import type { Era } from './model.ts';

// GOING lists the decisions that take an allocation away: stopped, lost,
// moved, replaced by a new version, or replaced after a failure.
const GOING: ReadonlySet<AllocAction> = new Set([
  'stop',
  'lost',
  'migrate',
  'destructive',
  'reschedule-now',
  'reschedule-later',
]);

// TERMINAL_CLIENT lists the client statuses of an allocation that no longer runs.
const TERMINAL_CLIENT: ReadonlySet<string> = new Set(['complete', 'failed', 'lost']);

/** EraFacts are what an allocation's era rests on: its decision, statuses and job version. */
export interface EraFacts {
  action: AllocAction;
  clientStatus: string;
  desiredStatus: string;
  version: number;
}

/**
 * allocEra places an existing allocation in time. A decision that takes it
 * away makes it `going`, whatever it ran; one that had stopped before this
 * evaluation and is left alone is `gone` (so it never looks like a running
 * allocation); otherwise its job version says whether it is `current` or
 * `old`. An allocation updated in place stays as it is drawn, with the
 * version it runs now: its chip and its version agree, and its decision
 * says that it is updated.
 */
export function allocEra(f: EraFacts, jobVersion: number): Era {
  if (GOING.has(f.action)) return 'going';
  if (f.desiredStatus !== 'run' || TERMINAL_CLIENT.has(f.clientStatus)) return 'gone';
  return f.version === jobVersion ? 'current' : 'old';
}

/** EraTerm is how the legend and the details name an era. */
export interface EraTerm {
  label: string;
  description: string;
}

/** ERAS names each era and says how it is drawn, for the legend, the details and the picture. */
export const ERAS: Readonly<Record<Era, EraTerm>> = {
  new: { label: 'new', description: 'to be placed: dashed card, dashed version chip with a +' },
  current: { label: 'current version', description: 'runs the job version being scheduled: filled version chip' },
  old: { label: 'older version', description: 'runs an older job version and stays for now: hollow version chip' },
  going: { label: 'going away', description: 'stopped or replaced now: striped card, version struck through' },
  gone: { label: 'already gone', description: 'had stopped before this evaluation: greyed, dotted edge' },
};

/** ERA_ORDER lists the eras as time runs: what was, what runs, what comes. */
export const ERA_ORDER: readonly Era[] = ['gone', 'going', 'old', 'current', 'new'];
