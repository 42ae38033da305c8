import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { diffReport } from '../../src/diff/report.ts';
import { runScenario } from '../../src/result/run.ts';
import { wholePlanText } from '../../src/result/planWhole.ts';
import { readScenario } from '../../src/scenario/read.ts';

function plan(example: string, failures: Parameters<typeof wholePlanText>[0]['failures'] = []) {
  const read = readScenario(readFileSync(`src/examples/${example}.json`, 'utf8'));
  if (!read.ok) throw new Error(example);
  const s = read.scenario;
  return wholePlanText({
    document: runScenario(s).document,
    diff: diffReport(s),
    jobID: s.Job.ID,
    jobType: s.Job.Type,
    jobModifyIndex: s.Job.JobModifyIndex,
    failures,
    path: 'job.nomad',
  });
}

const HELP = `To submit the job with version verification run:

nomad job run -check-index 1000 job.nomad

When running the job with the check-index flag, the job will only be run if the
job modify index given matches the server-side version. If the index has
changed, another user has modified the job and the plan's results are
potentially invalid.
`;

describe('wholePlanText', () => {
  it('prints the diff with counts in the group header, the dry-run and the check-index help', () => {
    expect(plan('stop-after-client-disconnect')).toBe(
      `Job: "ledger"\nTask Group: "ledger" (1 destroy, 1 ignore)\n  Task: "ledger"\n\nScheduler dry-run:\n- All tasks successfully allocated.\n\nJob Modify Index: 1000\n${HELP}`,
    );
  });

  it('marks an edited job and group, and counts a destructive update', () => {
    const text = plan('surprise-meta-destructive');
    expect(text).toMatch(/^\+\/- Job: "\w+"\n/);
    expect(text).toMatch(/\n\+\/- Task Group: "\w+" \([^)]*create\/destroy update[^)]*\)\n/);
  });

  it('prints placement failures as formatDryRun does', () => {
    const text = plan('stop-after-client-disconnect', [
      {
        TaskGroup: 'web',
        Failed: 2,
        NodesEvaluated: 3,
        NodesExhausted: 3,
        DimensionExhausted: { memory: 3 },
        NodesAvailable: { dc1: 3 },
      },
      {
        TaskGroup: 'api',
        Failed: 1,
        NodesEvaluated: 0,
        NodesExhausted: 0,
        DimensionExhausted: {},
        NodesAvailable: { dc1: 0 },
      },
    ]);
    expect(text).toContain(
      'Scheduler dry-run:\n- WARNING: Failed to place all allocations.\n' +
        '  Task Group "api" (failed to place 1 allocation):\n    * No nodes were eligible for evaluation\n    * No nodes are available in datacenter "dc1"\n\n\n' +
        '  Task Group "web" (failed to place 2 allocations):\n    * Resources exhausted on 3 nodes\n    * Dimension "memory" exhausted on 3 nodes\n\n\nJob Modify Index: 1000\n',
    );
  });
});
