// The embeddable read-only view: the scenario's description, the graph and
// the plan, no editors and no menus, for a page to show in an iframe.

import { GraphSlot } from '../layout/GraphSlot.tsx';
import { Description } from '../layout/Description.tsx';
import { PlanView } from '../result/PlanView.tsx';
import { usePageTheme } from '../theme/usePageTheme.ts';
import './embed.css';

/** EmbedApp lays out the read-only view. */
export function EmbedApp() {
  usePageTheme();
  return (
    <div className="embed" data-testid="embed">
      <main className="embed__graph centre">
        <Description />
        <GraphSlot />
      </main>
      <aside className="embed__plan panel" aria-label="Plan">
        <PlanView />
      </aside>
    </div>
  );
}
