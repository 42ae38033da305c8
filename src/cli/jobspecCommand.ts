// The jobspec command (`npm run --silent jobspec -- [--output] [--var
// NAME=VALUE]... [--var-file FILE]... FILE`): prints the job an HCL jobspec
// gives, as Nomad stores it after `nomad job run` or, with --output, as
// `nomad job run -output` prints it. Without Node: arguments, inputs and
// writers are parameters and the exit status is returned.

import { storedJob } from '../jobspec/canonical/index.ts';
import { readJobSpec } from '../jobspec/index.ts';
import type { NomadVersion } from '../scenario/nomadVersion.ts';
import { takeNomadVersionFlag } from './nomadVersionFlag.ts';
import { type ParsedCommandLine, argsOrExit } from './parsedArgs.ts';
import { formatPlaced } from './placed.ts';
import { EXIT_INPUT, EXIT_OK, type CliIO } from './run.ts';
import { type VariableArgs, parseJobspecLine, readJobspecInput } from './variables.ts';

/** JOBSPEC_USAGE is the jobspec command's help text. */
export const JOBSPEC_USAGE = `Usage: npm run --silent jobspec -- [--output] [--var NAME=VALUE]... [--var-file FILE]... FILE

Reads the HCL jobspec in FILE (- for standard input) as \`nomad job run\` reads
it and prints the job {"Job": …} as Nomad stores it: canonicalised as the
agent does before storing a submitted job (every default filled in), as
\`nomad job inspect\` would print it.

Options:
  --output            print the job as \`nomad job run -output\` prints it
                      instead: as parsed, before the agent's defaults
  --var NAME=VALUE    set an input variable (repeatable; wins over var files)
  --var-file FILE     set input variables from an HCL (name = value) or JSON
                      file, read as \`nomad job run -var-file\` reads it
                      (repeatable; later files win)
  --nomad-version 0.12|1.6
                      read and store the job as that version of Nomad does
                      (default 0.12; 1.6 reads max_client_disconnect,
                      node_pool and the other settings its reconciler reads)
  -h, --help          show this help

Invalid input prints FILE:LINE:COLUMN: message lines on standard error and
exits with status 2.
`;

/** JobspecArgs is a parsed jobspec command line. */
export interface JobspecArgs extends VariableArgs {
  file: string;
  output: boolean;
  /** nomadVersion is --nomad-version: the Nomad whose jobspec reading and storing the command follows; null is 0.12's. */
  nomadVersion: NomadVersion | null;
}

/** parseJobspecArgs reads the command line; null args mean help was asked for. */
export function parseJobspecArgs(argv: readonly string[]): ParsedCommandLine<JobspecArgs> {
  let output = false;
  const version: { nomadVersion: NomadVersion | null } = { nomadVersion: null };
  const line = parseJobspecLine(argv, (args, i) => {
    if (args[i] !== '--output' && args[i] !== '-output') return takeNomadVersionFlag(args, i, version);
    output = true;
    return i;
  });
  if (!line.ok) return line;
  return { ok: true, args: line.file === null ? null : { file: line.file, output, ...line.variables, ...version } };
}

/** runJobspecCommand runs the command and returns its exit status. */
export async function runJobspecCommand(argv: readonly string[], io: CliIO): Promise<number> {
  const args = argsOrExit(parseJobspecArgs(argv), 'jobspec', JOBSPEC_USAGE, io);
  if (typeof args === 'number') return args;
  const nomad16 = args.nomadVersion === '1.6';
  const input = await readJobspecInput(args.file, args, io);
  if (input === null) return EXIT_INPUT;
  const { name, text, varFiles } = input;
  // --var values win over the var files', which the reader reads with the jobspec.
  const spec = await readJobSpec(text, Object.fromEntries(args.vars), {
    name,
    varFiles,
    ...(io.files ? { files: io.files } : {}),
    ...(nomad16 ? { nomad16 } : {}),
  });
  if (spec.job === null) {
    for (const d of spec.diagnostics) io.stderr(formatPlaced(d.file ?? name, d) + '\n');
    if (spec.diagnostics.length === 0) io.stderr(`${name}: the jobspec gives no job\n`);
    return EXIT_INPUT;
  }
  // Nomad prints both forms with four-space indentation.
  io.stdout(JSON.stringify({ Job: args.output ? spec.job : storedJob(spec.job, nomad16) }, null, 4) + '\n');
  return EXIT_OK;
}
