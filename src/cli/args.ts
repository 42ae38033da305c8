// The runner's command line: flags and scenario files, parsed into data
// (never by exiting), so the runner decides what a mistake costs.

import type { NomadVersion } from '../scenario/nomadVersion.ts';
import { NOMAD_VERSION_HELP, takeNomadVersionFlag } from './nomadVersionFlag.ts';
import { type SubmitArgs, checkSubmitArgs, takeSubmitFlag } from './variables.ts';

/** OutputFormat is how a result is printed: the result document as JSON, as `nomad job plan` prints it, or the graph as an SVG picture. */
export type OutputFormat = 'json' | 'plan' | 'svg';

/** CliOptions is a parsed command line. With `cluster`, `files` are the jobspecs submitted onto it, and `vars`/`varFiles` their variables. */
export interface CliOptions extends SubmitArgs {
  files: string[];
  format: OutputFormat;
  /** formatGiven tells whether --format was on the command line (--simulate prints text unless it asks for json). */
  formatGiven: boolean;
  explain: boolean;
  simulate: boolean;
  /** noFold is --no-fold: the picture (--format svg) draws every node and allocation, as the page with folding off. */
  noFold: boolean;
  /** timeoutSeconds is how long a rollout (--simulate) may run before it is stopped. */
  timeoutSeconds: number;
  /** nomadVersion is --nomad-version: the reconciler every file runs; null leaves it to each file. */
  nomadVersion: NomadVersion | null;
  help: boolean;
}

/** ParsedArgs is either the options or what is wrong with the command line. */
export type ParsedArgs = { ok: true; options: CliOptions } | { ok: false; error: string };

/** DEFAULT_TIMEOUT_SECONDS is the rollout's time limit when --timeout is not given: the page's (worker/simulateClient.ts). */
export const DEFAULT_TIMEOUT_SECONDS = 20;
// MAX_TIMEOUT_SECONDS bounds --timeout: an hour is far beyond any film within the simulator's budgets.
const MAX_TIMEOUT_SECONDS = 3600;

/** USAGE is the help text, printed by --help and after a command-line mistake. */
export const USAGE = `Usage: nomad-playground reconcile [options] FILE...
   or: nomad-playground reconcile [options] --cluster SCENARIO [--var NAME=VALUE]...
                                  [--var-file FILE]... JOBSPEC
   or: npm run --silent reconcile -- [options] FILE...

Reconciles each scenario file (- for standard input) and prints what Nomad's
allocation reconciler decides: one pretty-printed result document for a single
file, one compact JSON document per line for several, in order.

With --cluster, JOBSPEC (an HCL jobspec, or the job as API JSON with or
without {"Job": …}) is the submitted job, and SCENARIO the cluster it is
submitted onto, as \`nomad job plan JOBSPEC\` submits a job to a live cluster:
SCENARIO's job is the running job, which its allocations run. A submitted job
whose spec is the running job's changes nothing; any other becomes the next
version, while the allocations keep running theirs.

Options:
  --format json|plan|svg
                      json (default): the result document;
                      plan: the plan as \`nomad job plan\` prints it (job diff with
                      each group's counts, dry-run, check-index);
                      svg: the page's graph as a picture for slides and docs
                      (plain SVG, light, with the evaluation and a legend; one
                      FILE, not with --explain or --simulate), folded as the
                      page folds it: the nodes and allocations nothing happens
                      to are counted, not drawn
  --no-fold           with --format svg: draw every node and allocation
  --explain           print the reconciler's reasoning per task group instead of
                      the JSON result (after the plan with --format plan)
  --simulate          print the whole rollout instead: every evaluation that
                      follows, with the scenario's Events (see README); as text,
                      or with --format json as one JSON document
  --cluster SCENARIO  submit each FILE, a JOBSPEC, onto the cluster in SCENARIO
  --var NAME=VALUE    with --cluster: set a jobspec input variable (repeatable;
                      wins over var files)
  --var-file FILE     with --cluster: set input variables from an HCL
                      (name = value) or JSON file (repeatable; later files win)
  --timeout SECONDS   stop a rollout (--simulate) that runs longer than this
                      (default ${DEFAULT_TIMEOUT_SECONDS}, as the page); the evaluations before are
                      printed, and the run exits with status 2
${NOMAD_VERSION_HELP}
  -h, --help          show this help

An invalid scenario prints FILE: PATH: message lines on standard error; the other
files are still reconciled and the run exits with status 2. So does a rollout
that passes a budget of the simulator (allocations, events, work) or the time
limit: the message names it. With --cluster, a problem in JOBSPEC prints
JOBSPEC:LINE:COLUMN: message, one in SCENARIO SCENARIO: PATH: message.
`;

const FORMATS: readonly string[] = ['json', 'plan', 'svg'];

/** parseArgs reads the command line; `--` ends the options, `-` is standard input. */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  const options: CliOptions = {
    files: [],
    cluster: null,
    vars: [],
    varFiles: [],
    format: 'json',
    formatGiven: false,
    explain: false,
    simulate: false,
    noFold: false,
    timeoutSeconds: DEFAULT_TIMEOUT_SECONDS,
    nomadVersion: null,
    help: false,
  };
  let onlyFiles = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (onlyFiles || arg === '-' || !arg.startsWith('-')) {
      options.files.push(arg);
      continue;
    }
    const submit = takeSubmitFlag(argv, i, options) ?? takeNomadVersionFlag(argv, i, options);
    if (submit !== null) {
      if (typeof submit === 'object') return { ok: false, error: submit.error };
      i = submit;
    } else if (arg === '--') {
      onlyFiles = true;
    } else if (arg === '-h' || arg === '--help') {
      options.help = true;
    } else if (arg === '--explain') {
      options.explain = true;
    } else if (arg === '--simulate') {
      options.simulate = true;
    } else if (arg === '--no-fold') {
      options.noFold = true;
    } else if (arg === '--timeout' || arg.startsWith('--timeout=')) {
      const value = arg === '--timeout' ? argv[++i] : arg.slice('--timeout='.length);
      const seconds = Number(value);
      if (value === undefined || value.trim() === '' || !(seconds > 0 && seconds <= MAX_TIMEOUT_SECONDS))
        return { ok: false, error: `--timeout needs a number of seconds above 0, up to ${MAX_TIMEOUT_SECONDS}` };
      options.timeoutSeconds = seconds;
    } else if (arg === '--format' || arg.startsWith('--format=')) {
      const value = arg === '--format' ? argv[++i] : arg.slice('--format='.length);
      if (value === undefined) return { ok: false, error: '--format needs a value: json, plan or svg' };
      if (!FORMATS.includes(value))
        return { ok: false, error: `unknown format ${JSON.stringify(value)}: use json, plan or svg` };
      options.format = value as OutputFormat;
      options.formatGiven = true;
    } else {
      return { ok: false, error: `unknown option ${arg}` };
    }
  }
  // A picture is one reconciliation's graph: one file, nothing printed beside it.
  if (options.format === 'svg' && (options.explain || options.simulate || options.files.length > 1))
    return { ok: false, error: '--format svg draws one FILE, without --explain or --simulate' };
  if (options.noFold && options.format !== 'svg') return { ok: false, error: '--no-fold is for --format svg' };
  const problem = checkSubmitArgs(options);
  if (problem !== null) return { ok: false, error: problem };
  return { ok: true, options };
}
