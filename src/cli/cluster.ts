// The --cluster form of the runner and of share: a jobspec submitted onto a
// cluster, as `nomad job plan JOBSPEC` submits one to a live cluster. The
// cluster is a scenario file whose job is the running job; the result is
// the scenario in which the submitted job is scheduled (scenario/submit/).

import type { Job } from '../engine/structs.ts';
import { FILE_TEXT_BUDGET } from '../scenario/budget.ts';
import type { Diagnostic } from '../scenario/diagnostics.ts';
import type { NomadVersion } from '../scenario/nomadVersion.ts';
import type { Scenario } from '../scenario/read.ts';
import { submitJob } from '../scenario/submit/index.ts';
import { cannotRead, formatJobDiagnostic } from './placed.ts';
import { STDIN_NAME, formatDiagnostic } from './run.ts';
import type { CliIO } from './run.ts';

/** ClusterSubmission is the scenario that submitting a jobspec onto a cluster gives, as JSON text and as read, and the running job. */
export interface ClusterSubmission {
  text: string;
  scenario: Scenario;
  running: Job;
}

/**
 * submitOntoCluster submits the job in `jobspecFile` (HCL with
 * `variables`, or API JSON) onto the cluster in `clusterFile`, both read
 * with `readText` (which throws when a file cannot be read). Problems are
 * printed where they are: `CLUSTER: PATH: message` for the cluster,
 * `JOBSPEC:LINE:COLUMN: message` for the submitted job; warnings likewise,
 * marked. Null when there is no scenario (the input is invalid).
 */
export async function submitOntoCluster(
  clusterFile: string,
  jobspecFile: string,
  variables: Record<string, unknown>,
  readText: (file: string) => Promise<string>,
  io: CliIO,
  nomadVersion: NomadVersion | null = null,
): Promise<ClusterSubmission | null> {
  const clusterName = clusterFile === '-' ? STDIN_NAME : clusterFile;
  const jobspecName = jobspecFile === '-' ? STDIN_NAME : jobspecFile;
  const texts: string[] = [];
  for (const [file, name] of [
    [clusterFile, clusterName],
    [jobspecFile, jobspecName],
  ] as const) {
    try {
      texts.push(await readText(file));
    } catch (e) {
      io.stderr(cannotRead(name, e) + '\n');
      return null;
    }
  }
  const [clusterText, jobspecText] = texts as [string, string];
  const result = await submitJob(
    clusterText,
    { text: jobspecText, variables },
    { textBudget: FILE_TEXT_BUDGET, ...(nomadVersion === null ? {} : { nomadVersion }) },
  );
  const inJobspec = (d: Diagnostic) => formatJobDiagnostic(jobspecName, d, jobspecText);
  const warning = (d: Diagnostic) => ({ ...d, message: `warning: ${d.message}` });
  for (const w of result.warnings.cluster) io.stderr(formatDiagnostic(clusterName, warning(w)) + '\n');
  for (const w of result.warnings.submitted) io.stderr(inJobspec(warning(w)) + '\n');
  if (!result.ok) {
    for (const d of result.cluster) io.stderr(formatDiagnostic(clusterName, d) + '\n');
    for (const d of result.submitted) io.stderr(inJobspec(d) + '\n');
    return null;
  }
  return { text: result.text, scenario: result.scenario, running: result.running };
}
