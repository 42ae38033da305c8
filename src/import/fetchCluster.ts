// Fetching an import's bodies from a running Nomad agent over its HTTP API,
// as the `nomad` command does: the address (a user name and password in it
// become Basic credentials), a token in X-Nomad-Token, the namespace and
// region as query parameters. The agent is not trusted: redirects are
// followed only within its origin, so the token goes nowhere else; every
// answer is read as a stream and stopped at IMPORT_BUDGET's size; each
// request and the whole import have a time limit; and what goes wrong is
// one sentence, with no credential and no control character in it. The
// fetch function and the clock are parameters, so that tests can count on
// them.

import { grouped } from '../scenario/budget.ts';
import type { ImportSource } from './build.ts';
import { type FetchBudget, IMPORT_BUDGET, mebibytes, parseBody, tooManyAllocations } from './budget.ts';
import { hasUnprintable, printable, quoteBody, redact, userinfoOf, withoutUserinfo } from './terminalText.ts';

/** ClusterTarget says which agent to ask, for which job, with which token, namespace and region. */
export interface ClusterTarget {
  addr: string;
  jobID: string;
  token?: string;
  namespace?: string;
  region?: string;
}

/** HttpResponse is the part of a fetch Response the import reads: the status, a redirect's Location and the body as a stream. */
export interface HttpResponse {
  status: number;
  statusText: string;
  headers: { get(name: string): string | null };
  body: ReadableStream<Uint8Array> | null;
}

/** HttpGet fetches one URL with headers, leaving redirects to the caller (the global fetch fits). */
export type HttpGet = (
  url: string,
  init: { headers: Record<string, string>; signal: AbortSignal; redirect: 'manual' },
) => Promise<HttpResponse>;

/**
 * FetchOptions are the limits (IMPORT_BUDGET unless a test passes smaller
 * ones) and the clock: `after` gives a signal that aborts once a number of
 * milliseconds have passed (AbortSignal.timeout unless a test moves time
 * itself).
 */
export interface FetchOptions {
  budget?: FetchBudget;
  after?: (ms: number) => AbortSignal;
}

/** Fetched is every body of an import, or why the cluster did not give them. */
export type Fetched = { ok: true; bodies: Record<ImportSource, unknown> } | { ok: false; message: string };

/** DEFAULT_ADDR is the agent's address when neither --addr nor NOMAD_ADDR gives one, as for the nomad command. */
export const DEFAULT_ADDR = 'http://127.0.0.1:4646';

// The statuses whose Location names where the answer is.
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
// How much of an error answer is read, for the line the message quotes.
const ERROR_BODY_BYTES = 64 * 1024;

class ClusterError extends Error {}

// Session is one import under way: where it asks, with what, within which
// limits, and how far it has got.
interface Session {
  base: URL;
  jobID: string;
  headers: Record<string, string>;
  query: Record<string, string>;
  /** secrets are what the agent's own words are cleared of before they are printed. */
  secrets: string[];
  budget: FetchBudget;
  after: (ms: number) => AbortSignal;
  /** deadline aborts at the import's time limit; stop also when a request elsewhere failed. */
  deadline: AbortSignal;
  stop: AbortSignal;
  bytes: number;
  /** spent counts the JSON values of the answers parsed so far. */
  spent: { values: number };
  allocations: { fetched: number; of: number } | null;
}

/**
 * fetchCluster asks the agent for the job, its versions, its allocations
 * (each one whole, for the fields a list stub lacks), the nodes (with
 * their resources) and the job's latest deployment.
 */
export async function fetchCluster(target: ClusterTarget, get: HttpGet, options: FetchOptions = {}): Promise<Fetched> {
  const failed = new AbortController();
  try {
    const budget = options.budget ?? IMPORT_BUDGET;
    const after = options.after ?? ((ms: number) => AbortSignal.timeout(ms));
    const deadline = after(budget.totalSeconds * 1000);
    const s: Session = {
      ...agentOf(target),
      secrets: secretsOf(target),
      jobID: target.jobID,
      budget,
      after,
      deadline,
      stop: linked([deadline, failed.signal]).signal,
      bytes: 0,
      spent: { values: 0 },
      allocations: null,
    };
    const job = encodeURIComponent(target.jobID);
    const body = (path: string, query: Record<string, string> = {}) => getJson(s, get, path, query);
    const bodies = {
      job: await body(`/v1/job/${job}`),
      versions: await body(`/v1/job/${job}/versions`),
      allocations: await fullAllocations(s, await body(`/v1/job/${job}/allocations`), (id) =>
        body(`/v1/allocation/${encodeURIComponent(id)}`),
      ),
      nodes: await body('/v1/nodes', { resources: 'true' }),
      deployment: await body(`/v1/job/${job}/deployment`),
    };
    return { ok: true, bodies };
  } catch (e) {
    // The requests still running are of no use now.
    failed.abort();
    if (e instanceof ClusterError) return { ok: false, message: printable(e.message) };
    throw e;
  }
}

