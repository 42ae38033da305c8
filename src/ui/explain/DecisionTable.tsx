// For each allocation of a group, the branch that decided its fate: the
// step and the reason; under one the other Nomad decides differently (with
// Compare versions on), the other's decision and step. Long tables stay
// folded until asked for.

import { Fragment, memo, useEffect, useMemo, useRef, useState } from 'react';
import { useHighlightKeys } from './useHighlightKeys.ts';
import type { AllocDecision } from '../../engine/types.ts';
import { ACTIONS } from '../../graph/vocabulary.ts';
import { STEP_NAMES, upstreamName } from '../../graph/stepNames.ts';
import { sortDecisions } from './describe.ts';
import type { LaterIndex } from '../../result/laterReleases.ts';
import type { AllocVersions } from '../../graph/versionRows.ts';
import { LaterChanges } from '../graph/LaterChanges.tsx';
import { OtherDecision } from '../versions/VersionMarks.tsx';

const OPEN_UP_TO = 40;

/** DecisionTable lists a group's decisions in name order; hovering a row highlights its allocation. */
export const DecisionTable = memo(function DecisionTable({
  decisions,
  selected = null,
  later,
  others,
  otherName = '',
}: {
  decisions: readonly AllocDecision[];
  /** later are the changes of Nomad releases after 1.6.5, per allocation, noted under its reason. */
  later: LaterIndex['allocs'];
  /** selected is the allocation chosen in the graph: its row is marked, unfolded and scrolled to. */
  selected?: string | null;
  /** others are the allocations of the group the other Nomad version (otherName) treats differently. */
  others?: readonly AllocVersions[] | undefined;
  otherName?: string | undefined;
}) {
  const otherOf = useMemo(() => new Map((others ?? []).map((o) => [o.allocID, o])), [others]);
  const onHighlight = useHighlightKeys();
  const [open, setOpen] = useState(decisions.length <= OPEN_UP_TO || selected !== null);
  // A newly chosen allocation unfolds the table (adjusted while rendering, not in an effect).
  const [chosen, setChosen] = useState(selected);
  if (chosen !== selected) {
    setChosen(selected);
    if (selected !== null) setOpen(true);
  }
  const selectedRow = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    selectedRow.current?.scrollIntoView({ block: 'nearest' });
  }, [selected, open]);
  return (
    <details className="xp-decisions" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Each allocation’s fate ({decisions.length})</summary>
      {open && (
        <table>
          <thead>
            <tr>
              <th scope="col">Allocation</th>
              <th scope="col">Fate</th>
              <th scope="col">Decided in</th>
              <th scope="col">Why</th>
            </tr>
          </thead>
          <tbody>
            {sortDecisions(decisions).map((d) => {
              const enter = (): void => onHighlight(new Set([d.allocID]));
              const leave = (): void => onHighlight(null);
              const other = otherOf.get(d.allocID);
              return (
                <Fragment key={d.allocID}>
                  <tr
                    data-testid="explain-decision"
                    data-decision-for={d.allocID}
                    data-action={d.action}
                    ref={d.allocID === selected ? selectedRow : undefined}
                    data-selected={d.allocID === selected ? 'true' : undefined}
                    aria-current={d.allocID === selected ? 'true' : undefined}
                    tabIndex={0}
                    onMouseEnter={enter}
                    onMouseLeave={leave}
                    onFocus={enter}
                    onBlur={leave}
                  >
                    <td title={d.allocID}>
                      {d.name} <span className="xp-id">{d.allocID.slice(0, 8)}</span>
                    </td>
                    <td>
                      <span className="xp-fate" data-action={d.action}>
                        {ACTIONS[d.action].symbol} {ACTIONS[d.action].label}
                      </span>
                    </td>
                    <td>
                      {STEP_NAMES[d.step]}{' '}
                      {upstreamName(d.step) !== '' && <code className="xp-upstream">{upstreamName(d.step)}</code>}
                    </td>
                    <td>
                      {d.reason}
                      <LaterChanges later={later.get(d.allocID) ?? []} className="xp-later" />
                    </td>
                  </tr>
                  {other !== undefined && (
                    <tr className="xp-other" data-testid="explain-versions-alloc" data-decision-for={d.allocID}>
                      <td colSpan={4}>
                        <span aria-hidden="true">≠ </span>
                        <OtherDecision row={other} other={otherName} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      )}
    </details>
  );
});
