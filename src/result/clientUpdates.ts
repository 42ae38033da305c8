// Nomad 1.6's disconnect and reconnect updates in words, for the plan and
// the explanation: `nomad job plan` counts neither (they have no count of
// their own), so the playground lists them after the dry-run.

import type { ResultDocument } from './document.ts';

/** ClientUpdateSection is one list of client updates: its heading and one line per allocation. */
export interface ClientUpdateSection {
  heading: string;
  lines: string[];
}

/**
 * clientUpdateSections lists the allocations a 1.6 result marks unknown and
 * those it keeps as their node comes back, each with what happens next;
 * none for a 0.12 result or when nothing disconnects or reconnects.
 */
export function clientUpdateSections(doc: ResultDocument): ClientUpdateSection[] {
  const waits = new Map<string, string>();
  for (const evals of Object.values(doc.DesiredFollowupEvals))
    for (const e of evals) waits.set(e.ID, `${e.TriggeredBy} evaluation at ${e.WaitUntil}`);
  const sections: ClientUpdateSection[] = [];
  const disconnect = doc.DisconnectUpdates ?? [];
  if (disconnect.length > 0)
    sections.push({
      heading: 'Allocations marked unknown (their clients disconnected)',
      lines: disconnect.map((u) => {
        const next = waits.get(u.FollowupEvalID);
        return `${u.Name} (${u.AllocID}): ${u.ClientDescription}${next === undefined ? '' : `; ${next}`}`;
      }),
    });
  const reconnect = doc.ReconnectUpdates ?? [];
  if (reconnect.length > 0)
    sections.push({
      heading: 'Allocations kept as their clients reconnect',
      lines: reconnect.map((u) => `${u.Name} (${u.AllocID}): reconnects, client status ${u.ClientStatus}`),
    });
  return sections;
}

/** clientUpdateText is the sections as indented text, each after a blank line; "" when there are none. */
export function clientUpdateText(doc: ResultDocument): string {
  return clientUpdateSections(doc)
    .map((s) => `\n${s.heading}:\n${s.lines.map((l) => `  ${l}\n`).join('')}`)
    .join('');
}
