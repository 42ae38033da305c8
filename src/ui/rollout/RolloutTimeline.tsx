// The rollout's timeline, above the graph: a chip per evaluation and one
// for the end, buttons to step and play, and the simulated clock. Arrow
// keys move between chips, [ and ] step from anywhere outside a text
// field; Shift+click picks a frame to compare with, and the graph then
// highlights the allocations that differ.

import { type KeyboardEvent as ReactKeyboardEvent, type MouseEvent, useEffect, useRef, useState } from 'react';
import { formatInstant } from '../../engine/time.ts';
import { frameCount } from '../../store/rolloutSlice.ts';
import { useActions, useRollout } from '../storeContext.tsx';
import { sinceStart, triggerLabel } from './describe.ts';
import { useFitChips } from './useFitChips.ts';

/** PLAY_INTERVAL_MS is how long each frame stays on screen while playing. */
export const PLAY_INTERVAL_MS = 900;

/** RolloutTimeline shows the film's frames while the rollout is open. */
export function RolloutTimeline() {
  const rollout = useRollout();
  const { selectFrame, setCompareFrame } = useActions();
  const [playing, setPlaying] = useState(false);
  const film = rollout.film;
  const frames = film === null ? 0 : frameCount(film);
  const frame = rollout.frame;
  // Playing stops at the last frame (adjusted while rendering, not in an effect).
  if (playing && frame >= frames) setPlaying(false);

  useEffect(() => {
    if (!playing || frame >= frames) return;
    const t = window.setTimeout(() => selectFrame(frame + 1), PLAY_INTERVAL_MS);
    return () => window.clearTimeout(t);
  }, [playing, frame, frames, selectFrame]);

  // [ and ] step from anywhere but a text field (the editor included).
  useEffect(() => {
    if (!rollout.open) return;
    const onKey = (e: KeyboardEvent) => {
      if ((e.key !== '[' && e.key !== ']') || e.ctrlKey || e.metaKey || e.altKey || isTextField(e.target)) return;
      e.preventDefault();
      selectFrame(frame + (e.key === ']' ? 1 : -1));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [rollout.open, frame, selectFrame]);

  // Keep the frame shown in view when the strip is wider than its space.
  useEffect(() => {
    document.getElementById(`rollout-frame-${frame}`)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [frame, film]);

  const strip = useRef<HTMLDivElement>(null);
  useFitChips(strip, film);

  if (!rollout.open) return null;
  const start = film?.Steps[0]?.Time ?? 0;
  const frameTime = film === null ? null : (film.Steps[frame - 1]?.Time ?? film.End.Time);

  const onChipClick = (e: MouseEvent, f: number) => {
    if (e.shiftKey) setCompareFrame(rollout.compareFrame === f ? null : f);
    else selectFrame(f);
  };
  const onKeyDown = (e: ReactKeyboardEvent) => {
    const to =
      e.key === 'ArrowRight'
        ? frame + 1
        : e.key === 'ArrowLeft'
          ? frame - 1
          : e.key === 'Home'
            ? 1
            : e.key === 'End'
              ? frames
              : null;
    if (to === null) return;
    e.preventDefault();
    selectFrame(to);
    document.getElementById(`rollout-frame-${Math.min(Math.max(to, 1), frames)}`)?.focus();
  };

  return (
    <section
      className="rollout-bar"
      aria-label="Rollout timeline"
      data-testid="rollout-timeline"
      data-status={rollout.status}
    >
      <div className="rollout-transport">
        <button
          type="button"
          className="button"
          aria-label="Previous step"
          title="Previous step ([, or ← on the timeline)"
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
          onClick={() => {
            if (!playing && frame >= frames) selectFrame(1);
            setPlaying(!playing);
          }}
        >
          {playing ? 'Pause' : 'Play'}
        </button>
        <button
          type="button"
          className="button"
          aria-label="Next step"
          title="Next step (], or → on the timeline)"
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
      </div>
      {film === null ? (
        <p className="rollout-waiting muted">{rollout.status === 'failed' ? rollout.message : 'Simulating…'}</p>
      ) : (
        <div
          ref={strip}
          className="rollout-frames"
          role="toolbar"
          aria-label="Evaluations: arrow keys move, Shift+click compares"
          onKeyDown={onKeyDown}
        >
          {film.Steps.map((s) => (
            <button
              key={s.Index}
              id={`rollout-frame-${s.Index}`}
              type="button"
              className="rollout-chip"
              data-testid="rollout-step"
              data-index={s.Index}
              data-trigger={s.TriggeredBy}
              data-other-job={s.JobID !== film.Steps[0]!.JobID ? s.JobID : undefined}
              aria-current={frame === s.Index ? 'step' : undefined}
              data-compare={rollout.compareFrame === s.Index}
              data-failures={s.Failures.length > 0}
              tabIndex={frame === s.Index ? 0 : -1}
              aria-label={`Evaluation ${s.Index}${s.JobID !== film.Steps[0]!.JobID ? ` of job ${s.JobID}` : ''}: ${triggerLabel(s.TriggeredBy)}`}
              title={`Evaluation ${s.Index} of job ${s.JobID} at ${sinceStart(start, s.Time)} (${formatInstant(s.Time)}), triggered by ${s.TriggeredBy}: ${s.Why}`}
              onClick={(e) => onChipClick(e, s.Index)}
            >
              <span className="rollout-chip-index">{s.Index}</span>
              <span className="rollout-chip-label">
                {' '}
                {s.JobID !== film.Steps[0]!.JobID && <span className="rollout-chip-job">{s.JobID}: </span>}
                {triggerLabel(s.TriggeredBy)}
              </span>
            </button>
          ))}
          <button
            id={`rollout-frame-${frames}`}
            type="button"
            className="rollout-chip rollout-chip--end"
            data-testid="rollout-end"
            data-end-status={film.End.Status}
            aria-current={frame === frames ? 'step' : undefined}
            data-compare={rollout.compareFrame === frames}
            tabIndex={frame === frames ? 0 : -1}
            aria-label={`End: ${film.End.Status}`}
            title={`The end, at ${sinceStart(start, film.End.Time)}: ${film.End.Reason}`}
            onClick={(e) => onChipClick(e, frames)}
          >
            end<span className="rollout-chip-label"> · {film.End.Status}</span>
          </button>
        </div>
      )}
      <span
        className="rollout-busy muted"
        data-visible={rollout.status === 'running' && film !== null}
        aria-hidden={rollout.status !== 'running'}
      >
        updating…
      </span>
    </section>
  );
}

// isTextField tells whether a key press belongs to something that takes text.
function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target.tagName === 'INPUT' ||
    target.tagName === 'TEXTAREA' ||
    target.tagName === 'SELECT' ||
    target.closest('.monaco-editor') !== null
  );
}
