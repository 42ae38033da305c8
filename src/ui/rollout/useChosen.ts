// A control's target chosen among a frame's (its nodes, live allocations,
// task groups): the one picked while it is still there, else the first.

import { useState } from 'react';

/** useChosen is the item of `items` picked by key (else the first, or undefined when none) and the function that picks one. */
export function useChosen<T>(items: readonly T[], keyOf: (item: T) => string): [T | undefined, (key: string) => void] {
  const [key, setKey] = useState('');
  return [items.find((i) => keyOf(i) === key) ?? items[0], setKey];
}
