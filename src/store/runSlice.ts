// The run slice: what the reconciler worker last said.

import type { StoreApi } from 'zustand/vanilla';
import type { ReconcileClient } from '../worker/reconcileClient.ts';
import type { AppState, RunActions, RunState } from './state.ts';

type Get = StoreApi<AppState>['getState'];
type SetState = StoreApi<AppState>['setState'];

/** initialRunState is the run state before the first answer; compareVersions is the switch as last left. */
export function initialRunState(compareVersions = false): RunState {
  return {
    status: 'idle',
    result: null,
    stale: false,
    diagnostics: [],
    notice: null,
    lastMillis: null,
    jobSpecJob: null,
    jobSpec: null,
    submission: null,
    compareVersions,
  };
}

/**
 * createRunSlice makes the run state and its actions. `compare` is whether
 * Compare versions starts on (the client was made with it); onCompare keeps
 * a new choice.
 */
export function createRunSlice(
  set: SetState,
  get: Get,
  client: ReconcileClient,
  compare = false,
  onCompare: (on: boolean) => void = () => {},
): RunState & RunActions {
  return {
    ...initialRunState(compare),
    runNow() {
      client.runNow(get().texts);
    },
    setCompareVersions(on) {
      if (on === get().compareVersions) return;
      set({ compareVersions: on });
      onCompare(on);
      client.setCompare(on, get().texts);
    },
  };
}
