// A menu button in the WAI-ARIA pattern: Enter, Space or the arrow keys
// open the menu, the arrows, Home and End move between its items, Escape
// closes it and returns to the button, Tab leaves it; a press outside
// closes it.

import { type KeyboardEvent, type RefObject, useCallback, useId, useRef, useState } from 'react';
import { usePointerDownOutside } from '../usePointerDownOutside.ts';

/** MenuButton is an open menu's state, its elements' refs and the handlers the button and the menu take. */
export interface MenuButton {
  open: boolean;
  menuId: string;
  containerRef: RefObject<HTMLDivElement | null>;
  buttonRef: RefObject<HTMLButtonElement | null>;
  menuRef: RefObject<HTMLDivElement | null>;
  /** toggle opens the menu on its first item, or closes it. */
  toggle(): void;
  /** closeMenu closes it, giving the focus back to the button when `refocus`. */
  closeMenu(refocus: boolean): void;
  onButtonKey(e: KeyboardEvent<HTMLButtonElement>): void;
  onMenuKey(e: KeyboardEvent<HTMLDivElement>): void;
}

/** useMenuButton runs one menu button: whether it is open, where the focus goes, and the keys. */
export function useMenuButton(): MenuButton {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  usePointerDownOutside(
    open,
    containerRef,
    useCallback(() => setOpen(false), []),
  );

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLButtonElement>('[role=menuitem]') ?? []);
  const focusItem = (index: number) => {
    const all = items();
    all[(index + all.length) % Math.max(all.length, 1)]?.focus();
  };
  const openMenu = (focus: 'first' | 'last') => {
    setOpen(true);
    // The items exist after the render that opens the menu.
    requestAnimationFrame(() => focusItem(focus === 'first' ? 0 : -1));
  };
  const closeMenu = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const onMenuKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = items().indexOf(document.activeElement as HTMLButtonElement);
    const moves: Record<string, () => void> = {
      ArrowDown: () => focusItem(at + 1),
      ArrowUp: () => focusItem(at - 1),
      Home: () => focusItem(0),
      End: () => focusItem(-1),
      Escape: () => closeMenu(true),
      Tab: () => closeMenu(false),
    };
    const move = moves[e.key];
    if (!move) return;
    if (e.key !== 'Tab') e.preventDefault();
    move();
  };
  const onButtonKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    openMenu(e.key === 'ArrowDown' ? 'first' : 'last');
  };
  const toggle = () => (open ? closeMenu(false) : openMenu('first'));

  return { open, menuId, containerRef, buttonRef, menuRef, toggle, closeMenu, onButtonKey, onMenuKey };
}
