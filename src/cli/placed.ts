// Problems placed in a text the command line was given (a jobspec, a var
// file), printed as HCL tools print them.

import type { Diagnostic } from '../scenario/diagnostics.ts';

/** formatPlaced renders a diagnostic placed in a text (a jobspec, a var file) as `FILE:LINE:COLUMN: message`, as HCL tools print them. */
export function formatPlaced(file: string, d: Pick<Diagnostic, 'line' | 'column' | 'message'>): string {
  return `${file}:${d.line ?? 1}:${d.column ?? 1}: ${d.message}`;
}
