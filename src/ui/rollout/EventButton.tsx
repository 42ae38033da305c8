// One button of the event controls: pressing it adds its event after the
// frame shown.

import type { ReactNode } from 'react';
import type { NewEvent } from './useAddEvent.ts';

/** EventButton adds `event` when pressed; the controls' buttons differ only in their event, words, state and test hook. */
export function EventButton({
  event,
  add,
  disabled,
  testId,
  title,
  children,
}: {
  event: NewEvent;
  add: (e: NewEvent) => void;
  disabled?: boolean;
  testId?: string;
  title?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="button"
      data-testid={testId}
      disabled={disabled}
      title={title}
      onClick={() => add(event)}
    >
      {children}
    </button>
  );
}
