// Run it on a cluster, in the worker: the Job tab's job (with the variable
// values the Cluster tab gives it) gets a cluster made for it
// (simulator/clusterFor), which becomes the Cluster tab's text; the job
// runs on it as it is, so the plan is the cluster's own.

import { type Diagnostic, DiagnosticCode } from '../scenario/diagnostics.ts';
import { variableValues } from '../scenario/variablesText.ts';
import { clusterFor, type ClusterOptions } from '../simulator/clusterFor.ts';
import { inTab } from './answers.ts';
import { locateAll } from './locate.ts';
import type { ClusterRequest, RunRequest, RunResponse } from './protocol.ts';

/** clusterOptions turns the person's choice into clusterFor's options: the first node is the one drained or taken down. */
export function clusterOptions(request: ClusterRequest): ClusterOptions {
  const options: ClusterOptions = { nodes: request.nodes };
  if (request.datacenters.length > 0) options.datacenters = request.datacenters;
  if (request.trouble === 'draining') options.drain = 1;
  if (request.trouble === 'down') options.down = 1;
  return options;
}

/**
 * handleMakeCluster makes the cluster a request asks for and answers the
 * run of the job on it (through `run`, the usual answer), with the made
 * Cluster text; or, when no cluster can be made, says why in the Job tab.
 */
export async function handleMakeCluster(
  req: RunRequest & { makeCluster: ClusterRequest },
  run: (req: RunRequest) => Promise<RunResponse>,
  clock: () => number,
): Promise<RunResponse> {
  const started = clock();
  const variables = variableValues(req.texts.cluster) ?? {};
  const made = await clusterFor({ text: req.texts.job, variables }, clusterOptions(req.makeCluster));
  if (!made.ok) {
    const why: Diagnostic[] = made.problems.map((message) => ({
      code: DiagnosticCode.OutOfRange,
      path: '',
      message: `No cluster could be made for this job: ${message}`,
      line: 1,
      column: 1,
    }));
    const placed = made.diagnostics.filter((d) => d.line !== undefined);
    const unplaced = made.diagnostics.filter((d) => d.line === undefined);
    const diagnostics = [...inTab([...why, ...placed], 'job'), ...locateAll(unplaced, req.texts)];
    return { type: 'result', ok: false, seq: req.seq, diagnostics, millis: clock() - started };
  }
  const texts = { job: req.texts.job, cluster: made.texts.cluster };
  const answer = await run({ type: 'run', seq: req.seq, texts });
  return answer.type === 'result' ? { ...answer, madeCluster: made.texts.cluster } : answer;
}
