// The explanation tab: the engine's trace, made readable by the explain view,
// and a wide reading view of it (a dialog over the page) for a class to follow.

import { useEffect, useRef, useState } from 'react';
import { useSelectedAllocID, useShownResult } from '../storeContext.tsx';
import { ExplainPanel } from '../layout/slots.ts';
import { useVersionRows } from '../versions/useVersionRows.ts';

/** ExplainTab shows the explanation of the last good result, and opens it wide on request. */
export function ExplainTab() {
  const result = useShownResult();
  const selected = useSelectedAllocID();
  const versions = useVersionRows();
  const [wide, setWide] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  // The dialog is drawn only while open (a large trace is not drawn twice); it opens once drawn.
  useEffect(() => {
    if (wide && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [wide]);
  if (!result?.trace) return <p className="muted">No explanation yet.</p>;
  const panel = (inDialog: boolean) => (
    <ExplainPanel
      trace={result.trace}
      scenario={result.scenario}
      document={result.document}
      wide={inDialog}
      selectedAllocID={selected}
      versions={versions}
    />
  );
  return (
    <>
      <div className="explain-toolbar">
        <button type="button" className="button" data-testid="explain-read-wide" onClick={() => setWide(true)}>
          ⤢ Read wide
        </button>
      </div>
      {panel(false)}
      {wide && (
        <dialog
          ref={dialog}
          className="explain-reading"
          data-testid="explain-reading"
          aria-label="The explanation, wide"
          onClose={() => setWide(false)}
          onClick={(e) => {
            // A click on the backdrop (the dialog element itself) closes it.
            if (e.target === e.currentTarget) dialog.current?.close();
          }}
        >
          <header className="explain-reading__head">
            <h2>Explanation</h2>
            <button
              type="button"
              className="button"
              data-testid="explain-reading-close"
              onClick={() => dialog.current?.close()}
            >
              Close
            </button>
          </header>
          {panel(true)}
        </dialog>
      )}
    </>
  );
}
