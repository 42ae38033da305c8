// The Examples menu's items: the basics, then the surprises, then the
// whole rollouts, each with its title and a line on what it shows.

import type { KeyboardEvent, RefObject } from 'react';
import { EXAMPLES, type Example } from '../../examples/index.ts';

const BASICS = EXAMPLES.filter((e) => !e.surprise && !e.rollout);
const SURPRISES = EXAMPLES.filter((e) => e.surprise);
const ROLLOUTS = EXAMPLES.filter((e) => e.rollout);

/** ExampleList is the open menu of examples; choosing one calls `onChoose`. */
export function ExampleList({
  menuId,
  menuRef,
  onKeyDown,
  onChoose,
}: {
  menuId: string;
  menuRef: RefObject<HTMLDivElement | null>;
  onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => void;
  onChoose: (example: Example) => void;
}) {
  const item = (e: Example) => (
    <button
      key={e.id}
      type="button"
      role="menuitem"
      tabIndex={-1}
      className="examples-item"
      data-example-id={e.id}
      onClick={() => onChoose(e)}
    >
      <span className="examples-item-title">{e.title}</span>
      <span className="examples-item-summary">{e.summary}</span>
    </button>
  );
  return (
    <div
      ref={menuRef}
      id={menuId}
      role="menu"
      aria-label="Example scenarios"
      className="examples-menu"
      data-testid="examples-menu"
      onKeyDown={onKeyDown}
    >
      <div role="group" aria-label="Scenarios">
        {BASICS.map(item)}
      </div>
      <div role="group" aria-labelledby={`${menuId}-surprises`}>
        <div className="examples-heading" id={`${menuId}-surprises`} role="presentation">
          Surprises
        </div>
        {SURPRISES.map(item)}
      </div>
      <div role="group" aria-labelledby={`${menuId}-rollouts`}>
        <div className="examples-heading" id={`${menuId}-rollouts`} role="presentation">
          Whole rollouts
        </div>
        {ROLLOUTS.map(item)}
      </div>
    </div>
  );
}
