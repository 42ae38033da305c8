// The timeline's strip of chips: one per evaluation of the film and one for
// its end. Arrow keys, Home and End move between them; a click shows a
// frame, a Shift+click picks it to compare with. While Compare versions is
// on, a mark says where the other Nomad's film parts ways with this one.

import { type KeyboardEvent, type MouseEvent, useEffect, useMemo, useRef } from 'react';
import { formatInstant } from '../../engine/time.ts';
import type { Film } from '../../simulator/simulate.ts';
import { partingFrames } from '../../simulator/filmVersions.ts';
import type { NomadVersion } from '../../scenario/nomadVersion.ts';
import { frameCount } from '../../store/rolloutSlice.ts';
import type { FilmVersions } from '../../worker/filmVersions.ts';
import { NOMAD_LABELS } from '../versions/VersionPicker.tsx';
import { DIFFER_MARK } from './VersionsKey.tsx';
import { useActions } from '../storeContext.tsx';
import { sinceStart, triggerLabel } from './describe.ts';
import { useFitChips } from './useFitChips.ts';
import { useItemRefs } from '../useItemRefs.ts';

/**
 * FrameChips draws the film's frames, `frame` current and `compareFrame` (or
 * null) picked to compare with; with `versions`, the frames where the other
 * Nomad's film parts ways with this one are marked.
 */
export function FrameChips({
  film,
  frame,
  compareFrame,
  versions,
}: {
  film: Film;
  frame: number;
  compareFrame: number | null;
  versions: FilmVersions | null;
}) {
  const { selectFrame, setCompareFrame } = useActions();
  const frames = frameCount(film);
  const parting = useMemo(() => partingOf(versions), [versions]);
  const otherDiffers = (f: number) =>
    parting !== null && parting.frames.has(f) ? ` ${NOMAD_LABELS[parting.other]} does otherwise here.` : '';
  const start = film.Steps[0]?.Time ?? 0;
  const ownJob = film.Steps[0]?.JobID;

  const chips = useItemRefs<number>();
  // Keep the frame shown in view when the strip is wider than its space.
  useEffect(() => {
    chips.get(frame)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [chips, frame, film]);
  const strip = useRef<HTMLDivElement>(null);
  useFitChips(strip, film);

  const onChipClick = (e: MouseEvent, f: number) => {
    if (e.shiftKey) setCompareFrame(compareFrame === f ? null : f);
    else selectFrame(f);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowRight: frame + 1, ArrowLeft: frame - 1, Home: 1, End: frames };
    const to = moves[e.key];
    if (to === undefined) return;
    e.preventDefault();
    selectFrame(to);
    chips.get(Math.min(Math.max(to, 1), frames))?.focus();
  };

  return (
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
          ref={chips.ref(s.Index)}
          id={`rollout-frame-${s.Index}`}
          type="button"
          className="rollout-chip"
          data-testid="rollout-step"
          data-index={s.Index}
          data-trigger={s.TriggeredBy}
          data-other-job={s.JobID !== ownJob ? s.JobID : undefined}
          aria-current={frame === s.Index ? 'step' : undefined}
          data-compare={compareFrame === s.Index}
          data-failures={s.Failures.length > 0}
          data-versions-differ={parting?.frames.has(s.Index) || undefined}
          tabIndex={frame === s.Index ? 0 : -1}
          aria-label={`Evaluation ${s.Index}${s.JobID !== ownJob ? ` of job ${s.JobID}` : ''}: ${triggerLabel(s.TriggeredBy)}.${otherDiffers(s.Index)}`}
          title={`Evaluation ${s.Index} of job ${s.JobID} at ${sinceStart(start, s.Time)} (${formatInstant(s.Time)}), triggered by ${s.TriggeredBy}: ${s.Why}.${otherDiffers(s.Index)}`}
          onClick={(e) => onChipClick(e, s.Index)}
        >
          <span className="rollout-chip-index">{s.Index}</span>
          <span className="rollout-chip-label">
            {' '}
            {s.JobID !== ownJob && <span className="rollout-chip-job">{s.JobID}: </span>}
            {triggerLabel(s.TriggeredBy)}
          </span>
          {parting?.frames.has(s.Index) && <DifferMark />}
        </button>
      ))}
      <button
        ref={chips.ref(frames)}
        id={`rollout-frame-${frames}`}
        type="button"
        className="rollout-chip rollout-chip--end"
        data-testid="rollout-end"
        data-end-status={film.End.Status}
        aria-current={frame === frames ? 'step' : undefined}
        data-compare={compareFrame === frames}
        data-versions-differ={parting?.frames.has(frames) || undefined}
        tabIndex={frame === frames ? 0 : -1}
        aria-label={`End: ${film.End.Status}.${otherDiffers(frames)}`}
        title={`The end, at ${sinceStart(start, film.End.Time)}: ${film.End.Reason}.${otherDiffers(frames)}`}
        onClick={(e) => onChipClick(e, frames)}
      >
        end<span className="rollout-chip-label"> · {film.End.Status}</span>
        {parting?.frames.has(frames) && <DifferMark />}
      </button>
    </div>
  );
}

// partingOf is the other version and the frames of this film where it parts ways, or null without a comparison.
function partingOf(versions: FilmVersions | null): { other: NomadVersion; frames: Set<number> } | null {
  if (versions === null || !('comparison' in versions)) return null;
  return { other: versions.other, frames: partingFrames(versions.comparison, versions.version) };
}

// DifferMark is the mark on a chip where the versions part ways (the key beside the chips says what it means).
function DifferMark() {
  return (
    <span className="rollout-chip-differ" aria-hidden="true">
      {DIFFER_MARK}
    </span>
  );
}
