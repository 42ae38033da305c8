// The typed messages between the page and the rollout worker, which runs
// the simulator on the editors' texts: the scenario, and the rollout's
// events in its optional top-level `Events` list. It is a worker of its
// own so that a long rollout never holds up reconciling what the person
// types.

import type { DiffReport } from '../diff/index.ts';
import type { SimEvent } from '../scenario/events.ts';
import type { Film } from '../simulator/simulate.ts';
import type { FilmVersions } from './filmVersions.ts';
import type { LocatedDiagnostic } from './locate.ts';
import type { TabTexts } from '../scenario/tabs.ts';

/** SimulateRequest asks for the film of the tabs' scenario and events. */
export interface SimulateRequest {
  type: 'simulate';
  seq: number;
  texts: TabTexts;
  /** compare asks for the other Nomad version's film too, compared with this one (Compare versions). */
  compare?: boolean;
}

/** FilmResult is a film, with each step's job diff (the job against the versions its allocations run). */
export interface FilmResult {
  type: 'film';
  ok: true;
  seq: number;
  film: Film;
  /** events are the Events list the film was made with. */
  events: SimEvent[];
  diffs: DiffReport[];
  millis: number;
  /** versions is the other Nomad version's film compared with this one; present only when the request asked to compare. */
  versions?: FilmVersions;
}

/**
 * FilmFailure says why there is no film: the texts are not a valid
 * scenario (the editors show why), its Events are not valid (diagnostics
 * placed in the tabs), or the simulator hit a bug.
 */
export interface FilmFailure {
  type: 'film';
  ok: false;
  seq: number;
  message: string;
  diagnostics: LocatedDiagnostic[];
}

/** SimulateResponse is the rollout worker's answer to one request. */
export type SimulateResponse = FilmResult | FilmFailure;
