// The same document read again for the other Nomad (Compare versions). Each
// version reads its own fields and values, so the document is read anew; one
// the other version refuses is answered with its first reason, in words.

import { diagnosticText } from '../scenario/diagnostics.ts';
import type { NomadVersion } from '../scenario/nomadVersion.ts';
import type { Scenario } from '../scenario/read.ts';
import { readScenarioValueAsync } from '../scenario/readAsync.ts';

/** readForVersion reads `document` as `version` reads it: its scenario, or why that version refuses it. */
export async function readForVersion(
  document: Record<string, unknown>,
  version: NomadVersion,
): Promise<{ scenario: Scenario } | { refused: string }> {
  const read = await readScenarioValueAsync(document, { nomadVersion: version });
  if (read.ok) return { scenario: read.scenario };
  const first = read.diagnostics[0];
  return { refused: first === undefined ? 'the scenario does not read' : diagnosticText(first) };
}
