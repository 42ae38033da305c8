// The same document read again for the other Nomad (Compare versions). Each
// version reads its own fields and values, so the document is read anew; one
// the other version refuses is answered with its first reason, in words.
// Nomad 0.12 has no disconnected clients: it reads them as down, and the
// answer says so.

import { diagnosticText } from '../scenario/diagnostics.ts';
import { type DisconnectedReadAsDown, disconnectedAsDown } from '../scenario/disconnectedAsDown.ts';
import type { NomadVersion } from '../scenario/nomadVersion.ts';
import type { Scenario } from '../scenario/read.ts';
import { readScenarioValueAsync } from '../scenario/readAsync.ts';

/** OtherRead is the document as the other version reads it, with the note when 0.12 read disconnected nodes as down (else null). */
export type OtherRead = { scenario: Scenario; readAsDown: DisconnectedReadAsDown | null } | { refused: string };

/** readForVersion reads `document` as `version` reads it: its scenario, or why that version refuses it. */
export async function readForVersion(document: Record<string, unknown>, version: NomadVersion): Promise<OtherRead> {
  const seen = version === '0.12' ? disconnectedAsDown(document) : { document, note: null };
  const read = await readScenarioValueAsync(seen.document, { nomadVersion: version });
  if (read.ok) return { scenario: read.scenario, readAsDown: seen.note };
  const first = read.diagnostics[0];
  return { refused: first === undefined ? 'the scenario does not read' : diagnosticText(first) };
}
