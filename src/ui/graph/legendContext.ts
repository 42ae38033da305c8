// The storage the graph's legend remembers itself in, given by the page's
// entry point (null in the embedded view, which keeps nothing).

import { createContext } from 'react';

/** LegendStorageContext holds the storage the legend's state is kept in; null keeps nothing and opens it closed. */
export const LegendStorageContext = createContext<Pick<Storage, 'getItem' | 'setItem'> | null>(null);
