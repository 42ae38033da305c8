// Where each body of an import comes from: the HTTP endpoint, and the
// commands that print it (`nomad operator api` on Nomad 1.5 and later, or
// curl with the token header). The playground shows them beside each field.

import type { ImportSource } from './build.ts';

/** SourceInfo describes one body: what it is, the endpoint, and the commands that print it. */
export interface SourceInfo {
  label: string;
  endpoint: string;
  commands: string[];
}

/** sourceInfo gives the endpoint and commands of a body for a job ID (JOB when none is typed). */
export function sourceInfo(source: ImportSource, jobID: string): SourceInfo {
  const job = encodeURIComponent(jobID.trim() || 'JOB');
  const of = (label: string, endpoint: string, extra: string[] = []): SourceInfo => ({
    label,
    endpoint,
    commands: [
      `nomad operator api '${endpoint}'`,
      ...extra,
      `curl -s -H "X-Nomad-Token: $NOMAD_TOKEN" "$NOMAD_ADDR${endpoint}"`,
    ],
  });
  switch (source) {
    case 'job':
      return of('Job', `/v1/job/${job}`, [`nomad job inspect ${job}`]);
    case 'versions':
      return of('Versions', `/v1/job/${job}/versions`);
    case 'allocations':
      return of('Allocations', `/v1/job/${job}/allocations`);
    case 'nodes':
      return of('Nodes', '/v1/nodes?resources=true');
    case 'deployment':
      return of('Deployment', `/v1/job/${job}/deployment`);
  }
}
