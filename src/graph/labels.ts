// The short words the graph writes on its cards, boxes, lane and deployment
// panels, for the page and for the exported picture alike, so that the
// picture says what the page says.

import { formatGoDuration } from '../engine/time.ts';
import { LATER_CHANGES, type LaterChangeCode } from '../result/laterReleases.ts';
import type { DeploymentGroupView } from './deployment.ts';
import type { AllocCard, FoldSummary, GhostCard, LaneView, NodeBoxView, NodeCondition } from './model.ts';
import { ACTIONS, CLIENT_UPDATES } from './vocabulary.ts';

/** plural writes a count with its noun, "1 node", "3 nodes". */
export function plural(n: number, noun: string): string {
  return `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
}

/** GROUP_CHARS is how many characters of a group's name a card shows. */
export const GROUP_CHARS = 14;

/** MARKED_GROUP_CHARS is how many it shows beside a later-release mark, which takes the rest of the line. */
export const MARKED_GROUP_CHARS = 7;

/**
 * laterMark is the small mark of a decision that a Nomad release after
 * 1.6.5 makes otherwise: the first such release's minor version and a plus,
 * "1.10+"; "" when none does.
 */
export function laterMark(later: readonly LaterChangeCode[]): string {
  const first = later[0];
  return first === undefined ? '' : `${LATER_CHANGES[first].release.split('.').slice(0, 2).join('.')}+`;
}

/** LATER_MARK_DESCRIPTION says what a later-release mark means, in the page's legend and the picture's. */
export const LATER_MARK_DESCRIPTION = 'a Nomad release after 1.6.5 changed this decision';

/** laterWords names the later releases that changed the decision, for a card's label: "changed in Nomad 1.10.0"; "" when none. */
export function laterWords(later: readonly LaterChangeCode[]): string {
  const releases = [...new Set(later.map((c) => LATER_CHANGES[c].release))];
  return releases.length === 0 ? '' : `changed in Nomad ${releases.join(' and ')}`;
}

/** clip shortens text to `chars` characters, ending in an ellipsis when cut (cards cut text in the markup, never by CSS). */
export function clip(text: string, chars: number): string {
  return text.length <= chars ? text : `${text.slice(0, chars - 1)}…`;
}

// GONE_WORDS say how an allocation that had stopped before this evaluation ended, by client status.
const GONE_WORDS: Readonly<Record<string, string>> = { complete: 'finished', failed: 'failed', lost: 'lost' };

/** actionLine is a card's third line: the decision in a word or two (a stop's reason in Nomad's words). */
export function actionLine(c: AllocCard): string {
  const term = ACTIONS[c.action];
  if (c.era === 'gone') return `${term.symbol} already ${GONE_WORDS[c.clientStatus] ?? 'stopped'}`;
  if (c.action === 'ignore' && c.clientUpdate !== null) return CLIENT_UPDATES[c.clientUpdate].line;
  if (c.action === 'ignore') return `${term.symbol} no change`;
  // The reason is Nomad's own words, on two lines; "alloc" goes without saying on a card.
  if (c.action === 'stop' && c.stopReason !== '')
    return `${term.symbol} ${clip(c.stopReason.replace(/^alloc /, ''), 36)}`;
  if (c.action === 'reschedule-later' && c.followup !== '') return `${term.symbol} later, ${clock(c.followup)}`;
  return `${term.symbol} ${term.label}`;
}

/** actionFlagged tells whether a card's decision is drawn as a filled flag (lost, in place) rather than coloured text. */
export function actionFlagged(c: AllocCard): boolean {
  return c.action === 'lost' || c.action === 'inplace';
}

/**
 * healthShown tells whether a card shows a deployment health badge: only
 * what keeps running does (so nothing stopped or replaced wears a green
 * check), a canary's always, another's when the deployment has judged it.
 */
export function healthShown(c: AllocCard): boolean {
  return (c.era === 'current' || c.era === 'old') && (c.canary || c.healthy !== null);
}

/** clock is the UTC time of day (hh:mm:ss) of an RFC 3339 instant. */
export function clock(t: string): string {
  return t.slice(11, 19);
}

/** ghostTag is a ghost card's tag: the kind of placement in a word, shown on the card and counted on the overview. */
export function ghostTag(g: GhostCard): string {
  if (g.kind === 'later') return 'later';
  if (g.canary) return 'canary';
  if (g.kind === 'destructive') return 'update';
  if (g.reschedule) return 'reschedule';
  if (g.previousAllocID !== '') return 'migrate';
  return 'create';
}

/** waitFor is a later ghost card's wait, "in 30s". */
export function waitFor(g: GhostCard): string {
  return `in ${formatGoDuration(g.waitFor)}`;
}

/**
 * conditionBadges lists the badges of a node's box: its condition when not
 * ready, and draining, or else ineligible (a draining node is ineligible as
 * a matter of course; two badges did not fit a one-card box's header).
 */
export function conditionBadges(v: NodeBoxView): (Exclude<NodeCondition, 'ready'> | 'draining' | 'ineligible')[] {
  const out: (Exclude<NodeCondition, 'ready'> | 'draining' | 'ineligible')[] = [];
  if (v.condition !== 'ready') out.push(v.condition);
  if (v.draining) out.push('draining');
  else if (v.ineligible) out.push('ineligible');
  return out;
}

/**
 * boxMeta is a box header's second line: the datacenter and, when no badge
 * follows it, "ready"; beside a badge the word pushed the badge below the
 * header's height, where it was cut.
 */
export function boxMeta(v: NodeBoxView): string {
  if (v.condition === 'gc') return 'node no longer exists';
  const dc = v.datacenter || '—';
  return conditionBadges(v).length === 0 ? `${dc} · ready` : dc;
}

/** summaryText is what the box of folded nodes says: "3 nodes, 12 allocations: no change". */
export function summaryText(v: FoldSummary): string {
  return `${plural(v.nodes, 'node')}, ${plural(v.allocs, 'allocation')}: no change`;
}

/** foldLineText is the short line under a box's cards that counts its folded allocations: "+2 unchanged". */
export function foldLineText(folded: number): string {
  return `+${folded.toLocaleString('en-US')} unchanged`;
}

/** laneCanaries counts the lane's canary placements, with a card or counted on an aggregate. */
export function laneCanaries(v: LaneView): number {
  return v.placements.filter((g) => g.canary).length + v.more.reduce((n, m) => n + m.canaries, 0);
}

/** laneTitle is the lane's heading: "Placements (N)". */
export function laneTitle(v: LaneView): string {
  return v.total > 0 ? `Placements (${v.total.toLocaleString('en-US')})` : 'Placements';
}

/** laneNote is the lane's second line ("2 canary · node chosen later"), or "" for an empty lane. */
export function laneNote(v: LaneView): string {
  if (v.total === 0) return '';
  const canaries = laneCanaries(v);
  return `${canaries > 0 ? `${canaries.toLocaleString('en-US')} canary · ` : ''}node chosen later`;
}

/** effectText says what the evaluation shown does to the deployment, or "" when nothing. */
export function effectText(v: DeploymentGroupView): string {
  switch (v.effect) {
    case 'created':
      return 'created by this evaluation';
    case 'cancelled':
      return 'cancelled by this evaluation';
    case 'marked':
      return `marked ${v.status} by this evaluation`;
    case 'none':
      return '';
  }
}
