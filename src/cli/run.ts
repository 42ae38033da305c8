// The command-line runner, without Node: it takes its arguments, its inputs
// and its output writers as parameters and returns the exit status, so tests
// run it in-process. main.ts connects it to the process.

import { FILE_TEXT_BUDGET } from '../scenario/budget.ts';
import { parseJsonText } from '../scenario/json.ts';
import { readScenarioAsync } from '../scenario/readAsync.ts';
import type { Scenario } from '../scenario/read.ts';
import type { Job } from '../engine/structs.ts';
import { type Diagnostic, diagnosticText } from '../scenario/diagnostics.ts';
import { runScenario } from '../result/run.ts';
import type { ResultDocument } from '../result/document.ts';
import { clientUpdateText } from '../result/clientUpdates.ts';
import { diffReport, submittedDiffReport } from '../diff/report.ts';
import { wholePlanText } from '../result/planWhole.ts';
import { formatExplain } from './explain.ts';
import type { SimEvent } from '../scenario/events.ts';
import type { CliIO } from './io.ts';
import { type CliOptions, USAGE, parseArgs } from './args.ts';
import type * as PictureModule from './picture.ts';

export type { CliIO } from './io.ts';

import { EXIT_INPUT, EXIT_INTERNAL, EXIT_OK } from './status.ts';

export { EXIT_INPUT, EXIT_OK } from './status.ts';

import { STDIN_NAME, cannotRead } from './placed.ts';
import { readVariables } from './variables.ts';

export { STDIN_NAME };

/** formatDiagnostic renders one diagnostic (or any problem with a path) as `FILE: PATH: message`, with line:column when it has no path. */
export function formatDiagnostic(file: string, d: Pick<Diagnostic, 'path' | 'message' | 'line' | 'column'>): string {
  return `${file}: ${diagnosticText(d, true)}`;
}

function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * planText is a result as `nomad job plan` prints it, with the job diff.
 * Against a cluster (`running`), `nomad job plan` compares the submitted
 * job with the running one, and prints the running job's JobModifyIndex
 * for -check-index.
 */
export function planText(document: ResultDocument, scenario: Scenario, path: string, running: Job | null): string {
  const job = scenario.Job;
  const diff = running === null ? diffReport(scenario) : submittedDiffReport(scenario, running);
  return wholePlanText({
    document,
    diff,
    jobID: job.ID,
    jobType: job.Type,
    jobModifyIndex: (running ?? job).JobModifyIndex,
    failures: [],
    path,
  });
}

// render prints one result in the requested form.
function render(
  options: CliOptions,
  several: boolean,
  run: ReturnType<typeof runScenario>,
  scenario: Scenario,
  path: string,
  running: Job | null,
  picture: typeof PictureModule | null,
): string {
  if (picture !== null) return picture.pictureOf(scenario, run, !options.noFold);
  if (options.format === 'json' && !options.explain) {
    return several ? JSON.stringify(run.document) + '\n' : JSON.stringify(run.document, null, 2) + '\n';
  }
  const parts: string[] = [];
  if (options.format === 'plan') parts.push(planText(run.document, scenario, path, running));
  if (options.explain) {
    parts.push(
      (run.results.trace ? formatExplain(run.results.trace) : 'No trace was recorded.\n') +
        clientUpdateText(run.document),
    );
  }
  return parts.join('\n');
}

/**
 * run is the command-line runner: it reconciles each scenario file in order
 * and prints its result; an unreadable or invalid file is reported on stderr
 * and the others still run. It resolves to the exit status: 0, 2 when any
 * file failed or the command line is wrong, 1 when the engine threw (a bug).
 */
