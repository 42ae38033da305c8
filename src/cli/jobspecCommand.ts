// The jobspec command (`npm run --silent jobspec -- [--output] [--var
// NAME=VALUE]... [--var-file FILE]... FILE`): prints the job an HCL jobspec
// gives, as Nomad stores it after `nomad job run` or, with --output, as
// `nomad job run -output` prints it. Without Node: arguments, inputs and
// writers are parameters and the exit status is returned.

import { storedJob } from '../jobspec/canonical/index.ts';
import { readJobSpec } from '../jobspec/index.ts';
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
  -h, --help          show this help

Invalid input prints FILE:LINE:COLUMN: message lines on standard error and
exits with status 2.
`;

/** JobspecArgs is a parsed jobspec command line. */
export interface JobspecArgs extends VariableArgs {
  file: string;
  output: boolean;
}

/** parseJobspecArgs reads the command line; null args mean help was asked for. */
export function parseJobspecArgs(
  argv: readonly string[],
): { ok: true; args: JobspecArgs | null } | { ok: false; error: string } {
  let output = false;
  const line = parseJobspecLine(argv, (args, i) => {
    if (args[i] !== '--output' && args[i] !== '-output') return null;
    output = true;
    return i;
  });
  if (!line.ok) return line;
  return { ok: true, args: line.file === null ? null : { file: line.file, output, ...line.variables } };
}

/** runJobspecCommand runs the command and returns its exit status. */
export async function runJobspecCommand(argv: readonly string[], io: CliIO): Promise<number> {
  const parsed = parseJobspecArgs(argv);
  if (!parsed.ok) {
    io.stderr(`jobspec: ${parsed.error}\n\n${JOBSPEC_USAGE}`);
    return EXIT_INPUT;
  }
  if (parsed.args === null) {
    io.stdout(JOBSPEC_USAGE);
    return EXIT_OK;
  }
  const input = await readJobspecInput(parsed.args.file, parsed.args, io);
  if (input === null) return EXIT_INPUT;
  const { name, text, varFiles } = input;
  // --var values win over the var files', which the reader reads with the jobspec.
  const spec = await readJobSpec(text, Object.fromEntries(parsed.args.vars), {
    name,
    varFiles,
    ...(io.files ? { files: io.files } : {}),
  });
  if (spec.job === null) {
    for (const d of spec.diagnostics) io.stderr(formatPlaced(d.file ?? name, d) + '\n');
    if (spec.diagnostics.length === 0) io.stderr(`${name}: the jobspec gives no job\n`);
    return EXIT_INPUT;
  }
  // Nomad prints both forms with four-space indentation.
  io.stdout(JSON.stringify({ Job: parsed.args.output ? spec.job : storedJob(spec.job) }, null, 4) + '\n');
  return EXIT_OK;
}
