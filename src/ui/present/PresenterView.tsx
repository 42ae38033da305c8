// The presenter mode, for a projector: the graph in large type, the
// rollout's timeline above it, stepped with the arrow keys, and the notes
// beside it (the scenario's description and the story of the frame shown).
// Escape leaves it.

import { lazy, Suspense, useEffect } from 'react';
import { Description } from '../layout/Description.tsx';
import { GraphSlot } from '../layout/GraphSlot.tsx';
import { RolloutTimelineSlot } from '../rollout/lazy.tsx';
import { useActions, useRolloutFrame, useRolloutOpen } from '../storeContext.tsx';
import './present.css';

const Story = lazy(() => import('../rollout/RolloutPanel.tsx').then((m) => ({ default: m.ShownFrameStory })));

/** PRESENTER_TEXT_PX is the smallest card text at first view in the presenter mode. */
const PRESENTER_TEXT_PX = 16;

/** PresenterView fills the window; `onExit` leaves it. */
export function PresenterView({ onExit }: { onExit: () => void }) {
  const open = useRolloutOpen();
  const frame = useRolloutFrame();
  const { selectFrame } = useActions();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === 'Escape') onExit();
      else if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') selectFrame(frame + (e.key === 'ArrowRight' ? 1 : -1));
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onExit, selectFrame, frame]);
  return (
    <div className="presenter" data-testid="presenter">
      <div className="presenter__stage centre">
        <RolloutTimelineSlot />
        <GraphSlot minTextPx={PRESENTER_TEXT_PX} />
      </div>
      <aside className="presenter__notes" aria-label="Notes" data-testid="presenter-notes">
        <p className="presenter__keys muted">
          ← → step the rollout · Esc leaves{' '}
          <button type="button" className="button" data-testid="present-exit" onClick={onExit}>
            Leave
          </button>
        </p>
        <Description />
        {open && (
          <Suspense fallback={null}>
            <Story />
          </Suspense>
        )}
      </aside>
    </div>
  );
}
