// Comparing two frames: pick another frame and see which allocations are
// new or changed between it and the frame shown; the graph highlights them.

import { useId, useMemo } from 'react';
import type { Film } from '../../simulator/simulate.ts';
import { frameChanges, frameCount } from '../../store/rolloutSlice.ts';
import type { RolloutView } from '../../store/state.ts';
import { useActions } from '../storeContext.tsx';
import { triggerLabel } from './describe.ts';

/** CompareSection picks a frame to compare with and lists the differences. */
export function CompareSection({ film, rollout }: { film: Film; rollout: RolloutView }) {
  const { setCompareFrame } = useActions();
  const id = useId();
  const { frame, compareFrame } = rollout;
  const changes = useMemo(() => frameChanges(rollout), [rollout]);
  const frames = frameCount(film);
  return (
    <section className="rollout-compare" aria-label="Compare frames" data-testid="rollout-compare">
      <h4>
        <label htmlFor={id}>Compare with</label>{' '}
        <select
          id={id}
          data-testid="rollout-compare-select"
          value={compareFrame ?? ''}
          onChange={(e) => setCompareFrame(e.target.value === '' ? null : Number(e.target.value))}
        >
          <option value="">nothing</option>
          {Array.from({ length: frames }, (_, i) => i + 1).map((f) => (
            <option key={f} value={f} disabled={f === frame}>
              {f === frames ? 'the end' : `evaluation ${f} (${triggerLabel(film.Steps[f - 1]!.TriggeredBy)})`}
            </option>
          ))}
        </select>
      </h4>
      {compareFrame !== null && compareFrame !== frame && (
        <>
          <p className="muted">Highlighted in the graph: what changed from the earlier frame to the later one.</p>
          {changes.length === 0 ? (
            <p>No allocation changed.</p>
          ) : (
            <ul data-testid="rollout-changes">
              {changes.map((c) => (
                <li key={c.AllocID}>
                  <strong>{c.Name}</strong> <span className="muted">{c.AllocID.slice(0, 8)}</span>:{' '}
                  {c.New ? 'new' : c.Changes.join('; ')}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
