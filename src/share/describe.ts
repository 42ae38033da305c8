// Reader diagnostics in one short sentence, for banners and messages where
// the full list under the editor is not at hand.

import { type Diagnostic, diagnosticText } from '../scenario/diagnostics.ts';

/** diagnosticTextBrief names the first problem (with its JSON path) and how many more there are. */
export function formatDiagnosticBrief(diagnostics: readonly Diagnostic[]): string {
  const first = diagnostics[0];
  if (!first) return 'the reader found a problem.';
  const more = diagnostics.length > 1 ? ` (and ${diagnostics.length - 1} more)` : '';
  return `${diagnosticText(first)}${more}.`;
}
