// Escape closes a panel from anywhere on the page but a text field, where
// Escape belongs to the field (the editor's suggestions, a form).

import { useEffect } from 'react';
import { isTextField } from '../textField.ts';

/** useEscapeToClose calls onClose when Escape is pressed outside a text field. */
export function useEscapeToClose(onClose: () => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape' && !isTextField(e.target)) onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
}
