// One task group's reasoning: the deployment facts (canary state, placement
// limit), the steps of computeGroup, and each allocation's fate; with
// Compare versions on, whether the other Nomad decides the group differently.

import { memo } from 'react';
import type { GroupTrace } from '../../engine/types.ts';
import type { LaterIndex } from '../../result/laterReleases.ts';
import type { GroupVersions } from '../../graph/versionRows.ts';
import { plural } from '../../graph/labels.ts';
import { CountsBeside } from '../versions/VersionMarks.tsx';
import { DecisionTable } from './DecisionTable.tsx';
import { StepList } from './StepList.tsx';

function yesNo(b: boolean): string {
  return b ? 'yes' : 'no';
}

/** GroupVersionsShown is the comparison as one group shows it: the other version's name, and the group's differences (null: none). */
export interface GroupVersionsShown {
  other: string;
  group: GroupVersions | null;
}

/** GroupExplain draws the trace of one task group. */
export const GroupExplain = memo(function GroupExplain({
  group,
  names,
  selected,
  later,
  versions,
}: {
  group: GroupTrace;
  /** later are the changes of Nomad releases after 1.6.5 per allocation (see DecisionTable). */
  later: LaterIndex['allocs'];
  names: ReadonlyMap<string, string>;
  /** versions is the comparison's view of this group, while Compare versions is on. */
  versions?: GroupVersionsShown | undefined;
  /** selected is the allocation of this group chosen in the graph, or null. */
  selected: string | null;
}) {
  const decidedIn = selected === null ? null : (group.decisions.find((d) => d.allocID === selected)?.step ?? null);
  return (
    <section
      className="xp-group"
      data-testid="explain-group"
      data-group={group.group}
      aria-label={`Task group ${group.group}`}
    >
      <h3>
        Task group “{group.group}”{group.removed && <span className="xp-tag">removed from the job</span>}
      </h3>
      {versions && <GroupVersionsLine versions={versions} />}
      {!group.removed && (
        <dl className="xp-facts">
          <dt>Deployment</dt>
          <dd>
            {group.existingDeployment
              ? 'the group is part of the deployment the reconciler carries on'
              : 'no deployment the reconciler carries on has the group (a finished one is not carried on)'}
          </dd>
          <dt>Canary state</dt>
          <dd data-testid="explain-canary">
            <b>{yesNo(group.canaryState)}</b>
            {group.requireCanary ? ' (canaries are required)' : ''} — {group.canaryReason}
          </dd>
          <dt>Placement limit</dt>
          <dd data-testid="explain-limit">
            <b>{group.limit}</b> — {group.limitReason}
          </dd>
          <dt>Deployment complete</dt>
          <dd>{yesNo(group.deploymentComplete)}</dd>
        </dl>
      )}
      <h4>
        The steps, in the order the reconciler takes them <code className="xp-upstream">computeGroup</code>
      </h4>
      <StepList steps={group.steps} names={names} decidedIn={decidedIn} />
      <DecisionTable
        decisions={group.decisions}
        selected={selected}
        later={later}
        others={versions?.group?.allocs}
        otherName={versions?.other}
      />
    </section>
  );
});

// GroupVersionsLine says whether the other version decides this group differently, and where.
function GroupVersionsLine({ versions }: { versions: GroupVersionsShown }) {
  const g = versions.group;
  if (g === null)
    return (
      <p className="xp-versions" data-testid="explain-versions-group" data-differs="false">
        {versions.other} decides this group the same.
      </p>
    );
  const allocs = g.allocs.length;
  return (
    <p className="xp-versions" data-testid="explain-versions-group" data-differs="true">
      {versions.other} decides this group differently
      {allocs > 0 && `: ${plural(allocs, 'allocation')} (marked ≠ below)`}
      {g.counts.length > 0 && (
        <>
          . Counts: <CountsBeside group={g} other={versions.other} />
        </>
      )}
      {g.followups !== null && <>. Its follow-up evaluations differ.</>}
    </p>
  );
}
