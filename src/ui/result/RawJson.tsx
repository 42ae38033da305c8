// The result document as JSON, exactly as the command-line runner prints it;
// for a result with huge lists (a Count of a million), their first entries.

import { useMemo } from 'react';
import type { ResultDocument } from '../../result/document.ts';
import { useShownResult } from '../storeContext.tsx';

/** RAW_LIST_CAP is how many entries of each of the document's lists the tab prints. */
export const RAW_LIST_CAP = 1000;

// capped is the document with each list cut to RAW_LIST_CAP entries, and how many were left out.
function capped(doc: ResultDocument): { doc: ResultDocument; omitted: number } {
  let omitted = 0;
  const out: Record<string, unknown> = { ...doc };
  for (const [k, v] of Object.entries(doc)) {
    if (!Array.isArray(v) || v.length <= RAW_LIST_CAP) continue;
    omitted += v.length - RAW_LIST_CAP;
    out[k] = v.slice(0, RAW_LIST_CAP);
  }
  return { doc: out as unknown as ResultDocument, omitted };
}

/** RawJson shows the last good result document. */
export function RawJson() {
  const result = useShownResult();
  const shown = useMemo(() => {
    if (!result) return null;
    const c = capped(result.document);
    return { text: JSON.stringify(c.doc, null, 2), omitted: c.omitted };
  }, [result]);
  if (!shown) return <p className="muted">No result yet.</p>;
  return (
    <>
      {shown.omitted > 0 && (
        <p className="muted" data-testid="raw-json-capped">
          Each list shows its first {RAW_LIST_CAP.toLocaleString('en-US')} entries;{' '}
          {shown.omitted.toLocaleString('en-US')} more are left out here (the command-line runner prints them all).
        </p>
      )}
      <pre className="raw-json" data-testid="raw-json" tabIndex={0} aria-label="Result document JSON">
        {shown.text}
      </pre>
    </>
  );
}
