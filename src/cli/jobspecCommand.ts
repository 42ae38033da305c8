// The jobspec command (`npm run --silent jobspec -- [--output] [--var
// NAME=VALUE]... [--var-file FILE]... FILE`): prints the job an HCL jobspec
// gives, as Nomad stores it after `nomad job run` or, with --output, as
// `nomad job run -output` prints it. Without Node: arguments, inputs and
// writers are parameters and the exit status is returned.

import { storedJob } from '../scenario/canonical/index.ts';
import { readJobSpec } from '../scenario/hcl/index.ts';
import { formatPlaced } from './placed.ts';
import { EXIT_INPUT, EXIT_OK, STDIN_NAME, type CliIO } from './run.ts';
import { type VariableArgs, readVariables, takeVariableFlag } from './variables.ts';

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
                      file (repeatable; later files win)
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
  const args: JobspecArgs = { file: '', output: false, vars: [], varFiles: [] };
  let file: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-h' || arg === '--help') return { ok: true, args: null };
    const variable = takeVariableFlag(argv, i, args);
    if (variable !== null && typeof variable === 'object') return { ok: false, error: variable.error };
    if (variable !== null) i = variable;
    else if (arg === '--output' || arg === '-output') args.output = true;
    else if (arg.startsWith('-') && arg !== '-') return { ok: false, error: `unknown option ${arg}` };
    else if (file !== null) return { ok: false, error: 'give one jobspec file' };
    else file = arg;
  }
  if (file === null) return { ok: false, error: 'give a jobspec file' };
  args.file = file;
  return { ok: true, args };
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
  const { file, output } = parsed.args;
  const variables = await readVariables(parsed.args, io);
  if (variables === null) return EXIT_INPUT;

  const name = file === '-' ? STDIN_NAME : file;
  let text: string;
  try {
    text = file === '-' ? await io.stdin() : await io.readFile(file);
  } catch (e) {
    io.stderr(`${name}: cannot read: ${e instanceof Error ? e.message : String(e)}\n`);
    return EXIT_INPUT;
  }
  const spec = await readJobSpec(text, variables);
  if (spec.job === null) {
    for (const d of spec.diagnostics) io.stderr(formatPlaced(name, d) + '\n');
    if (spec.diagnostics.length === 0) io.stderr(`${name}: the jobspec gives no job\n`);
    return EXIT_INPUT;
  }
  // Nomad prints both forms with four-space indentation.
  io.stdout(JSON.stringify({ Job: output ? spec.job : storedJob(spec.job) }, null, 4) + '\n');
  return EXIT_OK;
}
