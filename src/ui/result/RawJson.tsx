// The result document as JSON, exactly as the command-line runner prints it.

import { useMemo } from 'react';
import { useShownResult } from '../storeContext.tsx';

/** RawJson shows the last good result document. */
export function RawJson() {
  const result = useShownResult();
  const text = useMemo(() => (result ? JSON.stringify(result.document, null, 2) : ''), [result]);
  if (!result) return <p className="muted">No result yet.</p>;
  return (
    <pre className="raw-json" data-testid="raw-json" tabIndex={0} aria-label="Result document JSON">
      {text}
    </pre>
  );
}
