// A popup (a menu, a popover) closes when the person presses anywhere
// outside the element that holds it and the control that opens it.

import { type RefObject, useEffect } from 'react';

/** usePointerDownOutside calls `onOutside` for a pointer press outside `container`, while `active`. */
export function usePointerDownOutside(
  active: boolean,
  container: RefObject<Element | null>,
  onOutside: () => void,
): void {
  useEffect(() => {
    if (!active) return;
    const onDown = (e: PointerEvent) => {
      if (!container.current?.contains(e.target as Node)) onOutside();
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [active, container, onOutside]);
}
