// The Examples menu in the header: the library of teaching scenarios
// (src/examples/). Choosing one loads it into both editor tabs; when the
// editors hold text the person changed, a dialog asks first. A menu button
// in the WAI-ARIA pattern: Enter, Space or the arrow keys open it, the
// arrows, Home and End move, Escape closes it and returns to the button.

import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import defaultScenario from '../defaultScenario.json';
import { EXAMPLES, type Example } from '../../examples/index.ts';
import { splitScenario, type TabTexts } from '../../scenario/tabs.ts';
import { useActions, useStoreApi } from '../storeContext.tsx';
import { useShareActions } from '../share/shareContext.tsx';
import { needsConfirmation } from './loadGuard.ts';
import './examples.css';

const DEFAULT_TEXTS = splitScenario(defaultScenario);
const BASICS = EXAMPLES.filter((e) => !e.surprise && !e.rollout);
const SURPRISES = EXAMPLES.filter((e) => e.surprise);
const ROLLOUTS = EXAMPLES.filter((e) => e.rollout);

interface Pending {
  example: Example;
  texts: TabTexts;
}

/** ExamplesMenu is the header's menu of example scenarios and the dialog that guards the person's edits. */
export function ExamplesMenu() {
  const store = useStoreApi();
  const { selectAlloc } = useActions();
  const { replaceTexts } = useShareActions();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const lastLoaded = useRef<TabTexts | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const menuId = useId();
  const titleId = useId();

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

  // A click anywhere outside the open menu closes it.
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!menuRef.current?.contains(t) && !buttonRef.current?.contains(t)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  useEffect(() => {
    const d = dialogRef.current;
    if (pending && d && !d.open) d.showModal();
  }, [pending]);

  const apply = (texts: TabTexts) => {
    // The person's text is set aside as a draft they can bring back; a text the app loaded itself, unedited, is not.
    const edited = needsConfirmation(store.getState().texts, [DEFAULT_TEXTS, lastLoaded.current]);
    lastLoaded.current = texts;
    selectAlloc(null);
    replaceTexts(texts, 'before loading an example', edited);
  };

  const choose = async (example: Example) => {
    closeMenu(true);
    setFailure(null);
    let texts: TabTexts;
    try {
      texts = splitScenario(await example.load());
    } catch {
      // A chunk that fails to download (offline after an update) changes nothing.
      setFailure(`The example “${example.title}” could not be loaded. Nothing was changed.`);
      return;
    }
    if (needsConfirmation(store.getState().texts, [DEFAULT_TEXTS, lastLoaded.current])) setPending({ example, texts });
    else apply(texts);
  };

  const onMenuKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
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
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      openMenu(e.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const item = (e: Example) => (
    <button
      key={e.id}
      type="button"
      role="menuitem"
      tabIndex={-1}
      className="examples-item"
      data-example-id={e.id}
      onClick={() => void choose(e)}
    >
      <span className="examples-item-title">{e.title}</span>
      <span className="examples-item-summary">{e.summary}</span>
    </button>
  );

  const closeDialog = (load: boolean) => {
    const p = pending;
    dialogRef.current?.close();
    setPending(null);
    if (load && p) apply(p.texts);
    buttonRef.current?.focus();
  };

  return (
    <div className="examples">
      <button
        ref={buttonRef}
        type="button"
        className="button"
        data-testid="examples-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? closeMenu(false) : openMenu('first'))}
        onKeyDown={onButtonKey}
      >
        Examples ▾
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label="Example scenarios"
          className="examples-menu"
          data-testid="examples-menu"
          onKeyDown={onMenuKey}
        >
          <div role="group" aria-label="Scenarios">
            {BASICS.map(item)}
          </div>
          <div role="group" aria-labelledby={`${menuId}-surprises`}>
            <div className="examples-heading" id={`${menuId}-surprises`} role="presentation">
              Surprises
            </div>
            {SURPRISES.map(item)}
          </div>
          <div role="group" aria-labelledby={`${menuId}-rollouts`}>
            <div className="examples-heading" id={`${menuId}-rollouts`} role="presentation">
              Whole rollouts
            </div>
            {ROLLOUTS.map(item)}
          </div>
        </div>
      )}
      {failure && (
        <span className="examples-failure" role="alert">
          {failure}
        </span>
      )}
      <dialog
        ref={dialogRef}
        className="examples-dialog"
        data-testid="examples-confirm"
        aria-labelledby={titleId}
        onCancel={(e) => {
          e.preventDefault();
          closeDialog(false);
        }}
      >
        <h2 id={titleId}>Replace your scenario?</h2>
        <p>
          The editors hold edits of your own. Loading “{pending?.example.title}” replaces both tabs; your edits are set
          aside as a draft, which <em>Restore previous draft</em> or the <em>Drafts</em> menu brings back.
        </p>
        <div className="examples-dialog-buttons">
          <button
            type="button"
            className="button"
            autoFocus
            data-testid="examples-confirm-cancel"
            onClick={() => closeDialog(false)}
          >
            Keep my scenario
          </button>
          <button
            type="button"
            className="button examples-danger"
            data-testid="examples-confirm-load"
            onClick={() => closeDialog(true)}
          >
            Replace it
          </button>
        </div>
      </dialog>
    </div>
  );
}
