// The scenario's description, shown beside the graph as plain text.

import { useResult } from '../storeContext.tsx';

/** Description shows the scenario's Description field, when it has one. */
export function Description() {
  const text = useResult()?.scenario.Description;
  if (!text) return null;
  return (
    <p className="description" data-testid="scenario-description">
      {text}
    </p>
  );
}
