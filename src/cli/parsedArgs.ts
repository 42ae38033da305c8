// What a command does with its parsed command line before its own work: a
// mistake prints the command's help after the message (exit 2), a request
// for help prints it (exit 0), anything else goes on.

import type { CliIO } from './run.ts';
import { EXIT_INPUT, EXIT_OK } from './status.ts';

/** ParsedCommandLine is a command's parsed arguments (null when help was asked for), or what is wrong with them. */
export type ParsedCommandLine<T> = { ok: true; args: T | null } | { ok: false; error: string };

/**
 * argsOrExit returns the arguments to go on with, or the exit status once
 * it has printed the help (and the mistake, prefixed with the command's
 * name) for a command line that asks for nothing else.
 */
export function argsOrExit<T>(parsed: ParsedCommandLine<T>, command: string, usage: string, io: CliIO): T | number {
  if (!parsed.ok) {
    io.stderr(`${command}: ${parsed.error}\n\n${usage}`);
    return EXIT_INPUT;
  }
  if (parsed.args === null) {
    io.stdout(usage);
    return EXIT_OK;
  }
  return parsed.args;
}
