// The explanation tab: the engine's trace, made readable by the explain view.

import { useSelectedAllocID, useShownResult } from '../storeContext.tsx';
import { ExplainPanel } from '../layout/slots.ts';

/** ExplainTab shows the explanation of the last good result. */
export function ExplainTab() {
  const result = useShownResult();
  const selected = useSelectedAllocID();
  if (!result?.trace) return <p className="muted">No explanation yet.</p>;
  return <ExplainPanel trace={result.trace} scenario={result.scenario} selectedAllocID={selected} />;
}
