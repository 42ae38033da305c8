// The share command (`nomad-playground share [--base URL] FILE`): prints the
// playground link that opens a scenario file, for docs and blog posts, or
// (`--cluster SCENARIO JOBSPEC`) the scenario a jobspec submitted onto a
// cluster gives.
// Without Node: arguments, inputs and writers are parameters and the exit
// status is returned, so tests run it in-process; shareMain.ts connects it.

import { readScenarioAsync } from '../scenario/readAsync.ts';
import { decodeLink, encodeLink, formatBytes, linkURL, MAX_DOCUMENT_BYTES } from '../share/linkCodec.ts';
import { EXIT_INPUT, EXIT_OK, STDIN_NAME, formatDiagnostic, type CliIO } from './run.ts';
import { type NomadVersion, withNomadVersion } from '../scenario/nomadVersion.ts';
import { takeNomadVersionFlag } from './nomadVersionFlag.ts';
import { type SubmitArgs, checkSubmitArgs, readVariables, takeSubmitFlag } from './variables.ts';

/** DEFAULT_BASE is the address links point at without --base or NOMAD_PLAYGROUND_URL: the playground's dev server (`npm run dev`). */
export const DEFAULT_BASE = 'http://localhost:5173/';

/** BASE_VARIABLE names the environment variable that gives the playground's address when --base is not given. */
export const BASE_VARIABLE = 'NOMAD_PLAYGROUND_URL';

/** SHARE_USAGE is the share command's help text. */
export const SHARE_USAGE = `Usage: nomad-playground share [--base URL] FILE
   or: nomad-playground share [--base URL] --cluster SCENARIO [--var NAME=VALUE]...
                              [--var-file FILE]... JOBSPEC
   or: npm run --silent share -- [--base URL] FILE

Prints a link that opens the scenario in FILE (- for standard input) in the
playground: URL#s= followed by the scenario's JSON, raw-DEFLATE-compressed
and base64url-encoded. The scenario is checked first; an invalid one prints
FILE: PATH: message lines on standard error and exits with status 2.

With --cluster, the link opens the scenario that submitting JOBSPEC (the
submitted job: HCL, or API JSON) onto the cluster in SCENARIO (whose job is
the running job) gives, as \`reconcile --cluster\` reconciles it. A problem in
JOBSPEC prints JOBSPEC:LINE:COLUMN: message.

Options:
  --base URL          the playground's address, http or https (default: the
                      ${BASE_VARIABLE} environment variable, else ${DEFAULT_BASE})
  --cluster SCENARIO  submit FILE, a JOBSPEC, onto the cluster in SCENARIO
  --var NAME=VALUE    with --cluster: set a jobspec input variable (repeatable;
                      wins over var files)
  --var-file FILE     with --cluster: set input variables from an HCL
                      (name = value) or JSON file (repeatable; later files win)
  --nomad-version 0.12|1.6
                      set the document's NomadVersion in the link (the
                      playground then runs that version's reconciler)
  -h, --help          show this help
`;

/** ShareArgs is a parsed share command line; base is null when --base is not given, cluster without --cluster. */
export interface ShareArgs extends SubmitArgs {
  file: string;
  base: string | null;
  /** nomadVersion is --nomad-version, written into the shared document's NomadVersion; null keeps the file's. */
  nomadVersion: NomadVersion | null;
}

