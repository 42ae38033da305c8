// A rollout's events live in the scenario document's `Events` list, in the
// Cluster tab's text. The rollout's buttons add and remove events there as
// edits of that text, leaving everything else the person wrote as it was.

import { applyEdits, findNodeAtLocation, modify, parseTree } from 'jsonc-parser';
import { overBudget } from './budget.ts';
import { EVENTS_KEY, type SimEvent } from './events.ts';

const FORMATTING = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } };

/** EventDocument is an event as written in the text, its durations as Go duration strings. */
export type EventDocument = Omit<SimEvent, 'Delay'> & { Delay?: string };

/** EventsEdit is the Cluster text after an edit, or why it could not be made. */
export type EventsEdit = { ok: true; text: string } | { ok: false; message: string };

// clusterObject checks that the text is one JSON object and gives its Events node, if any.
function clusterObject(
  text: string,
): { ok: true; events: ReturnType<typeof findNodeAtLocation> } | { ok: false; message: string } {
  // jsonc-parser recurses: a text over the reader's budget (nested thousands deep) is not parsed at all.
  const over = overBudget(text);
  if (over !== null) return { ok: false, message: `The Cluster tab's text ${over}.` };
  const errors: unknown[] = [];
  const tree = parseTree(text, errors as never, { disallowComments: true, allowTrailingComma: false });
  if (errors.length > 0 || tree?.type !== 'object')
    return { ok: false, message: 'The Cluster tab is not a JSON object; fix it before adding events.' };
  const events = findNodeAtLocation(tree, [EVENTS_KEY]);
  if (events !== undefined && events.type !== 'array')
    return { ok: false, message: `The Cluster tab's ${EVENTS_KEY} is not a list; fix it before adding events.` };
  return { ok: true, events };
}

/** hasEvents tells whether the texts' document carries a non-empty Events list: a rollout to open. */
export function hasEvents(clusterText: string): boolean {
  const checked = clusterObject(clusterText);
  return checked.ok && (checked.events?.children?.length ?? 0) > 0;
}

/**
 * appendEvent adds an event at the end of the Cluster text's Events list,
 * making the list when there is none. Durations may be written as Go
 * duration strings ("30s"), as a person would write them.
 */
export function appendEvent(clusterText: string, event: SimEvent | EventDocument): EventsEdit {
  const checked = clusterObject(clusterText);
  if (!checked.ok) return checked;
  return { ok: true, text: applyEdits(clusterText, modify(clusterText, [EVENTS_KEY, -1], event, FORMATTING)) };
}

/** removeEvent takes the event at `index` out of the Events list; the last one takes the list with it. */
export function removeEvent(clusterText: string, index: number): EventsEdit {
  const checked = clusterObject(clusterText);
  if (!checked.ok) return checked;
  const count = checked.events?.children?.length ?? 0;
  if (index < 0 || index >= count) return { ok: false, message: `There is no event ${index + 1}.` };
  const path = count === 1 ? [EVENTS_KEY] : [EVENTS_KEY, index];
  return { ok: true, text: applyEdits(clusterText, modify(clusterText, path, undefined, FORMATTING)) };
}
