// The selectors components subscribe through: each gives the field a view
// draws, and the same value (by identity) while that field is unchanged, so
// that a component re-renders for its own field only.

import { describe, expect, it } from 'vitest';
import type { AppState } from '../../src/store/state.ts';
import { selectInRollout, selectJobIsHcl, selectRolloutOpen, selectShownFailures } from '../../src/store/selectors.ts';
import { loadRollout } from '../simulator/helpers.ts';

// scale-beyond-capacity's film has evaluations with placement failures.
const { film } = loadRollout('scale-beyond-capacity');
const failing = film.Steps.findIndex((s) => s.Failures.length > 0) + 1;

function state(rollout: Partial<AppState['rollout']>, job = '{}'): AppState {
  return {
    texts: { job, cluster: '{}' },
    rollout: { open: false, film: null, frame: 1, compareFrame: null, ...rollout },
  } as unknown as AppState;
}

describe('selectors', () => {
  it('selectShownFailures: the frame’s placement failures in a rollout, one empty list outside it', () => {
    expect(failing).toBeGreaterThan(0);
    const shown = selectShownFailures(state({ open: true, film, frame: failing }));
    expect(shown).toBe(film.Steps[failing - 1]!.Failures);
    expect(shown.length).toBeGreaterThan(0);
    const closed = selectShownFailures(state({ open: false, film, frame: failing }));
    expect(closed).toEqual([]);
    // The same list each time, so a subscriber is not told of a change that is none.
    expect(selectShownFailures(state({ open: true, film: null }))).toBe(closed);
    expect(selectShownFailures(state({ open: true, film, frame: film.Steps.length + 1 }))).toBe(closed);
  });

  it('selectInRollout and selectRolloutOpen: open alone is not yet a film shown', () => {
    expect(selectRolloutOpen(state({ open: true }))).toBe(true);
    expect(selectInRollout(state({ open: true, film: null }))).toBe(false);
    expect(selectInRollout(state({ open: true, film }))).toBe(true);
    expect(selectInRollout(state({ open: false, film }))).toBe(false);
  });

  it('selectJobIsHcl tells a jobspec from API JSON by the Job tab’s text', () => {
    expect(selectJobIsHcl(state({}, 'job "web" {}'))).toBe(true);
    expect(selectJobIsHcl(state({}, '{"ID": "web"}'))).toBe(false);
  });
});