/** parseShareArgs reads the command line: exactly one file and an optional --base; null with help. */
export function parseShareArgs(
  argv: readonly string[],
): { ok: true; args: ShareArgs | null } | { ok: false; error: string } {
  let file: string | null = null;
  let base: string | null = null;
  const submit: SubmitArgs = { cluster: null, vars: [], varFiles: [] };
  const version: { nomadVersion: NomadVersion | null } = { nomadVersion: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '-h' || arg === '--help') return { ok: true, args: null };
    const taken = takeSubmitFlag(argv, i, submit) ?? takeNomadVersionFlag(argv, i, version);
    if (taken !== null) {
      if (typeof taken === 'object') return { ok: false, error: taken.error };
      i = taken;
    } else if (arg === '--base' || arg.startsWith('--base=')) {
      const value = arg === '--base' ? argv[++i] : arg.slice('--base='.length);
      if (!value) return { ok: false, error: '--base needs a URL' };
      base = value;
    } else if (arg.startsWith('-') && arg !== '-') {
      return { ok: false, error: `unknown option ${arg}` };
    } else if (file !== null) {
      return { ok: false, error: 'give one scenario file' };
    } else {
      file = arg;
    }
  }
  if (file === null) return { ok: false, error: `give a ${submit.cluster === null ? 'scenario' : 'jobspec'} file` };
  const problem = checkSubmitArgs(submit);
  if (problem !== null) return { ok: false, error: problem };
  return { ok: true, args: { file, base, ...submit, ...version } };
}

/** checkBase says why an address cannot be a link's base (null when it can): only absolute http and https addresses open the playground. */
export function checkBase(base: string): string | null {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    return `must be an absolute http or https address, got ${JSON.stringify(base)}`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `must be an http or https address, got a ${url.protocol} one`;
  return null;
}

/** share runs the command: reads and checks the file, prints its link, and returns the exit status. */
export async function share(argv: readonly string[], io: CliIO): Promise<number> {
  const parsed = parseShareArgs(argv);
  if (!parsed.ok) {
    io.stderr(`share: ${parsed.error}\n\n${SHARE_USAGE}`);
    return EXIT_INPUT;
  }
  if (parsed.args === null) {
    io.stdout(SHARE_USAGE);
    return EXIT_OK;
  }
  const { file } = parsed.args;
  // An empty variable is as good as none.
  const base = parsed.args.base ?? (io.env?.[BASE_VARIABLE] || DEFAULT_BASE);
  const baseProblem = checkBase(base);
  if (baseProblem !== null) {
    io.stderr(`share: ${parsed.args.base === null ? BASE_VARIABLE : '--base'} ${baseProblem}\n`);
    return EXIT_INPUT;
  }
  const name = file === '-' ? STDIN_NAME : file;
  let text: string;
  if (parsed.args.cluster !== null) {
    const variables = await readVariables(parsed.args, io);
    if (variables === null) return EXIT_INPUT;
    let stdin: Promise<string> | undefined;
    const readText = (f: string) => (f === '-' ? (stdin ??= io.stdin()) : io.readFile(f));
    const { submitOntoCluster } = await import('./cluster.ts');
    const submitted = await submitOntoCluster(
      parsed.args.cluster,
      file,
      variables,
      readText,
      io,
      parsed.args.nomadVersion,
    );
    if (submitted === null) return EXIT_INPUT;
    text = submitted.text;
  } else {
    try {
      text = file === '-' ? await io.stdin() : await io.readFile(file);
    } catch (e) {
      io.stderr(`${name}: ${e instanceof Error ? e.message : String(e)}\n`);
      return EXIT_INPUT;
    }
  }
  if (parsed.args.nomadVersion !== null) text = withNomadVersion(text, parsed.args.nomadVersion);
  const size = new TextEncoder().encode(text).length;
  if (size > MAX_DOCUMENT_BYTES) {
    io.stderr(`${name}: the scenario is ${formatBytes(size)}; links hold at most ${formatBytes(MAX_DOCUMENT_BYTES)}\n`);
    return EXIT_INPUT;
  }
  const read = await readScenarioAsync(text);
  if (!read.ok) {
    for (const d of read.diagnostics) io.stderr(formatDiagnostic(name, d) + '\n');
    return EXIT_INPUT;
  }
  const fragment = await encodeLink(text);
  // The playground will read back exactly what it is given; prove it here.
  const back = await decodeLink(fragment);
  if (!back.ok || back.text !== text)
    throw new Error(`share: the link does not decode to the file: ${back.ok ? 'text differs' : back.error.message}`);
  io.stdout(linkURL(base, fragment) + '\n');
  return EXIT_OK;
}
