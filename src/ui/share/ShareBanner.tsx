// The banner for what the share features have to say: a bad link or file
// (an alert), or a link opened or a draft restored (a status), with a
// button to bring the previous draft back when there is one. It sits in a
// row of its own under the header, so it covers nothing, and it goes away
// by itself after a while (not while the pointer or the focus is on it);
// Drafts keeps what Restore would bring back.

import { useEffect, useRef, useState } from 'react';
import { useShareActions, useShareNotice } from './shareContext.tsx';

/** NOTICE_MS is how long a notice stays: information briefly, a problem longer. */
export const NOTICE_MS = { info: 10_000, error: 30_000 } as const;

/** ShareBanner shows the current share message until it is dismissed or its time is up. */
export function ShareBanner() {
  const notice = useShareNotice();
  const { dismiss, restorePrevious, runHeld } = useShareActions();
  // The notice held (hovered or focused): a new notice starts its own time.
  const [heldNotice, setHeldNotice] = useState<typeof notice>(null);
  const held = notice !== null && heldNotice === notice;
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!notice || held) return;
    const timer = window.setTimeout(dismiss, NOTICE_MS[notice.kind]);
    return () => window.clearTimeout(timer);
  }, [notice, held, dismiss]);
  if (!notice) return null;
  const hold = () => setHeldNotice(notice);
  const release = () => setHeldNotice(box.current?.matches(':hover, :focus-within') ? notice : null);
  return (
    <div
      ref={box}
      className="share-banner"
      data-testid="share-banner"
      data-kind={notice.kind}
      role={notice.kind === 'error' ? 'alert' : 'status'}
      onMouseEnter={hold}
      onMouseLeave={release}
      onFocus={hold}
      onBlur={() => requestAnimationFrame(release)}
    >
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
      <button
        type="button"
        className="button"
        data-testid="share-banner-dismiss"
        aria-label="Dismiss this message"
        onClick={dismiss}
      >
        ✕
      </button>
    </div>
  );
}
