// The embeddable view offered by the Share menu: its link and the <iframe>
// that shows it in another page, each with a Copy button; when the browser
// refuses the clipboard, the field is selected to copy by hand.

import { useEffect, useRef } from 'react';
import type { EmbedPart } from '../../store/shareStore.ts';
import { useMadeEmbed, useShareActions } from './shareContext.tsx';

const LABELS: Record<EmbedPart, string> = { url: 'Link to the embeddable view', snippet: 'HTML for another page' };

/** EmbedPanel shows the embed link and snippet made last, until it is closed (the button, or Escape: ShareMenu listens). */
export function EmbedPanel() {
  const embed = useMadeEmbed();
  const { copyEmbed, closeEmbed } = useShareActions();
  const fields = useRef<Partial<Record<EmbedPart, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const last = useRef<EmbedPart>('url');

  // Without the clipboard the field the person tried to copy takes the focus, selected, so Ctrl+C copies it.
  useEffect(() => {
    if (!embed?.refused) return;
    const field = fields.current[last.current];
    field?.focus();
    field?.select();
  }, [embed]);

  if (!embed) return null;
  const copy = (part: EmbedPart) => {
    last.current = part;
    void copyEmbed(part);
  };
  const field = (part: EmbedPart) => {
    const props = {
      ref: (el: HTMLInputElement | HTMLTextAreaElement | null) => void (fields.current[part] = el),
      className: 'link-field',
      'data-testid': `embed-${part}`,
      readOnly: true,
      value: embed[part],
      onFocus: (e: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => e.currentTarget.select(),
    };
    return part === 'snippet' ? <textarea rows={3} {...props} /> : <input {...props} />;
  };
  return (
    <div className="share-popover link-panel" data-testid="embed-panel" role="dialog" aria-label="Embed this scenario">
      <p className="muted">A read-only view (the graph and the plan) for a page to show in an iframe.</p>
      {(['url', 'snippet'] as const).map((part) => (
        <div key={part} className="embed-part">
          <label>
            <span className="muted">{LABELS[part]}</span>
            {field(part)}
          </label>
          <button type="button" className="button" data-testid={`embed-copy-${part}`} onClick={() => copy(part)}>
            Copy
          </button>
        </div>
      ))}
      <p role="status" data-testid="embed-status" className={embed.refused ? 'warn' : 'ok'}>
        {embed.refused
          ? 'The browser did not let the page use the clipboard: copy from the selected field.'
          : embed.copied === 'url'
            ? '✓ Link copied to the clipboard.'
            : embed.copied === 'snippet'
              ? '✓ HTML copied to the clipboard.'
              : ''}
      </p>
      <button type="button" className="button" onClick={closeEmbed}>
        Close
      </button>
    </div>
  );
}
