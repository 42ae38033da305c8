// The dialog that asks before an example replaces the person's edits, and
// says where their text goes: aside, as a draft they can bring back.

import { useEffect, useId, useRef } from 'react';

/** ReplaceDialog asks whether to load `title` over the person's edits; it shows while `title` is not null. */
export function ReplaceDialog({ title, onAnswer }: { title: string | null; onAnswer: (load: boolean) => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = dialogRef.current;
    if (title !== null && d && !d.open) d.showModal();
  }, [title]);
  const answer = (load: boolean) => {
    dialogRef.current?.close();
    onAnswer(load);
  };
  return (
    <dialog
      ref={dialogRef}
      className="examples-dialog"
      data-testid="examples-confirm"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        answer(false);
      }}
    >
      <h2 id={titleId}>Replace your scenario?</h2>
      <p>
        The editors hold edits of your own. Loading “{title}” replaces both tabs; your edits are set aside as a draft,
        which <em>Restore previous draft</em> or the <em>Drafts</em> menu brings back.
      </p>
      <div className="examples-dialog-buttons">
        <button
          type="button"
          className="button"
          autoFocus
          data-testid="examples-confirm-cancel"
          onClick={() => answer(false)}
        >
          Keep my scenario
        </button>
        <button
          type="button"
          className="button examples-danger"
          data-testid="examples-confirm-load"
          onClick={() => answer(true)}
        >
          Replace it
        </button>
      </div>
    </dialog>
  );
}
