// The header's switch between one evaluation and the whole rollout.

import { useActions, useRolloutOpen } from '../storeContext.tsx';

/** RolloutToggle opens or closes the rollout simulator. */
export function RolloutToggle() {
  const open = useRolloutOpen();
  const { setRolloutOpen } = useActions();
  return (
    <button
      type="button"
      className="button"
      data-testid="rollout-toggle"
      aria-pressed={open}
      title={
        open
          ? 'Back to the single evaluation of the scenario'
          : 'Simulate the evaluations that follow: apply each plan, move the clock, watch the deployment unfold'
      }
      onClick={() => setRolloutOpen(!open)}
    >
      {/* Under 1280 px the header keeps room for the scenario's name: the short label (styles.css). */}
      <span className="label-long">{open ? 'Close rollout' : 'Simulate rollout'}</span>
      <span className="label-short">{open ? 'Close' : 'Rollout'}</span>
    </button>
  );
}
