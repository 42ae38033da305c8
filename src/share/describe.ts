// Reader diagnostics in one short sentence, for banners and messages where
// the full list under the editor is not at hand.

import type { Diagnostic } from '../scenario/diagnostics.ts';

/** formatDiagnosticBrief names the first problem (with its JSON path) and how many more there are. */
export function formatDiagnosticBrief(diagnostics: readonly Diagnostic[]): string {
  const first = diagnostics[0];
  if (!first) return 'the reader found a problem.';
  const where = first.path ? `${first.path}: ` : '';
  const more = diagnostics.length > 1 ? ` (and ${diagnostics.length - 1} more)` : '';
  return `${where}${first.message}${more}.`;
}
