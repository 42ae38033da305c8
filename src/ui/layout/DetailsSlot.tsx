// The side panel with the selected allocation's details.

import { useCallback } from 'react';
import { useActions, useShownResult, useSelectedAllocID } from '../storeContext.tsx';
import { AllocDetails } from './slots.ts';

/** DetailsSlot shows the selected allocation's details, or nothing when none is selected. */
export function DetailsSlot() {
  const result = useShownResult();
  const allocID = useSelectedAllocID();
  const { selectAlloc } = useActions();
  const onClose = useCallback(() => selectAlloc(null), [selectAlloc]);
  if (!result || !allocID) return null;
  return (
    <aside className="details-panel" aria-label="Allocation details" data-testid="details-panel">
      <AllocDetails scenario={result.scenario} document={result.document} trace={result.trace} allocID={allocID} onClose={onClose} />
    </aside>
  );
}
