// The import command (`npm run --silent import -- [--now INSTANT] [--job
// FILE] [--versions FILE] [--allocations FILE] [--nodes FILE] [--deployment
// FILE]`, or `--addr URL --job-id ID`): prints a scenario document built
// from the bodies of Nomad's HTTP API, read from files or fetched from a
// running agent. Without Node: arguments, inputs, the environment and the
// HTTP client are parameters and the exit status is returned.

import { type ImportSource, IMPORT_SOURCES, buildImport } from '../import/build.ts';
import { IMPORT_BUDGET, mebibytes, parseBody } from '../import/budget.ts';
import { DEFAULT_ADDR, type FetchOptions, type HttpGet, fetchCluster, secretsOf } from '../import/fetchCluster.ts';
import { printable, redact, withoutUserinfo } from '../import/terminalText.ts';
import { grouped } from '../scenario/budget.ts';
import { formatInstant, parseRfc3339 } from '../engine/time.ts';
import { DiagnosticCode } from '../scenario/diagnostics.ts';
import { readScenarioValue } from '../scenario/read.ts';
import { EXIT_INPUT, EXIT_OK, STDIN_NAME, type CliIO, formatDiagnostic } from './run.ts';
import { cannotRead } from './placed.ts';

/** ImportIO is what the import command reads and writes: the runner's IO, the environment, an HTTP client (with its budget and clock) and the clock. */
export interface ImportIO extends CliIO {
  env?: Readonly<Record<string, string | undefined>>;
  fetch?: HttpGet;
  fetchOptions?: FetchOptions;
  /** now gives the evaluation time written when --now is not given; default: the wall clock. */
  now?: () => Date;
}

/** IMPORT_USAGE is the import command's help text. */
export const IMPORT_USAGE = `Usage: npm run --silent import -- [--now INSTANT] [--job FILE] [--versions FILE]
         [--allocations FILE] [--nodes FILE] [--deployment FILE]
       npm run --silent import -- [--now INSTANT] [--addr URL] --job-id ID

Prints a scenario document built from the bodies of Nomad's HTTP API
(- reads one of them from standard input):
  --job FILE          GET /v1/job/:id, or \`nomad job inspect\` output
  --versions FILE     GET /v1/job/:id/versions
  --allocations FILE  GET /v1/job/:id/allocations, or a list of GET /v1/allocation/:id
  --nodes FILE        GET /v1/nodes, or a list of GET /v1/node/:id
  --deployment FILE   GET /v1/job/:id/deployment
  --now INSTANT       the evaluation time (RFC 3339; default: now)

With --job-id it asks a running agent for all of them itself, at --addr or
NOMAD_ADDR (default ${DEFAULT_ADDR}), with NOMAD_TOKEN, NOMAD_NAMESPACE and
NOMAD_REGION as the nomad command reads them. Redirects are followed only
within the agent's origin. Limits: ${mebibytes(IMPORT_BUDGET.bodyBytes)} per answer (decompressed),
${grouped(IMPORT_BUDGET.allocations)} allocations, ${IMPORT_BUDGET.requestSeconds} s per request, ${IMPORT_BUDGET.totalSeconds} s in all.

Invalid input prints FILE: PATH: message lines on standard error and exits
with status 2; notes on what the scenario lacks go to standard error too.
`;

const FILE_FLAGS: Record<string, ImportSource> = {
  '--job': 'job',
  '--versions': 'versions',
  '--allocations': 'allocations',
  '--nodes': 'nodes',
  '--deployment': 'deployment',
};

/** ImportArgs is a parsed import command line. */
export interface ImportArgs {
  now: string | null;
  files: Partial<Record<ImportSource, string>>;
  addr: string | null;
  jobID: string | null;
}

/** parseImportArgs reads the command line; null args mean help was asked for. */
export function parseImportArgs(
  argv: readonly string[],
): { ok: true; args: ImportArgs | null } | { ok: false; error: string } {
  const args: ImportArgs = { now: null, files: {}, addr: null, jobID: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-h' || arg === '--help') return { ok: true, args: null };
    const eq = arg.indexOf('=');
    const flag = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
    const value = flag === arg ? argv[++i] : arg.slice(eq + 1);
    if (!(flag in FILE_FLAGS) && !['--now', '--addr', '--job-id'].includes(flag))
      return { ok: false, error: `unknown ${arg.startsWith('-') ? 'option' : 'argument'} ${arg}` };
    if (value === undefined || value === '') return { ok: false, error: `${flag} needs a value` };
    if (flag === '--now') args.now = value;
    else if (flag === '--addr') args.addr = value;
    else if (flag === '--job-id') args.jobID = value;
    else args.files[FILE_FLAGS[flag]!] = value;
  }
  const files = Object.values(args.files);
  if (args.jobID !== null && files.length > 0) return { ok: false, error: 'give either files or --job-id, not both' };
  if (args.addr !== null && args.jobID === null) return { ok: false, error: '--addr needs --job-id' };
  if (args.jobID === null && files.length === 0)
    return { ok: false, error: 'give the API bodies to import (--job FILE, …) or --job-id ID' };
  if (files.filter((f) => f === '-').length > 1)
    return { ok: false, error: 'only one input can be standard input (-)' };
  if (args.now !== null && parseRfc3339(args.now) === null)
    return {
      ok: false,
      error: `--now ${JSON.stringify(args.now)} is not an RFC 3339 time such as 2026-01-01T00:00:00Z`,
    };
  return { ok: true, args };
}

