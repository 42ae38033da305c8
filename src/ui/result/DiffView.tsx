// The job diff: the submitted job against the version the running
// allocations use, laid out and coloured as `nomad job plan` shows it, each
// group and task headed with the update its change forces and why. When the
// allocations run several versions, the person picks which to compare with
// (the most used first).

import { useMemo, useState } from 'react';
import { blockLines, describeUpdate, formatJobDiff, type DiffBlock, type DiffComparison } from '../../diff/index.ts';
import { useShownResult } from '../storeContext.tsx';
import './diff.css';

/** DiffView shows the job diff of the last good result. */
export function DiffView() {
  const result = useShownResult();
  const [chosen, setChosen] = useState<number | null>(null);
  const comparisons = result?.diff?.comparisons ?? [];
  const current = comparisons.find((c) => c.version === chosen) ?? comparisons[0] ?? null;
  const blocks = useMemo(() => (current ? formatJobDiff(current.diff) : []), [current]);

  if (!result) return <p className="muted">No result yet.</p>;
  if (!current) {
    return (
      <p className="muted" data-testid="diff-empty">
        No allocation is running and the job has no earlier version, so there is nothing to compare it with.
      </p>
    );
  }
  return (
    <div className="job-diff" data-testid="job-diff" data-version={current.version}>
      {comparisons.length > 1 && (
        <div className="diff-bases" role="radiogroup" aria-label="Compare with the version run by">
          {comparisons.map((c) => (
            <button
              key={c.version}
              type="button"
              role="radio"
              className="button diff-base-choice"
              data-testid="diff-base-choice"
              aria-checked={c === current}
              onClick={() => setChosen(c.version)}
            >
              version {c.version} ({plural(c.allocIDs.length, 'allocation')})
            </button>
          ))}
        </div>
      )}
      <p className="diff-base" data-testid="diff-base">
        {describeBase(current, result.scenario.Job.Version)}
      </p>
      {blocks.map((b, i) => (
        <BlockView key={i} block={b} />
      ))}
    </div>
  );
}

// BlockView is the heading (for a group or a task) and the lines of one block.
function BlockView({ block }: { block: DiffBlock }) {
  return (
    <>
      {block.update && (
        <div
          className="diff-heading"
          data-testid="diff-heading"
          data-level={block.kind}
          data-kind={block.update.kind}
          data-group={block.group ?? undefined}
          data-task={block.task ?? undefined}
        >
          {block.kind === 'group' ? `Task Group ${JSON.stringify(block.group)}` : `Task ${JSON.stringify(block.task)}`}:{' '}
          {describeUpdate(block.update)}
        </div>
      )}
      <pre className="diff-lines" data-testid="diff-lines" data-level={block.kind}>
        {blockLines(block).map((line, i) => (
          <div key={i}>
            {line.length === 0
              ? '\u00a0'
              : line.map((s, j) => (
                  <span
                    key={j}
                    className={
                      [s.color ? `diff-c-${s.color}` : '', s.bold ? 'diff-bold' : ''].join(' ').trim() || undefined
                    }
                  >
                    {s.text}
                  </span>
                ))}
          </div>
        ))}
      </pre>
    </>
  );
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

// describeBase says what the submitted job is compared with.
function describeBase(c: DiffComparison, version: number): string {
  const which = `version ${c.version} (JobModifyIndex ${c.jobModifyIndex})`;
  if (!c.fromAllocations)
    return `Job version ${version} compared with ${which}, the latest earlier version: no allocation is running.`;
  const n = c.allocIDs.length;
  return `Job version ${version} compared with ${which}, which ${plural(n, 'running allocation')} ${n === 1 ? 'uses' : 'use'}.`;
}
