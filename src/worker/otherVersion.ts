// The other Nomad: the version a scenario was not read for, and the same
// document read again for it. Each version reads its own fields and values,
// so the document is read anew; one the other version refuses is answered
// with its first reason, in words.

import { diagnosticText } from '../scenario/diagnostics.ts';
import type { NomadVersion } from '../scenario/nomadVersion.ts';
import type { Scenario } from '../scenario/read.ts';
import { readScenarioValueAsync } from '../scenario/readAsync.ts';

/** otherVersion is the Nomad version `scenario` was not read for. */
export function otherVersion(scenario: Scenario): NomadVersion {
  return scenario.NomadVersion === '1.6' ? '0.12' : '1.6';
}

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