/** runImportCommand runs the command and returns its exit status. */
export async function runImportCommand(argv: readonly string[], io: ImportIO): Promise<number> {
  const parsed = parseImportArgs(argv);
  if (!parsed.ok) {
    io.stderr(`import: ${printable(parsed.error)}\n\n${IMPORT_USAGE}`);
    return EXIT_INPUT;
  }
  if (parsed.args === null) {
    io.stdout(IMPORT_USAGE);
    return EXIT_OK;
  }
  const args = parsed.args;
  const env = io.env ?? {};
  const target = {
    addr: args.addr ?? (env.NOMAD_ADDR || DEFAULT_ADDR),
    jobID: args.jobID ?? '',
    token: env.NOMAD_TOKEN,
    namespace: env.NOMAD_NAMESPACE,
    region: env.NOMAD_REGION,
  };
  // Every line is one line, whatever a body or an agent wrote into it, and holds no secret.
  const secrets = args.jobID !== null ? secretsOf(target) : [];
  const say = (line: string) => io.stderr(printable(redact(line, secrets)) + '\n');
  const names: Partial<Record<ImportSource, string>> = {};
  const bodies: Partial<Record<ImportSource, unknown>> = {};
  if (args.jobID !== null) {
    const fetched = await fetchCluster(target, io.fetch ?? globalThis.fetch, io.fetchOptions);
    if (!fetched.ok) {
      say(`import: ${fetched.message}`);
      return EXIT_INPUT;
    }
    Object.assign(bodies, fetched.bodies);
    for (const s of IMPORT_SOURCES) names[s] = `${withoutUserinfo(target.addr)} (${s})`;
  } else {
    let failed = false;
    const spent = { values: 0 };
    for (const source of IMPORT_SOURCES) {
      const file = args.files[source];
      if (file === undefined) continue;
      const name = file === '-' ? STDIN_NAME : file;
      names[source] = name;
      let text: string;
      try {
        text = file === '-' ? await io.stdin() : await io.readFile(file);
      } catch (e) {
        say(cannotRead(name, e));
        failed = true;
        continue;
      }
      const parsed = parseBody(text.replace(/^\uFEFF/, ''), spent);
      if (parsed.kind === 'value') bodies[source] = parsed.value;
      else if (parsed.kind === 'over') say(`${name}: the body ${parsed.over}`);
      else say(`${name}: invalid JSON: ${parsed.error instanceof Error ? parsed.error.message : String(parsed.error)}`);
      failed ||= parsed.kind !== 'value';
    }
    if (failed) return EXIT_INPUT;
  }

  const now = args.now ?? formatInstant((io.now?.() ?? new Date()).getTime() * 1e6);
  const built = buildImport({ ...bodies, now });
  if (!built.ok) {
    for (const p of built.problems) say(formatDiagnostic(names[p.source] ?? `--${p.source}`, p));
    return EXIT_INPUT;
  }
  // The document must be a scenario the playground reads: say where in the bodies it is not.
  const read = readScenarioValue(built.document, { now: () => 0, generateID: () => '' });
  const place = (d: { path: string; message: string }, warning: boolean) => {
    const o = built.origin(d.path);
    const message = warning ? `warning: ${d.message}` : d.message;
    return formatDiagnostic(o ? (names[o.source] ?? `--${o.source}`) : 'import', {
      path: o ? o.path : d.path,
      message,
    });
  };
  // Allocations on unknown nodes are the notes' to tell, once.
  for (const w of read.warnings ?? []) if (w.code !== DiagnosticCode.UnknownNode) say(place(w, true));
  if (!read.ok) {
    for (const d of read.diagnostics) say(place(d, false));
    return EXIT_INPUT;
  }
  for (const n of built.notes) say(`import: note: ${n.message}`);
  io.stdout(JSON.stringify(built.document, null, 2) + '\n');
  return EXIT_OK;
}
