// The banner for what the share features have to say: a bad link or file
// (an alert), or a link opened or a draft restored (a status), with a
// button to bring the previous draft back when there is one. It floats
// over the workspace, so it never moves the panels.

import { useShareActions, useShareNotice } from './shareContext.tsx';

/** ShareBanner shows the current share message until it is dismissed. */
export function ShareBanner() {
  const notice = useShareNotice();
  const { dismiss, restorePrevious, runHeld } = useShareActions();
  if (!notice) return null;
  return (
    <div className="share-banner" data-testid="share-banner" data-kind={notice.kind} role={notice.kind === 'error' ? 'alert' : 'status'}>
      <span className="share-banner-text">{notice.message}</span>
      {notice.offerRun && (
        <button type="button" className="button" data-testid="run-held" onClick={runHeld}>
          Run it
        </button>
      )}
      {notice.offerRestore && (
        <button type="button" className="button" data-testid="restore-previous" onClick={restorePrevious}>
          Restore previous draft
        </button>
      )}
      <button type="button" className="button" data-testid="share-banner-dismiss" aria-label="Dismiss this message" onClick={dismiss}>
        ✕
      </button>
    </div>
  );
}
