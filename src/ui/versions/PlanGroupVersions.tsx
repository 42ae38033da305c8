// Under a task group's line of the plan, with Compare versions on: the
// counts the other Nomad gives differently, its follow-up evaluations when
// they differ, and each allocation it treats differently, with what this
// version does to it and what the other does, and why.

import type { VersionsShown } from './useVersionRows.ts';
import { CountsBeside, OtherDecision } from './VersionMarks.tsx';
import { NOMAD_LABELS } from './VersionPicker.tsx';

/** PlanGroupVersions is one group's differences; nothing when the other version decides the group the same. */
export function PlanGroupVersions({
  group,
  shown,
}: {
  group: string;
  shown: Extract<VersionsShown, { state: 'compared' }>;
}) {
  const g = shown.rows.groups.get(group);
  if (g === undefined) return null;
  const other = NOMAD_LABELS[shown.other];
  return (
    <div className="versions-group" data-testid="plan-versions-group" data-group={group}>
      <CountsBeside group={g} other={other} />
      {g.followups !== null && (
        <div className="versions-followups">
          follow-up evaluations: {g.followups.here.join('; ') || 'none'} · {other}:{' '}
          {g.followups.there.join('; ') || 'none'}
        </div>
      )}
      {g.allocs.length > 0 && (
        <ul className="versions-allocs">
          {g.allocs.map((a) => (
            <li key={a.allocID} data-testid="plan-versions-alloc" data-alloc-id={a.allocID}>
              <span className="versions-alloc-name" title={a.allocID}>
                {a.name} <code className="muted">{a.allocID.slice(0, 8)}</code>
              </span>
              : {a.here}
              <br />
              <span aria-hidden="true">≠ </span>
              <OtherDecision row={a} other={other} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
