// What "Copy link" made: a confirmation that the link is on the clipboard,
// or, when the browser refused, the link in a field to copy by hand (it is
// shown, selected, in both cases).

import { useEffect, useRef } from 'react';
import { useMadeLink, useShareActions } from './shareContext.tsx';

/** LinkPanel shows the last link made, until it is closed (the button, or Escape: ShareMenu listens). */
export function LinkPanel() {
  const link = useMadeLink();
  const { closeLink } = useShareActions();
  const field = useRef<HTMLInputElement>(null);

  // Without the clipboard the field takes the focus, selected, so Ctrl+C copies it.
  useEffect(() => {
    if (link && !link.copied) {
      field.current?.focus();
      field.current?.select();
    }
  }, [link]);

  if (!link) return null;
  return (
    <div className="share-popover link-panel" data-testid="link-panel" role="dialog" aria-label="Link to this scenario">
      <p role="status" data-testid="link-status" className={link.copied ? 'ok' : 'warn'}>
        {link.copied
          ? '✓ Link copied to the clipboard.'
          : 'The browser did not let the page use the clipboard: copy the link from the field below.'}
      </p>
      <label>
        <span className="muted">Link ({link.url.length.toLocaleString()} characters)</span>
        <input
          ref={field}
          className="link-field"
          data-testid="link-field"
          readOnly
          value={link.url}
          onFocus={(e) => e.currentTarget.select()}
        />
      </label>
      <button type="button" className="button" onClick={closeLink}>
        Close
      </button>
    </div>
  );
}
