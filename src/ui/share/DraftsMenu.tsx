// The drafts set aside (before a link was opened, a file imported or a
// draft restored), each with the time and reason, and a button to bring
// it back. A disclosure button opens the list; Escape closes it.

import { useState } from 'react';
import type { Draft } from '../../share/draftStore.ts';
import { useDrafts, useShareActions } from './shareContext.tsx';

// draftTitle names a draft by its scenario's Name, else by its job's ID.
function draftTitle(d: Draft): string {
  for (const [text, key] of [
    [d.texts.cluster, 'Name'],
    [d.texts.job, 'ID'],
  ] as const) {
    const m = new RegExp(`"${key}"\\s*:\\s*"((?:[^"\\\\]|\\\\.){1,80})"`).exec(text);
    if (m) return key === 'ID' ? `job ${m[1]}` : (m[1] as string);
  }
  return 'untitled scenario';
}

/** DraftsMenu lists the set-aside drafts for restoring. */
export function DraftsMenu() {
  const drafts = useDrafts();
  const { restore, refreshDrafts } = useShareActions();
  const [open, setOpen] = useState(false);
  const toggle = () => {
    if (!open) refreshDrafts();
    setOpen(!open);
  };
  return (
    <div className="share-menu-item" onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      <button
        type="button"
        className="button"
        data-testid="drafts-button"
        aria-expanded={open}
        aria-controls="drafts-list"
        onClick={toggle}
      >
        Drafts{drafts.length > 0 ? ` (${drafts.length})` : ''}
      </button>
      {open && (
        <div
          className="share-popover"
          id="drafts-list"
          data-testid="drafts-list"
          role="region"
          aria-label="Earlier drafts"
        >
          {drafts.length === 0 ? (
            <p className="muted">
              No earlier drafts. When a link, an import or a restore replaces your text, it is kept here.
            </p>
          ) : (
            <ul>
              {drafts.map((d, i) => (
                <li key={`${d.savedAt}-${i}`}>
                  <span>
                    <strong>{draftTitle(d)}</strong>
                    <br />
                    <span className="muted">
                      {new Date(d.savedAt).toLocaleString()}
                      {d.reason ? `, ${d.reason}` : ''}
                    </span>
                  </span>
                  <button
                    type="button"
                    className="button"
                    data-testid="draft-restore"
                    onClick={() => {
                      restore(i);
                      setOpen(false);
                    }}
                  >
                    Restore
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
