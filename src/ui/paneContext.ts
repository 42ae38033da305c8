// How a view in one pane asks for another to be shown: on a narrow page,
// where the panes are tabs (PaneTabs), "see it in the graph" from the
// Result tab must bring the graph up.

import { createContext, useContext } from 'react';
import type { PaneID } from './layout/PaneTabs.tsx';

/** ShowPaneContext holds the app's way to show a pane; a no-op outside the app (the embedded view shows everything). */
export const ShowPaneContext = createContext<(pane: PaneID) => void>(() => {});

/** useShowPane is the app's way to show a pane, which does nothing where all the panes are in view. */
export function useShowPane(): (pane: PaneID) => void {
  return useContext(ShowPaneContext);
}
