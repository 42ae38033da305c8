// Which key presses belong to a text field: page-wide shortcuts (Escape
// closing a panel, [ and ] stepping a rollout) leave those alone.

/** isTextField tells whether a key press's target takes text: a form field, something editable, or the editor. */
export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.closest('input, textarea, select, .monaco-editor') !== null;
}
