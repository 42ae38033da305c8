// How the worker client's events change the run state: a pure function, so
// that the rules for stale results and messages are tested on their own.

import type { ClientEvent } from '../worker/reconcileClient.ts';
import type { LocatedDiagnostic } from '../worker/locate.ts';
import type { RunState } from './state.ts';

// NO_DIAGNOSTICS is the one empty list of problems: a good result after a
// good result keeps the same list, so that nothing that draws the problems
// (the error list, the editor's markers on a large Cluster text) redraws.
const NO_DIAGNOSTICS: LocatedDiagnostic[] = [];

function noDiagnostics(state: RunState): LocatedDiagnostic[] {
  return state.diagnostics.length === 0 ? state.diagnostics : NO_DIAGNOSTICS;
}

/**
 * applyClientEvent returns the run state after one client event. A good
 * result replaces the one on screen; a bad one keeps it and marks it stale.
 */
export function applyClientEvent(state: RunState, e: ClientEvent): Partial<RunState> {
  switch (e.type) {
    case 'started':
      return { status: 'running' };
    case 'timeout':
      return {
        status: 'timeout',
        stale: state.result !== null,
        notice: `The reconciler took longer than ${formatSeconds(e.millis)} on this scenario, so it was stopped and restarted. The last good result is shown; edit the scenario to try again.`,
      };
    case 'worker-error':
      return {
        status: 'crashed',
        stale: state.result !== null,
        notice: `The reconciler worker failed (${e.message}) and was restarted.`,
      };
    case 'response': {
      const r = e.response;
      if (r.type === 'crash') {
        return {
          status: 'crashed',
          stale: state.result !== null,
          diagnostics: noDiagnostics(state),
          notice: `The reconciler hit a bug on this scenario: ${r.message}`,
        };
      }
      if (!r.ok) {
        return {
          status: 'invalid',
          stale: state.result !== null,
          diagnostics: r.diagnostics,
          notice: null,
          lastMillis: r.millis,
          jobSpecJob: r.jobSpecJob ?? null,
          jobSpec: r.jobSpec ?? null,
        };
      }
      return {
        status: 'ok',
        stale: false,
        diagnostics: r.warnings ?? noDiagnostics(state),
        notice: null,
        lastMillis: r.millis,
        jobSpecJob: r.jobSpecJob ?? null,
        jobSpec: r.jobSpec ?? null,
        submission: r.submission ?? null,
        result: {
          seq: r.seq,
          scenario: r.scenario,
          document: r.document,
          trace: r.trace,
          millis: r.millis,
          diff: r.diff,
          ...(r.versions ? { versions: r.versions } : {}),
        },
      };
    }
  }
}

function formatSeconds(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(ms % 1000 === 0 ? 0 : 1)} s` : `${ms} ms`;
}
