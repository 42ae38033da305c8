// One allocation set of a step: its label and count, then its members'
// names (the first few; the rest on request). Hovering or focusing it
// highlights its members in the graph.

import { memo, useState } from 'react';
import type { Member } from './describe.ts';
import { useHighlightKeys } from './useHighlightKeys.ts';

const SHOWN = 12;
// ALL_CAP bounds "all": a set of a million placements lists its first thousand names.
const ALL_CAP = 1000;

/** SetList draws one named set of a step with its members. */
export const SetList = memo(function SetList({ label, items }: { label: string; items: readonly Member[] }) {
  const onHighlight = useHighlightKeys();
  const [all, setAll] = useState(false);
  const shown = items.slice(0, all ? ALL_CAP : SHOWN);
  const enter = (): void => onHighlight(new Set(items.map((m) => m.key)));
  const leave = (): void => onHighlight(null);
  return (
    <li
      className="xp-set"
      data-testid="explain-set"
      data-empty={items.length === 0 ? 'true' : undefined}
      tabIndex={items.length > 0 ? 0 : undefined}
      onMouseEnter={enter}
      onMouseLeave={leave}
      onFocus={enter}
      onBlur={leave}
      aria-label={`${label}: ${items.length}`}
    >
      <span className="xp-set__label">
        {label} <span className="xp-set__count">{items.length}</span>
      </span>
      {items.length > 0 && (
        <span className="xp-set__names">
          {shown.map((m, i) => (
            <span key={`${m.key}:${i}`} className={m.alloc ? 'xp-name' : 'xp-name xp-name--new'}>
              {m.name}
            </span>
          ))}
          {items.length > SHOWN && (
            <button type="button" className="xp-more" onClick={() => setAll(!all)}>
              {all ? 'fewer' : `+${items.length - SHOWN} more`}
            </button>
          )}
          {all && items.length > ALL_CAP && (
            <span className="muted">and {(items.length - ALL_CAP).toLocaleString('en-US')} more, not listed</span>
          )}
        </span>
      )}
    </li>
  );
});
