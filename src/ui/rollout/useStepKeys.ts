// [ and ] step the rollout from anywhere on the page but a text field (the
// editor included), while the rollout is open.

import { useEffect } from 'react';

/** useStepKeys moves to the frame before or after `frame` on [ and ], while `open`. */
export function useStepKeys(open: boolean, frame: number, selectFrame: (frame: number) => void): void {
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if ((e.key !== '[' && e.key !== ']') || e.ctrlKey || e.metaKey || e.altKey || isTextField(e.target)) return;
      e.preventDefault();
      selectFrame(frame + (e.key === ']' ? 1 : -1));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, frame, selectFrame]);
}

// isTextField tells whether a key press belongs to something that takes text.
function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target.tagName === 'INPUT' ||
    target.tagName === 'TEXTAREA' ||
    target.tagName === 'SELECT' ||
    target.closest('.monaco-editor') !== null
  );
}
