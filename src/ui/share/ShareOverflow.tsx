// The share controls folded behind one "Share" button, for a page too
// narrow to show them in the header.

import { useCallback, useRef, useState, type ReactNode } from 'react';
import { usePointerDownOutside } from '../usePointerDownOutside.ts';

/** ShareOverflow holds the share controls behind a "Share" button, on a narrow page; a click outside or Escape closes it. */
export function ShareOverflow({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  usePointerDownOutside(open, box, close);
  return (
    <div
      ref={box}
      className="share-menu-item"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open && !e.defaultPrevented) {
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className="button"
        data-testid="share-overflow"
        aria-expanded={open}
        aria-controls="share-overflow"
        onClick={() => setOpen(!open)}
      >
        Share ▾
      </button>
      {open && (
        <div
          className="share-popover share-overflow"
          id="share-overflow"
          role="group"
          aria-label="Link, export, import and drafts"
        >
          {children}
        </div>
      )}
    </div>
  );
}
