// The run slice: what the reconciler worker last said.

import type { StoreApi } from 'zustand/vanilla';
import type { ReconcileClient } from '../worker/reconcileClient.ts';
import type { AppState, RunActions, RunState } from './state.ts';

type Get = StoreApi<AppState>['getState'];
type SetState = StoreApi<AppState>['setState'];

/** initialRunState is the run state before the first answer. */
export function initialRunState(): RunState {
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
    compareVersions: false,
  };
}

/** createRunSlice makes the run state and its actions. */
export function createRunSlice(set: SetState, get: Get, client: ReconcileClient): RunState & RunActions {
  return {
    ...initialRunState(),
    runNow() {
      client.runNow(get().texts);
    },
    setCompareVersions(on) {
      set({ compareVersions: on });
      client.setCompare(on, get().texts);
    },
  };
}
