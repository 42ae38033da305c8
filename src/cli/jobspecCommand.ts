// The jobspec command (`npm run --silent jobspec -- [--output] [--var
// NAME=VALUE]... [--var-file FILE]... FILE`): prints the job an HCL jobspec
// gives, as Nomad stores it after `nomad job run` or, with --output, as
// `nomad job run -output` prints it. Without Node: arguments, inputs and
// writers are parameters and the exit status is returned.

import { storedJob } from '../scenario/canonical/index.ts';
import { type VarFileText, readJobSpec } from '../scenario/hcl/index.ts';
import type { Diagnostic } from '../scenario/diagnostics.ts';
import { EXIT_INPUT, EXIT_OK, STDIN_NAME, type CliIO } from './run.ts';

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
export interface JobspecArgs {
  file: string;
  output: boolean;
  vars: [name: string, value: string][];
  varFiles: string[];
}

/** parseJobspecArgs reads the command line; null args mean help was asked for. */
export function parseJobspecArgs(
  argv: readonly string[],
): { ok: true; args: JobspecArgs | null } | { ok: false; error: string } {
  const args: JobspecArgs = { file: '', output: false, vars: [], varFiles: [] };
  let file: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const valueOf = (flag: string): string | undefined => (arg === flag ? argv[++i] : arg.slice(flag.length + 1));
    if (arg === '-h' || arg === '--help') return { ok: true, args: null };
    if (arg === '--output' || arg === '-output') args.output = true;
    else if (arg === '--var' || arg.startsWith('--var=')) {
      const v = valueOf('--var');
      const eq = v?.indexOf('=') ?? -1;
      if (v === undefined || eq <= 0) return { ok: false, error: '--var needs NAME=VALUE' };
      args.vars.push([v.slice(0, eq), v.slice(eq + 1)]);
    } else if (arg === '--var-file' || arg.startsWith('--var-file=')) {
      const v = valueOf('--var-file');
      if (!v) return { ok: false, error: '--var-file needs a file' };
      args.varFiles.push(v);
    } else if (arg.startsWith('-') && arg !== '-') return { ok: false, error: `unknown option ${arg}` };
    else if (file !== null) return { ok: false, error: 'give one jobspec file' };
    else file = arg;
  }
  if (file === null) return { ok: false, error: 'give a jobspec file' };
  args.file = file;
  return { ok: true, args };
}

// formatPlaced renders a diagnostic as `FILE:LINE:COLUMN: message`, as HCL tools print them.
function formatPlaced(file: string, d: Pick<Diagnostic, 'line' | 'column' | 'message'>): string {
  return `${file}:${d.line ?? 1}:${d.column ?? 1}: ${d.message}`;
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
  const { file, output, vars, varFiles } = parsed.args;
  const texts: VarFileText[] = [];
  for (const path of varFiles) {
    try {
      texts.push({ name: path, text: await io.readFile(path) });
    } catch (e) {
      io.stderr(`${path}: cannot read: ${e instanceof Error ? e.message : String(e)}\n`);
      return EXIT_INPUT;
    }
  }
  const variables = Object.fromEntries(vars);
  const name = file === '-' ? STDIN_NAME : file;
  let text: string;
  try {
    text = file === '-' ? await io.stdin() : await io.readFile(file);
  } catch (e) {
    io.stderr(`${name}: cannot read: ${e instanceof Error ? e.message : String(e)}\n`);
    return EXIT_INPUT;
  }
  const spec = await readJobSpec(text, variables, { name, varFiles: texts, ...(io.files ? { files: io.files } : {}) });
  if (spec.job === null) {
    for (const d of spec.diagnostics) io.stderr(formatPlaced(d.file ?? name, d) + '\n');
    if (spec.diagnostics.length === 0) io.stderr(`${name}: the jobspec gives no job\n`);
    return EXIT_INPUT;
  }
  // Nomad prints both forms with four-space indentation.
  io.stdout(JSON.stringify({ Job: output ? spec.job : storedJob(spec.job) }, null, 4) + '\n');
  return EXIT_OK;
}
