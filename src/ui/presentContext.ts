// How a view asks the app to enter or leave the presenter mode.

import { createContext, useContext } from 'react';

/** PresentContext holds the app's switch into (true) and out of (false) the presenter mode; null outside the app. */
export const PresentContext = createContext<((on: boolean) => void) | null>(null);

/** usePresent is the app's presenter switch, or null where there is none (the embedded view). */
export function usePresent(): ((on: boolean) => void) | null {
  return useContext(PresentContext);
}
