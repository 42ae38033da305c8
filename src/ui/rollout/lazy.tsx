// The rollout's views load when the rollout is first opened: most visits
// never open it, so its code stays out of the first paint.

import { lazy, Suspense } from 'react';
import { useRolloutOpen } from '../storeContext.tsx';
import './rollout.css';

const Timeline = lazy(() => import('./RolloutTimeline.tsx').then((m) => ({ default: m.RolloutTimeline })));
const Panel = lazy(() => import('./RolloutPanel.tsx').then((m) => ({ default: m.RolloutPanel })));

/** RolloutTimelineSlot holds the timeline while the rollout is open; a bar of the same height stands in while it loads. */
export function RolloutTimelineSlot() {
  const open = useRolloutOpen();
  if (!open) return null;
  return (
    <Suspense fallback={<div className="rollout-bar" aria-busy="true" />}>
      <Timeline />
    </Suspense>
  );
}

/** RolloutPanelSlot is the Rollout tab's content, loaded on first use. */
export function RolloutPanelSlot() {
  return (
    <Suspense fallback={<p className="muted">Loading the rollout…</p>}>
      <Panel />
    </Suspense>
  );
}
