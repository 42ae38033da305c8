// [ and ] step the rollout from anywhere on the page but a text field (the
// editor included), while the rollout is open.

import { useEffect } from 'react';
import { isTextField } from '../textField.ts';

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