/**
 * secretsOf lists what must never be printed: the token, and the password
 * of the address as written, decoded, and as the Basic credentials sent.
 */
export function secretsOf(target: ClusterTarget): string[] {
  const secrets = [target.token ?? ''];
  const userinfo = userinfoOf(target.addr);
  if (userinfo !== undefined) {
    const { user, pass } = credentials(userinfo);
    const colon = userinfo.indexOf(':');
    if (colon >= 0) secrets.push(userinfo.slice(colon + 1), pass);
    secrets.push(basic(user, pass));
  }
  return secrets;
}

// decoded undoes an address's percent-encoding, or leaves text it cannot decode as it is.
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

// credentials splits an address's userinfo into its decoded user and password.
function credentials(userinfo: string): { user: string; pass: string } {
  const colon = userinfo.indexOf(':');
  return colon < 0
    ? { user: decoded(userinfo), pass: '' }
    : { user: decoded(userinfo.slice(0, colon)), pass: decoded(userinfo.slice(colon + 1)) };
}

// basic writes the Basic credentials Go's SetBasicAuth sends (base64 of the UTF-8 bytes of user:password).
function basic(user: string, pass: string): string {
  let binary = '';
  for (const b of new TextEncoder().encode(`${user}:${pass}`)) binary += String.fromCharCode(b);
  return btoa(binary);
}

// A control character, a space or anything beyond ASCII: a header value
// that would be cut at a line break, or that a header cannot carry.
const NOT_HEADER_SAFE = /[^\x21-\x7e]/;

// agentOf checks the address and the values sent with every request, and
// makes the base address, the headers and the query parameters; what it
// refuses is said without the value (a token, a password).
function agentOf(target: ClusterTarget): Pick<Session, 'base' | 'headers' | 'query'> {
  const shown = withoutUserinfo(target.addr);
  if (hasUnprintable(target.addr) || /\s/.test(target.addr))
    throw new ClusterError(`the agent's address ${JSON.stringify(shown)} holds a space or a control character`);
  let base: URL;
  try {
    base = new URL(target.addr);
  } catch {
    throw new ClusterError(
      `the agent's address ${JSON.stringify(shown)} is not an address such as ${DEFAULT_ADDR} (set --addr or NOMAD_ADDR)`,
    );
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:')
    throw new ClusterError(`the agent's address ${JSON.stringify(shown)} is not an http: or https: address`);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (target.token) {
    if (NOT_HEADER_SAFE.test(target.token))
      throw new ClusterError(
        'NOMAD_TOKEN holds a space, a line break or another character a header cannot carry: it is not sent',
      );
    headers['X-Nomad-Token'] = target.token;
  }
  if (base.username !== '' || base.password !== '') {
    // The nomad command sends an address's user name and password as Basic credentials.
    const { user, pass } = credentials(`${base.username}:${base.password}`);
    headers.Authorization = `Basic ${basic(user, pass)}`;
  }
  const query: Record<string, string> = {};
  for (const [name, value, env] of [
    ['namespace', target.namespace, 'NOMAD_NAMESPACE'],
    ['region', target.region, 'NOMAD_REGION'],
  ] as const) {
    if (!value) continue;
    if (hasUnprintable(value)) throw new ClusterError(`${env} holds a control character (a line break?)`);
    query[name] = value;
  }
  const agent = new URL(base.origin);
  agent.pathname = base.pathname.replace(/\/+$/, '');
  return { base: agent, headers, query };
}

// fullAllocations replaces each stub of the list by the whole allocation,
// asking for `parallel` at a time, once the list is known to be within the budget.
async function fullAllocations(s: Session, stubs: unknown, get: (id: string) => Promise<unknown>): Promise<unknown> {
  if (!Array.isArray(stubs)) return stubs;
  const over = tooManyAllocations(stubs.length, s.budget.allocations);
  if (over !== null)
    throw new ClusterError(
      `${urlOf(s, `/v1/job/${encodeURIComponent(s.jobID)}/allocations`).href}: the job has ${over}`,
    );
  const progress = { fetched: 0, of: stubs.length };
  s.allocations = progress;
  const out: unknown[] = stubs.slice();
  let next = 0;
  const worker = async () => {
    while (next < stubs.length) {
      if (s.stop.aborted) throw stopped(s, null, s.stop.reason);
      const i = next++;
      const stub: unknown = stubs[i];
      const id = typeof stub === 'object' && stub !== null ? (stub as { ID?: unknown }).ID : undefined;
      if (typeof id === 'string') out[i] = await get(id);
      progress.fetched++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(s.budget.parallel, stubs.length) }, worker));
  return out;
}

