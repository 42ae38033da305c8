// The import's preview: what the pasted bodies hold (the job's versions,
// the allocations by state, the nodes, the deployment), what the import
// noticed, and the problems the editor will mark.

import { describeSummary } from '../../import/summary.ts';
import type { PreviewState } from './useImportPreview.ts';

/**
 * ImportPreviewView says what the bodies hold, what the person should know,
 * and what the reader will mark; that a newer preview is being made (the
 * older one stays, dimmed); or why none could be made.
 */
export function ImportPreviewView({ preview, busy, stopped }: PreviewState) {
  const working = busy ? <p className="import-working">Working out the preview…</p> : null;
  if (preview === null) {
    return (
      <div className="import-preview" data-testid="import-preview" data-ok="false" aria-busy={busy} role="alert">
        {working}
        {stopped}
      </div>
    );
  }
  if (!preview.ok) {
    return (
      <div className="import-preview" data-testid="import-preview" data-ok="false" aria-busy={busy}>
        {working}
        {preview.empty ? 'Nothing pasted yet.' : 'Fix the fields marked above to see the scenario.'}
      </div>
    );
  }
  return (
    <div className="import-preview" data-testid="import-preview" data-ok="true" aria-busy={busy}>
      {working}
      <ul>
        {describeSummary(preview.summary).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {preview.notes.length > 0 && (
        <ul className="import-notes">
          {preview.notes.map((n) => (
            <li key={n.code} data-testid="import-note" data-code={n.code}>
              ⚠ {n.message}
            </li>
          ))}
        </ul>
      )}
      {preview.invalid.length > 0 && (
        <p className="import-invalid">
          The scenario has {preview.invalid.length} problem{preview.invalid.length === 1 ? '' : 's'} the editor will
          mark, the first: {preview.invalid[0]}
        </p>
      )}
    </div>
  );
}
