// The edited job's text read into the job the simulator registers: JSON
// within the reader's budget, and an object. Bad text is a sentence for the
// dialog, never an exception.

import { diagnosticText } from '../../scenario/diagnostics.ts';
import { isObject } from '../../scenario/fields.ts';
import { parseJsonText } from '../../scenario/json.ts';

/** JobText is the job an edited text holds, or the sentence that says why it holds none. */
export type JobText = { ok: true; job: Record<string, unknown> } | { ok: false; message: string };

/** readJobText reads the job editor's text: a JSON object, or the first problem with it, placed by line and column. */
export function readJobText(text: string): JobText {
  const parsed = parseJsonText(text);
  if (!parsed.ok) {
    const first = parsed.diagnostics[0];
    return { ok: false, message: first ? diagnosticText(first, true) : 'the text is not JSON' };
  }
  if (!isObject(parsed.value)) return { ok: false, message: 'the job must be a JSON object' };
  return { ok: true, job: parsed.value };
}
