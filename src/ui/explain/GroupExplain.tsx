// One task group's reasoning: the deployment facts (canary state, placement
// limit), the steps of computeGroup, and each allocation's fate.

import { memo } from 'react';
import type { GroupTrace } from '../../engine/types.ts';
import type { LaterIndex } from '../../result/laterReleases.ts';
import { DecisionTable } from './DecisionTable.tsx';
import { StepList } from './StepList.tsx';

function yesNo(b: boolean): string {
  return b ? 'yes' : 'no';
}

/** GroupExplain draws the trace of one task group. */
export const GroupExplain = memo(function GroupExplain({
  group,
  names,
  selected,
  later,
}: {
  group: GroupTrace;
  /** later are the changes of Nomad releases after 1.6.5 per allocation (see DecisionTable). */
  later: LaterIndex['allocs'];
  names: ReadonlyMap<string, string>;
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
      <DecisionTable decisions={group.decisions} selected={selected} later={later} />
    </section>
  );
});
