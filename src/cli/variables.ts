// A jobspec on the command line: the file, and its input variables given
// by `--var NAME=VALUE` and `--var-file FILE` as `nomad job run` takes them,
// and, for the commands that submit it onto a cluster, `--cluster
// SCENARIO`. Shared by the jobspec and cluster commands, the runner and
// share, so that all of them read these the same way.

import { type VarFileText, readVarFiles } from '../jobspec/index.ts';
import { STDIN_NAME, cannotRead, formatPlaced } from './placed.ts';
import type { CliIO } from './run.ts';

/** VariableArgs are the --var values and --var-file names of a command line, each in the order given. */
export interface VariableArgs {
  vars: [name: string, value: string][];
  varFiles: string[];
}

/** SubmitArgs are the flags of a command that can submit jobspecs onto a cluster: --cluster (null without it) and the jobspecs' variables. */
export interface SubmitArgs extends VariableArgs {
  cluster: string | null;
}

/** FlagResult is what reading a flag at argv[i] gives: the index of its last argument, null when argv[i] is not that flag, or what is wrong. */
export type FlagResult = number | null | { error: string };

/**
 * flagValue reads the value of `name` at argv[i], joined with `=` or the
 * next argument: the value (undefined when there is none) and the index of
 * the flag's last argument; null when argv[i] is not the flag.
 */
export function flagValue(
  argv: readonly string[],
  i: number,
  name: string,
): { value: string | undefined; last: number } | null {
  const arg = argv[i]!;
  if (arg === name) return { value: argv[i + 1], last: i + 1 };
  if (arg.startsWith(name + '=')) return { value: arg.slice(name.length + 1), last: i };
  return null;
}

/** takeVariableFlag reads a --var or --var-file flag at argv[i] (its value joined with `=` or the next argument) into `into`. */
export function takeVariableFlag(argv: readonly string[], i: number, into: VariableArgs): FlagResult {
  const file = flagValue(argv, i, '--var-file');
  if (file !== null) {
    if (!file.value) return { error: '--var-file needs a file' };
    into.varFiles.push(file.value);
    return file.last;
  }
  const v = flagValue(argv, i, '--var');
  if (v === null) return null;
  const eq = v.value?.indexOf('=') ?? -1;
  if (v.value === undefined || eq <= 0) return { error: '--var needs NAME=VALUE' };
  into.vars.push([v.value.slice(0, eq), v.value.slice(eq + 1)]);
  return v.last;
}

/** takeSubmitFlag reads a --cluster, --var or --var-file flag at argv[i] into `into`. */
export function takeSubmitFlag(argv: readonly string[], i: number, into: SubmitArgs): FlagResult {
  const cluster = flagValue(argv, i, '--cluster');
  if (cluster === null) return takeVariableFlag(argv, i, into);
  if (!cluster.value) return { error: '--cluster needs a scenario file' };
  into.cluster = cluster.value;
  return cluster.last;
}

/** checkSubmitArgs says what is wrong with the flags once all are read (null when nothing): variables are for a submitted jobspec. */
export function checkSubmitArgs(args: SubmitArgs): string | null {
  if (args.cluster !== null || (args.vars.length === 0 && args.varFiles.length === 0)) return null;
  return "--var and --var-file set a submitted jobspec's variables: use them with --cluster (a scenario's JobSpec takes its values from JobSpecVariables)";
}

/** JobspecLine is a parsed `[options] JOBSPEC` command line; `file` is null when help was asked for. */
export type JobspecLine = { ok: true; file: string | null; variables: VariableArgs } | { ok: false; error: string };

/**
 * parseJobspecLine reads a command line of options and one jobspec file:
 * -h/--help, --var and --var-file, and the command's own flags, which
 * `own` reads at argv[i] as takeVariableFlag does.
 */
export function parseJobspecLine(
  argv: readonly string[],
  own: (argv: readonly string[], i: number) => FlagResult,
): JobspecLine {
  const variables: VariableArgs = { vars: [], varFiles: [] };
  let file: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-h' || arg === '--help') return { ok: true, file: null, variables };
    const taken = takeVariableFlag(argv, i, variables) ?? own(argv, i);
    if (taken !== null && typeof taken === 'object') return { ok: false, error: taken.error };
    if (taken !== null) i = taken;
    else if (arg.startsWith('-') && arg !== '-') return { ok: false, error: `unknown option ${arg}` };
    else if (file !== null) return { ok: false, error: 'give one jobspec file' };
    else file = arg;
  }
  if (file === null) return { ok: false, error: 'give a jobspec file' };
  return { ok: true, file, variables };
}

// readVarFileTexts reads the var files' texts, in order; a file that
// cannot be read is reported on standard error and gives null.
async function readVarFileTexts(args: VariableArgs, io: CliIO): Promise<VarFileText[] | null> {
  const texts: VarFileText[] = [];
  for (const path of args.varFiles) {
    try {
      texts.push({ name: path, text: await io.readFile(path) });
    } catch (e) {
      io.stderr(cannotRead(path, e) + '\n');
      return null;
    }
  }
  return texts;
}

/**
 * readVariables reads the var files (later files win), each value
 * evaluated as jobspec2 evaluates a var file's, and then the --var values
 * (which win over files) into one object of values by name: what a
 * submission keeps as its JobSpecVariables. A file that cannot be read or
 * read as a var file is reported on standard error, placed in it, and
 * gives null.
 */
export async function readVariables(args: VariableArgs, io: CliIO): Promise<Record<string, unknown> | null> {
  const texts = await readVarFileTexts(args, io);
  return texts === null ? null : await variablesFromTexts(texts, args.vars, io);
}

/** variablesFromTexts is readVariables once the var files' texts are read. */
export async function variablesFromTexts(
  texts: readonly VarFileText[],
  vars: VariableArgs['vars'],
  io: CliIO,
): Promise<Record<string, unknown> | null> {
  const variables: Record<string, unknown> = {};
  if (texts.length > 0) {
    const read = await readVarFiles(texts);
    if (!read.ok) {
      for (const d of read.diagnostics) io.stderr(formatPlaced(d.file ?? STDIN_NAME, d) + '\n');
      return null;
    }
    Object.assign(variables, read.values);
  }
  for (const [name, value] of vars) variables[name] = value;
  return variables;
}

/** JobspecInput is a jobspec as a command reads it: its name for messages, its text and its var files' texts (read with the jobspec, so that their problems are placed in them). */
export interface JobspecInput {
  name: string;
  text: string;
  varFiles: VarFileText[];
}

/** readJobspecInput reads the var files and then the jobspec file (- for standard input); a problem is printed and gives null. */
export async function readJobspecInput(file: string, args: VariableArgs, io: CliIO): Promise<JobspecInput | null> {
  const varFiles = await readVarFileTexts(args, io);
  if (varFiles === null) return null;
  const name = file === '-' ? STDIN_NAME : file;
  try {
    return { name, text: file === '-' ? await io.stdin() : await io.readFile(file), varFiles };
  } catch (e) {
    io.stderr(cannotRead(name, e) + '\n');
    return null;
  }
}