// urlOf is the address of a path on the agent, with the namespace and region and the path's own parameters.
function urlOf(s: Session, path: string, query: Record<string, string> = {}): URL {
  const url = new URL(s.base.href.replace(/\/$/, '') + path);
  for (const [k, v] of Object.entries({ ...query, ...s.query })) url.searchParams.set(k, v);
  return url;
}

// getJson asks for one path, following redirects within the agent's origin,
// and reads the answer as JSON within the budget.
async function getJson(s: Session, get: HttpGet, path: string, query: Record<string, string>): Promise<unknown> {
  let url = urlOf(s, path, query);
  for (let hops = 0; ; hops++) {
    const answer = await exchange(s, get, url);
    if ('next' in answer) {
      if (hops >= s.budget.redirects)
        throw new ClusterError(
          `${url.href}: more than ${s.budget.redirects} redirects in a row, the most the import follows (as the nomad command)`,
        );
      url = answer.next;
      continue;
    }
    if (!answer.ok)
      throw new ClusterError(
        `${url.href}: ${answer.status} ${agentWords(s, answer.statusText)}${refusal(s, answer.status, answer.text, path)}`,
      );
    const parsed = parseBody(answer.text, s.spent, s.budget);
    if (parsed.kind === 'over') throw new ClusterError(`${url.href}: the answer ${parsed.over}`);
    if (parsed.kind === 'syntax')
      throw new ClusterError(`${url.href}: the answer is not JSON (is ${s.base.origin} a Nomad agent?)`);
    return parsed.value;
  }
}

// Exchange is what one request came to: where a redirect points, or the answer's status and text.
type Exchange = { next: URL } | { ok: boolean; status: number; statusText: string; text: string };

// exchange makes one request, and reads its answer, within the request's
// time limit and the import's.
async function exchange(s: Session, get: HttpGet, url: URL): Promise<Exchange> {
  const timer = s.after(s.budget.requestSeconds * 1000);
  const { signal, release } = linked([s.stop, timer]);
  try {
    const response = await get(url.href, { headers: s.headers, signal, redirect: 'manual' });
    if (REDIRECTS.has(response.status)) {
      await response.body?.cancel().catch(() => undefined);
      return { next: redirectTarget(s, url, response) };
    }
    const ok = response.status >= 200 && response.status < 300;
    const text = await readBody(s, url, response, signal, ok);
    return { ok, status: response.status, statusText: response.statusText, text };
  } catch (e) {
    throw stopped(s, { url, timer }, e);
  } finally {
    release();
  }
}

// linked gives a signal that aborts with the first of `signals` to abort,
// and a release that detaches it from them once its request is over, so
// that 20,000 requests pile no listeners on the import's signal.
// (AbortSignal.any does this too, but from Node 20.3 only.)
function linked(signals: AbortSignal[]): { signal: AbortSignal; release: () => void } {
  const controller = new AbortController();
  const abort = (e: Event) => controller.abort((e.target as AbortSignal).reason);
  for (const one of signals) {
    if (one.aborted) controller.abort(one.reason);
    else one.addEventListener('abort', abort, { once: true });
  }
  return {
    signal: controller.signal,
    release: () => signals.forEach((one) => one.removeEventListener('abort', abort)),
  };
}

// redirectTarget is where a redirect points, when it stays with the agent's
// origin: the token (and the address's credentials) go to no other. Go's
// HTTP client, the nomad command's, would send X-Nomad-Token on to any host
// (it drops only Authorization and cookies), so this is stricter than Nomad.
function redirectTarget(s: Session, url: URL, response: HttpResponse): URL {
  const location = response.headers.get('location');
  const said = `${url.href}: ${response.status} ${agentWords(s, response.statusText)}`;
  if (location === null) throw new ClusterError(`${said} without a Location to go to`);
  let next: URL;
  try {
    next = new URL(location, url);
  } catch {
    throw new ClusterError(`${said} to ${quoteBody(JSON.stringify(location), s.secrets)}, which is not an address`);
  }
  if (next.origin !== s.base.origin)
    throw new ClusterError(
      `${said} to another origin, ${agentWords(s, next.origin)}: not followed, so that the token and credentials meant for ${s.base.origin} are sent nowhere else (set NOMAD_ADDR to the agent that answers)`,
    );
  next.username = '';
  next.password = '';
  return next;
}

