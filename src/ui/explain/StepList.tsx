// The steps of computeGroup for one group, in the order they ran, each named
// in plain words with upstream's function name beside it, with its note and
// the allocation sets it left. Hovering or focusing a step
// highlights every allocation it concerns.

import { memo } from 'react';
import type { TraceStep } from '../../engine/types.ts';
import { STEP_NAMES, upstreamName } from '../../graph/stepNames.ts';
import { members, setLabel, stepKeys } from './describe.ts';
import { SetList } from './SetList.tsx';
import { useHighlightKeys } from './useHighlightKeys.ts';

/** StepList draws a group's steps with their sets. */
export const StepList = memo(function StepList({
  steps,
  names,
  decidedIn = null,
}: {
  steps: readonly TraceStep[];
  names: ReadonlyMap<string, string>;
  /** decidedIn is the step that decided the allocation chosen in the graph: its last run is marked. */
  decidedIn?: string | null;
}) {
  const onHighlight = useHighlightKeys();
  const marked = decidedIn === null ? -1 : steps.findLastIndex((s) => s.step === decidedIn);
  return (
    <ol className="xp-steps">
      {steps.map((s, i) => {
        const enter = (): void => onHighlight(stepKeys(s));
        const leave = (): void => onHighlight(null);
        return (
          <li
            key={`${s.step}:${i}`}
            className="xp-step"
            data-testid="explain-step"
            data-step={s.step}
            data-deciding={i === marked ? 'true' : undefined}
          >
            <div
              className="xp-step__head"
              tabIndex={0}
              onMouseEnter={enter}
              onMouseLeave={leave}
              onFocus={enter}
              onBlur={leave}
            >
              <span className="xp-step__name">{STEP_NAMES[s.step]}</span>
              {upstreamName(s.step) !== '' && <code className="xp-upstream">{upstreamName(s.step)}</code>}
              <span className="xp-step__note">{s.note}</span>
            </div>
            <ul className="xp-sets">
              {Object.entries(s.sets).map(([name, ids]) => (
                <SetList key={name} label={setLabel(name)} items={members(ids, names)} />
              ))}
            </ul>
          </li>
        );
      })}
    </ol>
  );
});
