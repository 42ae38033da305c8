// One task group's line of the plan, as `nomad job plan` prints it.

import { formatGroupLine, type PlanGroup } from '../../result/plan.ts';
import { showConfusable } from '../confusable.ts';

/** GroupLine is one `Task Group: "web" (1 create, 3 ignore)` line, each count coloured as the CLI colours it; its text is formatGroupLine's exactly. */
export function GroupLine({ g }: { g: PlanGroup }) {
  return (
    <div className="plan-line" data-testid="plan-group" data-group={g.group} title={formatGroupLine(g)}>
      <span>Task Group: {showConfusable(JSON.stringify(g.group))}</span>
      {g.counts.length > 0 && (
        <>
          {' ('}
          {g.counts.map((c, i) => (
            <span key={c.label}>
              {i > 0 && ', '}
              <span className={`plan-count kind-${c.kind}`} data-kind={c.kind}>
                {c.count} {c.label}
              </span>
            </span>
          ))}
          {')'}
        </>
      )}
    </div>
  );
}