export async function run(argv: readonly string[], io: CliIO): Promise<number> {
  const parsed = parseArgs(argv);
  if (!parsed.ok) {
    io.stderr(`reconcile: ${parsed.error}\n\n${USAGE}`);
    return EXIT_INPUT;
  }
  const options = parsed.options;
  if (options.help) {
    io.stdout(USAGE);
    return EXIT_OK;
  }
  if (options.files.length === 0) {
    io.stderr(`reconcile: no ${options.cluster === null ? 'scenario' : 'jobspec'} file given\n\n${USAGE}`);
    return EXIT_INPUT;
  }
  // Loaded for --cluster only, with the variables of the jobspecs it submits.
  const cluster = options.cluster === null ? null : await import('./cluster.ts');
  const variables = cluster === null ? {} : await readVariables(options, io);
  if (variables === null) return EXIT_INPUT;

  // Loaded for --format svg only: the picture's code.
  const picture = options.format === 'svg' ? await import('./picture.ts') : null;
  const several = options.files.length > 1;
  const textual =
    options.format === 'plan' ||
    options.explain ||
    (options.simulate && !(options.formatGiven && options.format === 'json'));
  let stdinText: Promise<string> | undefined;
  let status = EXIT_OK;
  let printed = 0;
  // Standard input can be named more than once; it is read only once.
  const readText = (file: string) => (file === '-' ? (stdinText ??= io.stdin()) : io.readFile(file));

  for (const file of options.files) {
    const name = file === '-' ? STDIN_NAME : file;
    let text: string;
    let scenario: Scenario;
    let running: Job | null = null;
    if (cluster !== null && options.cluster !== null) {
      const submitted = await cluster.submitOntoCluster(
        options.cluster,
        file,
        variables,
        readText,
        io,
        options.nomadVersion,
      );
      if (submitted === null) {
        status = Math.max(status, EXIT_INPUT);
        continue;
      }
      ({ text, scenario, running } = submitted);
    } else {
      try {
        text = await readText(file);
      } catch (e) {
        io.stderr(cannotRead(name, e) + '\n');
        status = Math.max(status, EXIT_INPUT);
        continue;
      }
      // Async: a JobSpec loads HashiCorp's HCL parser on first use.
      const read = await readScenarioAsync(text, {
        textBudget: FILE_TEXT_BUDGET,
        ...(options.nomadVersion === null ? {} : { nomadVersion: options.nomadVersion }),
      });
      for (const w of read.warnings ?? [])
        io.stderr(formatDiagnostic(name, { ...w, message: `warning: ${w.message}` }) + '\n');
      if (!read.ok) {
        for (const d of read.diagnostics) io.stderr(formatDiagnostic(name, d) + '\n');
        status = Math.max(status, EXIT_INPUT);
        continue;
      }
      scenario = read.scenario;
    }

    let events: SimEvent[] = [];
    // Loaded for --simulate only: reconciling never loads the simulator.
    const sim = options.simulate ? await import('./simulation.ts') : null;
    if (sim !== null) {
      // The reader accepted the text, so it parses again (the same way: a byte order mark is allowed).
      const parsed = parseJsonText(text, FILE_TEXT_BUDGET);
      const doc = parsed.ok ? (parsed.value as Record<string, unknown>) : {};
      const read = sim.readEvents(doc[sim.EVENTS_KEY] ?? [], sim.EVENTS_KEY);
      if (!read.ok) {
        for (const d of read.diagnostics) io.stderr(formatDiagnostic(name, d) + '\n');
        status = Math.max(status, EXIT_INPUT);
        continue;
      }
      events = read.events;
    }

    let output: string;
    // A rollout over a budget or its time limit is printed up to there; its message goes to stderr after.
    let over: string | null = null;
    try {
      if (sim !== null) {
        const timeLimit = { ms: options.timeoutSeconds * 1000, clock: io.clock ?? (() => performance.now()) };
        const film = sim.simulate(scenario, events, { trace: false, timeLimit });
        over = film.End.OverBudget?.Message ?? null;
        output = sim.renderFilm(options, several, film);
      } else {
        // The picture draws each allocation's decision from the trace, as the page does.
        const result = runScenario(scenario, { trace: options.explain || picture !== null });
        output = render(options, several, result, scenario, name, running, picture);
      }
    } catch (e) {
      io.stderr(`${name}: internal error: ${e instanceof Error && e.stack ? e.stack : errorMessage(e)}\n`);
      // Bad input (2) outranks a bug (1): the user can act on it.
      status = Math.max(status, EXIT_INTERNAL);
      continue;
    }
    if (several && textual) output = `${printed > 0 ? '\n' : ''}==> ${name} <==\n${output}`;
    io.stdout(output);
    printed++;
    if (over !== null) {
      io.stderr(`${name}: ${over}\n`);
      status = Math.max(status, EXIT_INPUT);
    }
  }
  return status;
}
