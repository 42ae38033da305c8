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
import { EXIT_INPUT, EXIT_OK, type CliIO } from './run.ts';
import {
  type FlagResult,
  type VariableArgs,
  parseJobspecLine,
  readJobspecInput,
  variablesFromTexts,
} from './variables.ts';

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
  const options: ClusterOptions = {};
  const line = parseJobspecLine(argv, (args, i) => takeClusterFlag(args, i, options));
  if (!line.ok) return line;
  return { ok: true, args: line.file === null ? null : { file: line.file, options, ...line.variables } };
}

// takeClusterFlag reads one of the command's own flags at argv[i] into `options`, as takeVariableFlag reads its.
function takeClusterFlag(argv: readonly string[], i: number, options: ClusterOptions): FlagResult {
  const arg = argv[i]!;
  const eq = arg.indexOf('=');
  const flag = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
  const joined = flag !== arg;
  const value = joined ? arg.slice(eq + 1) : argv[i + 1];
  const last = joined ? i : i + 1;
  if (flag in NUMBER_FLAGS) {
    if (value === undefined || !/^\d+$/.test(value)) return { error: `${flag} needs a whole number` };
    options[NUMBER_FLAGS[flag as keyof typeof NUMBER_FLAGS]] = Number(value);
  } else if (flag === '--datacenters') {
    if (!value) return { error: '--datacenters needs a comma-separated list' };
    options.datacenters = value.split(',').map((dc) => dc.trim());
  } else if (flag === '--now') {
    const now = value === undefined ? null : parseRfc3339(value);
    if (now === null) return { error: '--now needs an RFC 3339 instant, such as 2026-01-01T00:00:00Z' };
    options.now = now;
  } else return null;
  return last;
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
  const input = await readJobspecInput(parsed.args.file, parsed.args, io);
  if (input === null) return EXIT_INPUT;
  const { name, text } = input;
  const variables = await variablesFromTexts(input.varFiles, parsed.args.vars, io);
  if (variables === null) return EXIT_INPUT;
  const result = await clusterFor(
    { text, variables },
    { now: Date.now() * 1e6, ...parsed.args.options },
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
