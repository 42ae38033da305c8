// Problems placed in a text the command line was given (a jobspec, a var
// file), printed as HCL tools print them.

import { type Diagnostic, diagnosticText } from '../scenario/diagnostics.ts';
import { isHclText } from '../scenario/tabs.ts';

/** STDIN_NAME is how diagnostics name standard input (given as `-`). */
export const STDIN_NAME = '<stdin>';

/** cannotRead is the line that says a file (or standard input) could not be read, and why. */
export function cannotRead(name: string, e: unknown): string {
  return `${name}: cannot read: ${e instanceof Error ? e.message : String(e)}`;
}

/** formatPlaced renders a diagnostic placed in a text (a jobspec, a var file) as `FILE:LINE:COLUMN: message`, as HCL tools print them. */
export function formatPlaced(file: string, d: Pick<Diagnostic, 'line' | 'column' | 'message'>): string {
  return `${file}:${d.line ?? 1}:${d.column ?? 1}: ${d.message}`;
}

/**
 * formatJobDiagnostic renders a problem in a job's text (`jobText`) as
 * `FILE:LINE:COLUMN: message`: an API JSON job's with the path it names
 * (`TaskGroups[0].Count: …`), a jobspec's by its place alone, as `nomad job
 * run` prints them.
 */
export function formatJobDiagnostic(file: string, d: Diagnostic, jobText: string): string {
  return formatPlaced(file, { ...d, message: isHclText(jobText) ? d.message : diagnosticText(d) });
}
