// The rollout's timeline, above the graph: buttons to step and play and
// the simulated clock, then a chip per evaluation and one for the end
// (FrameChips). [ and ] step from anywhere outside a text field;
// Shift+click picks a frame to compare with, and the graph then
// highlights the allocations that differ.

import { formatInstant } from '../../engine/time.ts';
import { frameCount } from '../../store/rolloutSlice.ts';
import { useActions, useFilmVersions, useRollout } from '../storeContext.tsx';
import { sinceStart } from './describe.ts';
import { ExportFilm } from './ExportFilm.tsx';
import { FrameChips } from './FrameChips.tsx';
import { VersionsKey } from './VersionsKey.tsx';
import { usePlayback } from './usePlayback.ts';
import { useStepKeys } from './useStepKeys.ts';

/** RolloutTimeline shows the film's frames while the rollout is open. */
export function RolloutTimeline() {
  const { open, film, frame, compareFrame, status, message } = useRollout();
  const { selectFrame } = useActions();
  const versions = useFilmVersions();
  const frames = film === null ? 0 : frameCount(film);
  const { playing, togglePlay } = usePlayback(frame, frames, selectFrame);
  useStepKeys(open, frame, selectFrame);
  if (!open) return null;
  const start = film?.Steps[0]?.Time ?? 0;
  const frameTime = film === null ? null : (film.Steps[frame - 1]?.Time ?? film.End.Time);

  return (
    <section className="rollout-bar" aria-label="Rollout timeline" data-testid="rollout-timeline" data-status={status}>
      <div className="rollout-transport">
        <button
          type="button"
          className="button"
          aria-label="Previous frame"
          title="Previous frame ([, or ← on the timeline)"
          data-testid="rollout-prev"
          disabled={frame <= 1}
          onClick={() => selectFrame(frame - 1)}
        >
          ◀
        </button>
        <button
          type="button"
          className="button rollout-play"
          aria-pressed={playing}
          data-testid="rollout-play"
          disabled={frames === 0}
          title="Step through the film until its end"
          onClick={togglePlay}
        >
          {playing ? 'Pause' : 'Play'}
        </button>
        <button
          type="button"
          className="button"
          aria-label="Next frame"
          title="Next frame (], or → on the timeline)"
          data-testid="rollout-next"
          disabled={frame >= frames}
          onClick={() => selectFrame(frame + 1)}
        >
          ▶
        </button>
        <span
          className="rollout-clock"
          data-testid="rollout-clock"
          title={frameTime === null ? '' : formatInstant(frameTime)}
        >
          {frameTime === null ? '—' : sinceStart(start, frameTime)}
        </span>
        {film !== null && <ExportFilm film={film} />}
      </div>
      {film === null ? (
        <p className="rollout-waiting muted">{status === 'failed' ? message : 'Simulating…'}</p>
      ) : (
        <FrameChips film={film} frame={frame} compareFrame={compareFrame} versions={versions} />
      )}
      {film !== null && versions !== null && <VersionsKey versions={versions} film={film} />}
      {film?.End.OverBudget && (
        <p
          className="rollout-waiting"
          role="status"
          data-testid="rollout-over-budget"
          title={film.End.OverBudget.Message}
        >
          {film.End.OverBudget.Message}
        </p>
      )}
      <span
        className="rollout-busy muted"
        data-visible={status === 'running' && film !== null}
        aria-hidden={status !== 'running'}
      >
        updating…
      </span>
    </section>
  );
}
