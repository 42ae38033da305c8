// The graph's words and symbols, shared by cards, the legend, the details
// panel, the explanation and the exported picture so that they always agree.

import type { AllocAction } from '../engine/types.ts';
import type { ClientUpdate, EdgeKind, NodeCondition } from './model.ts';

/** Term is a label, a symbol and a sentence for the legend. */
export interface Term {
  label: string;
  symbol: string;
  description: string;
}

/** ACTIONS describes each fate of an existing allocation. */
export const ACTIONS: Record<AllocAction, Term> = {
  ignore: { label: 'ignore', symbol: '·', description: 'left as it is' },
  stop: { label: 'stop', symbol: '✕', description: 'stopped (struck through; the reason in its tooltip)' },
  lost: { label: 'lost', symbol: '⚠', description: 'lost: its node is down or gone' },
  migrate: { label: 'migrate', symbol: '⇠', description: 'moved off a draining node' },
  destructive: { label: 'replace', symbol: '↻', description: 'destructive update: stopped and replaced' },
  inplace: { label: 'in-place', symbol: '✎', description: 'updated in place' },
  'reschedule-now': { label: 'reschedule now', symbol: '⟳', description: 'failed; replaced now' },
  'reschedule-later': { label: 'reschedule later', symbol: '◷', description: 'failed; replaced by a later evaluation' },
  canary: { label: 'canary', symbol: '◆', description: 'canary of the deployment, kept' },
};

/** ACTION_ORDER lists the actions in the legend's order. */
export const ACTION_ORDER: readonly AllocAction[] = [
  'ignore',
  'inplace',
  'destructive',
  'migrate',
  'reschedule-now',
  'reschedule-later',
  'stop',
  'lost',
  'canary',
];

/** CONDITIONS describes how a client node's box looks. */
export const CONDITIONS: Record<NodeCondition | 'draining' | 'ineligible', Term> = {
  ready: { label: 'ready', symbol: '●', description: 'ready node' },
  initializing: { label: 'initializing', symbol: '◌', description: 'node still initializing' },
  down: { label: 'DOWN', symbol: '✖', description: 'node down: its allocations are lost' },
  disconnected: {
    label: 'DISCONNECTED',
    symbol: '⌁',
    description: 'node disconnected (Nomad 1.6): its allocations are unknown until it reconnects',
  },
  draining: { label: 'DRAINING', symbol: '⇣', description: 'node draining: marked allocations migrate' },
  ineligible: { label: 'INELIGIBLE', symbol: '⊘', description: 'node ineligible for new placements' },
  gc: { label: 'GARBAGE-COLLECTED', symbol: '⌫', description: 'node no longer exists (garbage-collected)' },
};

/** CLIENT_UPDATES describes Nomad 1.6's client-status updates, drawn on a card whose decision is otherwise "no change". */
export const CLIENT_UPDATES: Record<NonNullable<ClientUpdate>, Term & { line: string }> = {
  unknown: {
    label: 'now unknown',
    symbol: '⌁',
    line: '⌁ now unknown',
    description: 'marked unknown (Nomad 1.6): its client disconnected; it keeps running and may reconnect',
  },
  reconnect: {
    label: 'reconnects',
    symbol: '↺',
    line: '↺ reconnects, kept',
    description: 'reconnects (Nomad 1.6): its client came back, and Nomad keeps it rather than its replacement',
  },
};

/** EDGES describes the arrows from an allocation to its replacement. */
export const EDGES: Record<EdgeKind, Term> = {
  migrate: { label: 'migration', symbol: '→', description: 'migrated to a new placement' },
  destructive: { label: 'replacement', symbol: '→', description: 'replaced by the new version' },
  reschedule: { label: 'reschedule', symbol: '→', description: 'rescheduled to a new placement' },
  lost: { label: 'lost, replaced', symbol: '⇢', description: 'lost; a placement of the same name replaces it' },
  later: { label: 'replaced later', symbol: '◷', description: 'replaced by a follow-up evaluation at the time shown' },
};

/** healthLabel says what an allocation's deployment health is. */
export function healthLabel(healthy: boolean | null): string {
  return healthy === true ? 'healthy' : healthy === false ? 'unhealthy' : 'health unknown';
}

/** healthSymbol is the badge of an allocation's deployment health. */
export function healthSymbol(healthy: boolean | null): string {
  return healthy === true ? '✓' : healthy === false ? '✗' : '?';
}
