// What `reconcile --simulate` needs beyond reconciling: the simulator, the
// events' reader and the film's text or JSON. run.ts imports this module
// only for --simulate, so that reconciling never loads the simulator.

import type { Film } from '../simulator/simulate.ts';
import type { CliOptions } from './args.ts';
import { filmDocument, formatFilm } from './film.ts';

export { EVENTS_KEY } from '../scenario/events.ts';
export { readEvents } from '../scenario/readEvents.ts';
export { simulate } from '../simulator/simulate.ts';

/** renderFilm prints a film as text, or as one JSON document with --format json (compact when several files are run). */
export function renderFilm(options: CliOptions, several: boolean, film: Film): string {
  if (!(options.formatGiven && options.format === 'json')) return formatFilm(film);
  return several ? JSON.stringify(filmDocument(film)) + '\n' : JSON.stringify(filmDocument(film), null, 2) + '\n';
}
