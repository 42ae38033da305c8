// The plan as `nomad job plan` prints it at once: the job diff with each
// group's counts in its header, the scheduler's dry-run and the
// `nomad job run -check-index` line, coloured as the CLI colours it.

import { useMemo } from 'react';
import { wholePlan } from '../../result/planWhole.ts';
import type { GoodResult } from '../../store/state.ts';
import type { PlacementFailure } from '../../result/failure.ts';
import './diff.css';
import './plan.css';

/** WholePlan shows one result's plan as the command prints it; `failures` are a rollout frame's placement failures. */
export function WholePlan({ result, failures }: { result: GoodResult; failures: readonly PlacementFailure[] }) {
  const input = useMemo(() => {
    const job = result.scenario.Job;
    return {
      document: result.document,
      diff: result.diff,
      jobID: job.ID,
      jobType: job.Type,
      jobModifyIndex: job.JobModifyIndex,
      failures,
      path: `${job.ID}.nomad`,
    };
  }, [result, failures]);
  const segments = useMemo(() => wholePlan(input), [input]);
  return (
    <pre className="plan-whole diff-lines" data-testid="plan-whole">
      {segments.map((s, i) => (
        <span
          key={i}
          className={[s.color ? `diff-c-${s.color}` : '', s.bold ? 'diff-bold' : ''].join(' ').trim() || undefined}
        >
          {s.text}
        </span>
      ))}
    </pre>
  );
}
