// The rollout slice: the simulator's film of the current texts, which frame
// of it is shown, and the person's events. The events are part of the
// scenario document (its `Events` list in the Cluster tab), so adding one
// is an edit of that text, and the film follows the text like everything else.

import type { StoreApi } from 'zustand/vanilla';
import { formatGoDuration } from '../engine/time.ts';
import { type EventDocument, appendEvent, removeEvent } from '../scenario/eventsText.ts';
import { type AllocChange, compareScenarios } from '../simulator/compare.ts';
import type { Film } from '../simulator/simulate.ts';
import type { SimulationClient } from '../worker/simulateClient.ts';
import type { SimulateResponse } from '../worker/simulateProtocol.ts';
import type { AppState, GoodResult, RolloutActions, RolloutState, RolloutView } from './state.ts';

type SetState = StoreApi<AppState>['setState'];
type Get = StoreApi<AppState>['getState'];

const NOTHING: ReadonlySet<string> = new Set();

/** initialRollout is the rollout before it is first opened. */
export function initialRollout(): RolloutView {
  return {
    open: false,
    status: 'idle',
    message: null,
    diagnostics: [],
    film: null,
    events: [],
    diffs: [],
    frame: 1,
    compareFrame: null,
    shown: null,
    versions: null,
  };
}

/** frameCount is how many frames a film has: one per evaluation, and its end. */
export function frameCount(film: Film): number {
  return film.Steps.length + 1;
}

/**
 * frameResult is one frame of the film as a result the views can draw: a
 * film's evaluation, or the end. It answers no run request, so its seq is
 * minus the frame number, never a request's.
 */
export function frameResult(film: Film, diffs: RolloutView['diffs'], frame: number): GoodResult {
  const evaluation = film.Steps[frame - 1];
  if (evaluation !== undefined) {
    return {
      seq: -frame,
      scenario: evaluation.Scenario,
      document: evaluation.Document,
      trace: evaluation.Trace,
      millis: 0,
      diff: diffs[frame - 1],
    };
  }
  const end = film.End;
  return {
    seq: -frame,
    scenario: end.Scenario,
    document: end.Document,
    trace: end.Trace,
    millis: 0,
    diff: diffs[film.Steps.length],
  };
}

/** eventTiming is when an event added at a frame happens: right after that evaluation, or at the end's time after the last evaluation. */
export function eventTiming(film: Film, frame: number): { After: number; Delay?: number } {
  if (frame <= film.Steps.length) return { After: frame };
  const last = film.Steps[film.Steps.length - 1];
  if (last === undefined) return { After: 1 };
  const delay = film.End.Time - last.Time;
  return delay > 0 ? { After: last.Index, Delay: delay } : { After: last.Index };
}

/** applyFilm takes the rollout worker's answer into the rollout state, keeping the frame shown where it can. */
export function applyFilm(rollout: RolloutView, answer: SimulateResponse): RolloutView {
  if (!answer.ok) return { ...rollout, status: 'failed', message: answer.message, diagnostics: answer.diagnostics };
  const film = answer.film;
  const frame = Math.min(Math.max(rollout.frame, 1), frameCount(film));
  const compareFrame =
    rollout.compareFrame !== null && rollout.compareFrame <= frameCount(film) ? rollout.compareFrame : null;
  return {
    ...rollout,
    status: 'ok',
    message: null,
    diagnostics: [],
    film,
    events: answer.events,
    diffs: answer.diffs,
    frame,
    compareFrame,
    shown: frameResult(film, answer.diffs, frame),
    versions: answer.versions ?? null,
  };
}

/** frameChanges are the allocations new or changed from the earlier to the later of the compared frame and the frame shown; none without a comparison. */
export function frameChanges(rollout: RolloutView): AllocChange[] {
  const { film, compareFrame, frame } = rollout;
  if (film === null || compareFrame === null || compareFrame === frame) return [];
  const [early, late] = compareFrame < frame ? [compareFrame, frame] : [frame, compareFrame];
  return compareScenarios(frameResult(film, [], early).scenario, frameResult(film, [], late).scenario);
}

// withRollout is the store change for a new rollout state. While frames are
// compared the graph highlights what changed; ending a comparison clears
// that; otherwise the highlight (the explanation's) is left alone.
function withRollout(state: AppState, rollout: RolloutView): Partial<AppState> {
  if (rollout.compareFrame !== null)
    return { rollout, highlight: new Set(frameChanges(rollout).map((c) => c.AllocID)) };
  return state.rollout.compareFrame !== null ? { rollout, highlight: NOTHING } : { rollout };
}

/** createRolloutSlice makes the rollout state and its actions; films come from the client. */
export function createRolloutSlice(set: SetState, get: Get, client: SimulationClient): RolloutState & RolloutActions {
  const setRollout = (patch: Partial<RolloutView>) => set(withRollout(get(), { ...get().rollout, ...patch }));
  return {
    rollout: initialRollout(),
    setRolloutOpen(open) {
      if (open === get().rollout.open) return;
      setRollout({ open, compareFrame: null, status: open ? 'running' : get().rollout.status });
      if (open) {
        set({ resultTab: 'rollout' });
        client.request(get().texts, get().compareVersions);
      } else set({ highlight: NOTHING, resultTab: get().resultTab === 'rollout' ? 'plan' : get().resultTab });
    },
    selectFrame(frame) {
      const { film, diffs } = get().rollout;
      if (film === null) return;
      const f = Math.min(Math.max(frame, 1), frameCount(film));
      setRollout({ frame: f, shown: frameResult(film, diffs, f) });
    },
    setCompareFrame(frame) {
      setRollout({ compareFrame: frame });
    },
    addEvent(event, delay = 0) {
      const { film, frame } = get().rollout;
      if (film === null) return 'The rollout has not run yet.';
      const timing = eventTiming(film, frame);
      const total = (timing.Delay ?? 0) + delay;
      const timed = {
        ...event,
        After: timing.After,
        ...(total > 0 ? { Delay: formatGoDuration(total) } : {}),
      } as EventDocument;
      const edit = appendEvent(get().texts.cluster, timed);
      if (!edit.ok) return edit.message;
      get().setText('cluster', edit.text);
      return null;
    },
    removeEvent(index) {
      const edit = removeEvent(get().texts.cluster, index);
      if (!edit.ok) return edit.message;
      get().setText('cluster', edit.text);
      return null;
    },
  };
}

/** rolloutAnswered is the store change for one answer of the rollout worker. */
export function rolloutAnswered(state: AppState, answer: SimulateResponse): Partial<AppState> {
  return withRollout(state, applyFilm(state.rollout, answer));
}
