// A jobspec's input variables on the command line: `--var NAME=VALUE` and
// `--var-file FILE`, as `nomad job run` takes them. Shared by the jobspec
// command and by the runner's --cluster form, so both read them the same.

import { formatPlaced } from './placed.ts';
import type { CliIO } from './run.ts';
import { readVarFile } from './varFile.ts';

/** VariableArgs are the --var values and --var-file names of a command line, each in the order given. */
export interface VariableArgs {
  vars: [name: string, value: string][];
  varFiles: string[];
}

/**
 * takeVariableFlag reads a --var or --var-file flag at argv[i] (its value
 * either joined with `=` or the next argument) into `into`. It returns the
 * index of the flag's last argument, null when argv[i] is neither flag,
 * or what is wrong with it.
 */
export function takeVariableFlag(
  argv: readonly string[],
  i: number,
  into: VariableArgs,
): number | null | { error: string } {
  const arg = argv[i]!;
  const flag = arg === '--var' || arg.startsWith('--var=') ? '--var' : null;
  const fileFlag = arg === '--var-file' || arg.startsWith('--var-file=') ? '--var-file' : null;
  const name = flag ?? fileFlag;
  if (name === null) return null;
  const joined = arg !== name;
  const value = joined ? arg.slice(name.length + 1) : argv[i + 1];
  const last = joined ? i : i + 1;
  if (name === '--var-file') {
    if (!value) return { error: '--var-file needs a file' };
    into.varFiles.push(value);
    return last;
  }
  const eq = value?.indexOf('=') ?? -1;
  if (value === undefined || eq <= 0) return { error: '--var needs NAME=VALUE' };
  into.vars.push([value.slice(0, eq), value.slice(eq + 1)]);
  return last;
}

/**
 * readVariables reads the var files (later files win) and then the --var
 * values (which win over files) into one object of values by name. A file
 * that cannot be read or parsed is reported on standard error, placed, and
 * gives null.
 */
export async function readVariables(args: VariableArgs, io: CliIO): Promise<Record<string, unknown> | null> {
  const variables: Record<string, unknown> = {};
  for (const path of args.varFiles) {
    let text: string;
    try {
      text = await io.readFile(path);
    } catch (e) {
      io.stderr(`${path}: cannot read: ${e instanceof Error ? e.message : String(e)}\n`);
      return null;
    }
    const read = readVarFile(path, text);
    if (!read.ok) {
      io.stderr(formatPlaced(path, read) + '\n');
      return null;
    }
    Object.assign(variables, read.variables);
  }
  for (const [name, value] of args.vars) variables[name] = value;
  return variables;
}
