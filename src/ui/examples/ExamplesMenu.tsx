// The Examples menu in the header: the library of teaching scenarios
// (src/examples/). Choosing one loads it into both editor tabs; when the
// editors hold text the person changed, a dialog asks first. The menu
// button's keys are useMenuButton's, the loading useExampleLoader's.

import type { Example } from '../../examples/index.ts';
import { ExampleList } from './ExampleList.tsx';
import { ReplaceDialog } from './ReplaceDialog.tsx';
import { useExampleLoader } from './useExampleLoader.ts';
import { useMenuButton } from './useMenuButton.ts';
import './examples.css';

/** ExamplesMenu is the header's menu of example scenarios and the dialog that guards the person's edits. */
export function ExamplesMenu() {
  const { open, menuId, containerRef, buttonRef, menuRef, toggle, closeMenu, onButtonKey, onMenuKey } = useMenuButton();
  const loader = useExampleLoader();
  const choose = (example: Example) => {
    closeMenu(true);
    void loader.choose(example);
  };
  const answer = (load: boolean) => {
    loader.answer(load);
    buttonRef.current?.focus();
  };
  return (
    <div className="examples" ref={containerRef}>
      <button
        ref={buttonRef}
        type="button"
        className="button"
        data-testid="examples-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={toggle}
        onKeyDown={onButtonKey}
      >
        Examples ▾
      </button>
      {open && <ExampleList menuId={menuId} menuRef={menuRef} onKeyDown={onMenuKey} onChoose={choose} />}
      {loader.failure && (
        <span className="examples-failure" role="alert">
          {loader.failure}
        </span>
      )}
      <ReplaceDialog title={loader.pending?.example.title ?? null} onAnswer={answer} />
    </div>
  );
}
