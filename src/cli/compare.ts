// The compare command (`nomad-playground compare [--format text|json]
// FILE`): one scenario reconciled by both reconcilers, Nomad 0.12's and
// Nomad 1.6's, whatever its NomadVersion says; their two plans, and where
// they differ per task group and per allocation (result/compare.ts).
// Without Node: arguments, inputs and writers are parameters, and the exit
// status is returned.

import { FILE_TEXT_BUDGET } from '../scenario/budget.ts';
import { NOMAD_VERSIONS, type NomadVersion } from '../scenario/nomadVersion.ts';
import type { Scenario } from '../scenario/read.ts';
import { type DisconnectedReadAsDown, disconnectedAsDown } from '../scenario/disconnectedAsDown.ts';
import { parseJsonText } from '../scenario/json.ts';
import { type AsyncReadResult, placeReadInText, readScenarioValueAsync } from '../scenario/readAsync.ts';
import { type Comparison, compareRuns } from '../result/compare.ts';
import { formatComparison } from '../result/compareText.ts';
import type { ResultDocument } from '../result/document.ts';
import { runScenario } from '../result/run.ts';
import { type ParsedCommandLine, argsOrExit } from './parsedArgs.ts';
import { STDIN_NAME, cannotRead } from './placed.ts';
import { type CliIO, formatDiagnostic, planText } from './run.ts';
import { EXIT_INPUT, EXIT_OK } from './status.ts';
import { flagValue } from './variables.ts';

/** COMPARE_USAGE is the compare command's help text. */
export const COMPARE_USAGE = `Usage: nomad-playground compare [--format text|json] FILE

Reconciles the scenario in FILE (- for standard input) with both reconcilers,
Nomad 0.12's and Nomad 1.6's, whatever its NomadVersion says, and prints the
two plans as \`nomad job plan\` prints them, then the differences: per task
group the counts and follow-up evaluations that differ, per allocation what
each version does to it and the reconciler's reason code.

Options:
  --format text|json  text (default), or one JSON document:
                      { "Plans": { "0.12": RESULT, "1.6": RESULT }, "Same",
                        "Groups": [...], "Allocations": [...] } (see docs/nomad-1.6.md)
  -h, --help          show this help

Nomad 0.12 has no disconnected clients: it reads a node whose Status is
"disconnected" as down, and says so above its plan (JSON: "ReadAsDown").

A file that is not a valid scenario under a version prints
FILE (Nomad VERSION): PATH: message lines on standard error and exits with
status 2.
`;

/** CompareDocument is compare's JSON output: both result documents and the comparison. */
export interface CompareDocument extends Comparison {
  Plans: Record<NomadVersion, ResultDocument>;
  /** ReadAsDown, present only then, says that Nomad 0.12 read the file's disconnected nodes as down. */
  ReadAsDown?: DisconnectedReadAsDown;
}

type CompareArgs = { file: string; json: boolean };

// parseCompareArgs reads the command line: one file and an optional --format; null asks for help.
function parseCompareArgs(argv: readonly string[]): ParsedCommandLine<CompareArgs> {
  let file: string | null = null;
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-h' || arg === '--help') return { ok: true, args: null };
    const format = flagValue(argv, i, '--format');
    if (format !== null) {
      if (format.value !== 'text' && format.value !== 'json')
        return {
          ok: false,
          error: `--format needs text or json${format.value === undefined ? '' : `, got ${JSON.stringify(format.value)}`}`,
        };
      json = format.value === 'json';
      i = format.last;
    } else if (arg.startsWith('-') && arg !== '-') {
      return { ok: false, error: `unknown option ${arg}` };
    } else if (file !== null) {
      return { ok: false, error: 'give one scenario file' };
    } else {
      file = arg;
    }
  }
  if (file === null) return { ok: false, error: 'give a scenario file' };
  return { ok: true, args: { file, json } };
}

/** compare runs the command and returns the exit status: 0, or 2 for a bad command line or a file invalid under either version. */
export async function compare(argv: readonly string[], io: CliIO): Promise<number> {
  const args = argsOrExit(parseCompareArgs(argv), 'compare', COMPARE_USAGE, io);
  if (typeof args === 'number') return args;
  const { file, json } = args;
  const name = file === '-' ? STDIN_NAME : file;
  let text: string;
  try {
    text = file === '-' ? await io.stdin() : await io.readFile(file);
  } catch (e) {
    io.stderr(cannotRead(name, e) + '\n');
    return EXIT_INPUT;
  }
  const scenarios = new Map<NomadVersion, Scenario>();
  let readAsDown: DisconnectedReadAsDown | null = null;
  for (const version of NOMAD_VERSIONS) {
    const { read, note } = await readAs(text, version);
    if (read.ok) {
      scenarios.set(version, read.scenario);
      readAsDown ??= note;
    } else for (const d of read.diagnostics) io.stderr(formatDiagnostic(`${name} (Nomad ${version})`, d) + '\n');
  }
  const v012 = scenarios.get('0.12');
  const v16 = scenarios.get('1.6');
  if (v012 === undefined || v16 === undefined) return EXIT_INPUT;

  const run012 = runScenario(v012, { trace: true });
  const run16 = runScenario(v16, { trace: true });
  const comparison = compareRuns(
    v012.Allocations,
    { document: run012.document, trace: run012.results.trace },
    { document: run16.document, trace: run16.results.trace },
  );
  if (json) {
    const doc: CompareDocument = {
      Plans: { '0.12': run012.document, '1.6': run16.document },
      ...(readAsDown === null ? {} : { ReadAsDown: readAsDown }),
      ...comparison,
    };
    io.stdout(JSON.stringify(doc, null, 2) + '\n');
    return EXIT_OK;
  }
  io.stdout(
    [
      `==> Nomad 0.12 <==\n${readAsDown === null ? '' : `Note: ${readAsDown.Text}.\n\n`}${planText(run012.document, v012, name, null)}`,
      `==> Nomad 1.6 <==\n${planText(run16.document, v16, name, null)}`,
      `==> Differences <==\n${formatComparison(comparison)}`,
    ].join('\n'),
  );
  return EXIT_OK;
}

// readAs reads the file's text as one version does; 0.12 reads a
// disconnected node as down, which the note says.
async function readAs(
  text: string,
  version: NomadVersion,
): Promise<{ read: AsyncReadResult; note: DisconnectedReadAsDown | null }> {
  const parsed = parseJsonText(text, FILE_TEXT_BUDGET);
  if (!parsed.ok) return { read: parsed, note: null };
  const seen = version === '0.12' ? disconnectedAsDown(parsed.value) : { document: parsed.value, note: null };
  const read = placeReadInText(text, await readScenarioValueAsync(seen.document, { nomadVersion: version }));
  return { read, note: seen.note };
}