// readBody reads an answer as a stream, counting its bytes once
// decompressed against the budget of one answer and of the whole import;
// an error answer is read only as far as its message needs.
async function readBody(
  s: Session,
  url: URL,
  response: HttpResponse,
  signal: AbortSignal,
  ok: boolean,
): Promise<string> {
  if (response.body === null) return '';
  // An answer that says it is too long (and is not compressed, so says it in the bytes counted) is not read at all.
  const declared = Number(response.headers.get('content-length'));
  if (ok && response.headers.get('content-encoding') === null && declared > s.budget.bodyBytes) {
    await response.body.cancel().catch(() => undefined);
    throw new ClusterError(
      `${url.href}: the answer is ${grouped(declared)} bytes long (its Content-Length), ${grouped(declared - s.budget.bodyBytes)} more than the ${mebibytes(s.budget.bodyBytes)} the import reads of one answer`,
    );
  }
  const reader = response.body.getReader();
  const aborted = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason as Error);
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
  });
  aborted.catch(() => undefined);
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), aborted]);
      if (done) return text + decoder.decode();
      size += value.byteLength;
      if (!ok) {
        text += decoder.decode(value, { stream: true });
        if (size >= ERROR_BODY_BYTES) return text;
        continue;
      }
      s.bytes += value.byteLength;
      if (size > s.budget.bodyBytes)
        throw new ClusterError(
          `${url.href}: the answer is longer than the ${mebibytes(s.budget.bodyBytes)} (${grouped(s.budget.bodyBytes)} bytes, once decompressed) the import reads of one answer; it was cut off after ${grouped(size)} bytes`,
        );
      if (s.bytes > s.budget.totalBytes)
        throw new ClusterError(
          `${url.href}: the agent's answers come to more than the ${mebibytes(s.budget.totalBytes)} (${grouped(s.budget.totalBytes)} bytes, once decompressed) an import reads in all; cut off after ${grouped(s.bytes)} bytes${progressOf(s)}`,
        );
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

// stopped is the sentence for a request that ended without an answer: the
// import's time limit, the request's, or the network's reason.
function stopped(s: Session, request: { url: URL; timer: AbortSignal } | null, e: unknown): ClusterError {
  if (e instanceof ClusterError) return e;
  if (s.deadline.aborted)
    return new ClusterError(
      `the import took longer than the ${grouped(s.budget.totalSeconds)} s it may take, and was stopped${progressOf(s)}`,
    );
  if (request?.timer.aborted)
    return new ClusterError(
      `${request.url.href}: no answer within ${grouped(s.budget.requestSeconds)} s, the most the import waits for one request`,
    );
  return new ClusterError(`cannot reach the Nomad agent at ${s.base.origin}: ${agentWords(s, networkReason(e))}`);
}

// agentWords clears what the agent (or the network below it) said of the
// secrets it was sent: a hostile agent echoes them back. (Control
// characters are escaped in the whole message, at the end.)
function agentWords(s: Session, text: string): string {
  return redact(text, s.secrets);
}

// progressOf says how many allocations had been fetched, once their list is known.
function progressOf(s: Session): string {
  const a = s.allocations;
  return a === null ? '' : ` (${grouped(a.fetched)} of ${grouped(a.of)} allocations fetched)`;
}

// networkReason says why a request did not get an answer, from the cause Node's fetch gives.
function networkReason(e: unknown): string {
  const cause = e instanceof Error ? (e.cause as { code?: string; message?: string } | undefined) : undefined;
  if (cause?.code)
    return cause.code === 'ECONNREFUSED'
      ? 'connection refused (is NOMAD_ADDR right, and the agent running?)'
      : cause.code;
  if (cause?.message) return cause.message;
  return e instanceof Error ? e.message : String(e);
}

// refusal explains the usual failures in the words of the fix, quoting the agent's first line.
function refusal(s: Session, status: number, text: string, path: string): string {
  const said = quoteBody(text, s.secrets);
  const quote = said ? ` (${said})` : '';
  if (status === 403)
    return `${quote}: the token was refused; set NOMAD_TOKEN to a token that may read the job and the nodes`;
  if (status === 404 && path.startsWith('/v1/job/'))
    return `${quote}: no job ${JSON.stringify(s.jobID)} in namespace ${JSON.stringify(s.query.namespace || 'default')}`;
  return quote;
}
