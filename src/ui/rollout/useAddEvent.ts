// Adding an event after the frame shown, later by the delay typed (a Go
// duration; empty is at once), and the problem when it cannot be added.

import { useState } from 'react';
import { parseGoDuration } from '../../engine/time.ts';
import type { SimEvent } from '../../scenario/events.ts';
import type { DistributiveOmit } from '../../store/state.ts';
import { useActions } from '../storeContext.tsx';

/** NewEvent is an event as a control makes it: the frame it follows and its delay are added. */
export type NewEvent = DistributiveOmit<SimEvent, 'After' | 'Delay'>;

/** EventAdder is the delay field's text, the last problem, and `add`. */
export interface EventAdder {
  delayText: string;
  setDelayText(text: string): void;
  problem: string | null;
  add(e: NewEvent): void;
}

/** useAddEvent adds events after the frame shown, by the delay typed. */
export function useAddEvent(): EventAdder {
  const { addEvent } = useActions();
  const [problem, setProblem] = useState<string | null>(null);
  const [delayText, setDelayText] = useState('');
  const add = (e: NewEvent) => {
    const delay = delayText.trim() === '' ? 0 : parseGoDuration(delayText.trim());
    if (delay === null || delay < 0)
      setProblem(`${JSON.stringify(delayText)} is not a duration: write one such as "30s", "1m30s" or "5m".`);
    else setProblem(addEvent(e, delay));
  };
  return { delayText, setDelayText, problem, add };
}
