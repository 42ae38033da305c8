// Fetching an import's bodies from a running Nomad agent over its HTTP API,
// as the `nomad` command does: the address, a token in X-Nomad-Token, the
// namespace and region as query parameters. The fetch function is a
// parameter, so that tests can count on it; anything that goes wrong is one
// sentence, never a stack trace.

import type { ImportSource } from './build.ts';

/** ClusterTarget says which agent to ask, for which job, with which token, namespace and region. */
export interface ClusterTarget {
  addr: string;
  jobID: string;
  token?: string;
  namespace?: string;
  region?: string;
}

/** HttpResponse is the part of a fetch Response the import reads. */
export interface HttpResponse {
  ok: boolean;
  status: number;
  statusText: string;
  text(): Promise<string>;
}

/** HttpGet fetches one URL with headers (the global fetch fits). */
export type HttpGet = (
  url: string,
  init: { headers: Record<string, string>; signal?: AbortSignal },
) => Promise<HttpResponse>;

/** Fetched is every body of an import, or why the cluster did not give them. */
export type Fetched = { ok: true; bodies: Record<ImportSource, unknown> } | { ok: false; message: string };

/** DEFAULT_ADDR is the agent's address when neither --addr nor NOMAD_ADDR gives one, as for the nomad command. */
export const DEFAULT_ADDR = 'http://127.0.0.1:4646';

const TIMEOUT_MS = 15_000;
// How many allocations are asked for at once.
const PARALLEL = 8;

class ClusterError extends Error {}

/**
 * fetchCluster asks the agent for the job, its versions, its allocations
 * (each one whole, for the fields a list stub lacks), the nodes (with
 * their resources) and the job's latest deployment.
 */
export async function fetchCluster(target: ClusterTarget, get: HttpGet): Promise<Fetched> {
  const job = encodeURIComponent(target.jobID);
  const body = (path: string, query: Record<string, string> = {}) => getJson(target, get, path, query);
  try {
    const bodies = {
      job: await body(`/v1/job/${job}`),
      versions: await body(`/v1/job/${job}/versions`),
      allocations: await fullAllocations(await body(`/v1/job/${job}/allocations`), (id) =>
        body(`/v1/allocation/${encodeURIComponent(id)}`),
      ),
      nodes: await body('/v1/nodes', { resources: 'true' }),
      deployment: await body(`/v1/job/${job}/deployment`),
    };
    return { ok: true, bodies };
  } catch (e) {
    if (e instanceof ClusterError) return { ok: false, message: e.message };
    throw e;
  }
}

// fullAllocations replaces each stub of the list by the whole allocation.
async function fullAllocations(stubs: unknown, get: (id: string) => Promise<unknown>): Promise<unknown> {
  if (!Array.isArray(stubs)) return stubs;
  const ids = stubs.map((s) => (typeof s === 'object' && s !== null ? (s as { ID?: unknown }).ID : undefined));
  const out: unknown[] = new Array(stubs.length);
  for (let i = 0; i < ids.length; i += PARALLEL) {
    const batch = ids
      .slice(i, i + PARALLEL)
      .map((id, j) => (typeof id === 'string' ? get(id) : Promise.resolve(stubs[i + j])));
    (await Promise.all(batch)).forEach((a: unknown, j) => {
      out[i + j] = a;
    });
  }
  return out;
}

async function getJson(
  target: ClusterTarget,
  get: HttpGet,
  path: string,
  query: Record<string, string>,
): Promise<unknown> {
  const params = new URLSearchParams(query);
  if (target.namespace) params.set('namespace', target.namespace);
  if (target.region) params.set('region', target.region);
  const qs = params.toString();
  const url = `${target.addr.replace(/\/+$/, '')}${path}${qs ? `?${qs}` : ''}`;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (target.token) headers['X-Nomad-Token'] = target.token;
  let response: HttpResponse;
  try {
    response = await get(url, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (e) {
    throw new ClusterError(`cannot reach the Nomad agent at ${target.addr}: ${networkReason(e)}`);
  }
  const text = await response.text().catch(() => '');
  if (!response.ok)
    throw new ClusterError(
      `${url}: ${response.status} ${response.statusText}${refusal(response.status, target, text, path)}`,
    );
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ClusterError(`${url}: the answer is not JSON (is ${target.addr} a Nomad agent?)`);
  }
}

// networkReason says why a request did not get an answer, from the cause Node's fetch gives.
function networkReason(e: unknown): string {
  if (e instanceof Error && e.name === 'TimeoutError') return `no answer within ${TIMEOUT_MS / 1000} s`;
  const cause = e instanceof Error ? (e.cause as { code?: string; message?: string } | undefined) : undefined;
  if (cause?.code)
    return cause.code === 'ECONNREFUSED'
      ? 'connection refused (is NOMAD_ADDR right, and the agent running?)'
      : cause.code;
  if (cause?.message) return cause.message;
  return e instanceof Error ? e.message : String(e);
}

// refusal explains the usual failures in the words of the fix.
function refusal(status: number, target: ClusterTarget, text: string, path: string): string {
  const said = text.trim().split('\n')[0]?.slice(0, 200) ?? '';
  const quote = said ? ` (${said})` : '';
  if (status === 403)
    return `${quote}: the token was refused; set NOMAD_TOKEN to a token that may read the job and the nodes`;
  if (status === 404 && path.startsWith('/v1/job/'))
    return `${quote}: no job ${JSON.stringify(target.jobID)} in namespace ${JSON.stringify(target.namespace || 'default')}`;
  return quote;
}
