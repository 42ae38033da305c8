// The nomad-playground command line without Node: the first argument names
// the subcommand, the rest are its own. Tests run it in-process.

import { COMMANDS, type CommandEntry } from './commands.ts';
import type { CliIO } from './run.ts';
import { EXIT_INPUT, EXIT_OK } from './status.ts';

/** PROGRAM is the command's name, as installed by package.json's `bin`. */
export const PROGRAM = 'nomad-playground';

/** usage is the command's help text: every subcommand with what it does. */
export function usage(commands: readonly CommandEntry[] = COMMANDS): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  const lines = commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  return `Usage: ${PROGRAM} COMMAND [options] [FILE...]

Commands:
${lines.join('\n')}

Run ${PROGRAM} COMMAND --help for a command's options.
`;
}

/** dispatch runs the subcommand its first argument names and resolves to the exit status. */
export async function dispatch(
  argv: readonly string[],
  io: CliIO,
  commands: readonly CommandEntry[] = COMMANDS,
): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '-h' || name === '--help' || name === 'help') {
    (name === undefined ? io.stderr : io.stdout)(usage(commands));
    return name === undefined ? EXIT_INPUT : EXIT_OK;
  }
  const entry = commands.find((c) => c.name === name);
  if (entry === undefined) {
    io.stderr(`${PROGRAM}: unknown command ${JSON.stringify(name)}\n\n${usage(commands)}`);
    return EXIT_INPUT;
  }
  const command = await entry.load();
  return command(rest, io);
}
