// The cluster command (`nomad-playground cluster [--nodes N] [--datacenters
// DC,...] [--drain N | --down N] [--now INSTANT] [--var NAME=VALUE]...
// [--var-file FILE]... JOBSPEC`): prints a scenario in which the job runs on
// a cluster made for it (simulator/clusterFor.ts), ready to be submitted
// onto with --cluster. Without Node: arguments, inputs and writers are
// parameters and the exit status is returned.

import { parseRfc3339 } from '../engine/time.ts';
import { type ClusterOptions, clusterFor } from '../simulator/clusterFor.ts';
import { FILE_TEXT_BUDGET } from '../scenario/budget.ts';
import { formatJobDiagnostic } from './placed.ts';
import { EXIT_INPUT, EXIT_OK, STDIN_NAME, type CliIO } from './run.ts';
import { type VariableArgs, readVariables, takeVariableFlag } from './variables.ts';

/** CLUSTER_USAGE is the cluster command's help text. */
export const CLUSTER_USAGE = `Usage: nomad-playground cluster [--nodes N] [--datacenters DC,...] [--drain N | --down N]
                                [--now INSTANT] [--var NAME=VALUE]... [--var-file FILE]... JOBSPEC

Prints a scenario in which the job in JOBSPEC (an HCL jobspec, or the job as
API JSON; - for standard input) runs on a cluster made for it, as Nomad would
have placed it: ready, eligible nodes in the job's datacenters with room for
it, every allocation running and healthy, the deployment successful. The job
is the running job, as written. Submit a changed jobspec onto it with
\`nomad-playground plan --cluster SCENARIO JOBSPEC\`.

Options:
  --nodes N             how many nodes (default 3)
  --datacenters DC,...  the nodes' datacenters, in turn (default: the job's)
  --drain N             node N (from 1) has just started draining: the
                        drainer has marked the allocations it migrates first
  --down N              node N (from 1) has just gone down
  --now INSTANT         when the job was placed (RFC 3339; default: now); the
                        scenario's Now is when it finished rolling out
  --var NAME=VALUE      set a jobspec input variable (repeatable; wins over var
                        files)
  --var-file FILE       set input variables from an HCL (name = value) or JSON
                        file (repeatable; later files win)
  -h, --help            show this help

A problem in JOBSPEC prints JOBSPEC:LINE:COLUMN: message, a wrong option a
message; both exit with status 2.
`;

/** ClusterArgs is a parsed cluster command line. */
export interface ClusterArgs extends VariableArgs {
  file: string;
  options: ClusterOptions;
}

// NUMBER_FLAGS are the options that take a whole number, by the field of ClusterOptions they set.
const NUMBER_FLAGS = { '--nodes': 'nodes', '--drain': 'drain', '--down': 'down' } as const;

/** parseClusterArgs reads the command line; null args mean help was asked for. */
export function parseClusterArgs(
  argv: readonly string[],
): { ok: true; args: ClusterArgs | null } | { ok: false; error: string } {
  const args: ClusterArgs = { file: '', options: {}, vars: [], varFiles: [] };
  let file: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-h' || arg === '--help') return { ok: true, args: null };
    const variable = takeVariableFlag(argv, i, args);
    if (variable !== null) {
      if (typeof variable === 'object') return { ok: false, error: variable.error };
      i = variable;
      continue;
    }
    const eq = arg.indexOf('=');
    const flag = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
    const value = (): string | undefined => (flag === arg ? argv[++i] : arg.slice(eq + 1));
    if (flag in NUMBER_FLAGS) {
      const v = value();
      if (v === undefined || !/^\d+$/.test(v)) return { ok: false, error: `${flag} needs a whole number` };
      args.options[NUMBER_FLAGS[flag as keyof typeof NUMBER_FLAGS]] = Number(v);
    } else if (flag === '--datacenters') {
      const v = value();
      if (!v) return { ok: false, error: '--datacenters needs a comma-separated list' };
      args.options.datacenters = v.split(',').map((dc) => dc.trim());
    } else if (flag === '--now') {
      const v = value();
      const now = v === undefined ? null : parseRfc3339(v);
      if (now === null) return { ok: false, error: '--now needs an RFC 3339 instant, such as 2026-01-01T00:00:00Z' };
      args.options.now = now;
    } else if (arg.startsWith('-') && arg !== '-') return { ok: false, error: `unknown option ${arg}` };
    else if (file !== null) return { ok: false, error: 'give one jobspec file' };
    else file = arg;
  }
  if (file === null) return { ok: false, error: 'give a jobspec file' };
  args.file = file;
  return { ok: true, args };
}

/** runClusterCommand runs the command and returns its exit status. */
export async function runClusterCommand(argv: readonly string[], io: CliIO): Promise<number> {
  const parsed = parseClusterArgs(argv);
  if (!parsed.ok) {
    io.stderr(`cluster: ${parsed.error}\n\n${CLUSTER_USAGE}`);
    return EXIT_INPUT;
  }
  if (parsed.args === null) {
    io.stdout(CLUSTER_USAGE);
    return EXIT_OK;
  }
  const { file, options } = parsed.args;
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
  const result = await clusterFor(
    { text, variables },
    { now: Date.now() * 1e6, ...options },
    { textBudget: FILE_TEXT_BUDGET },
  );
  if (!result.ok) {
    for (const d of result.diagnostics) io.stderr(formatJobDiagnostic(name, d, text) + '\n');
    for (const p of result.problems) io.stderr(`cluster: ${p}\n`);
    return EXIT_INPUT;
  }
  io.stdout(result.text);
  return EXIT_OK;
}
