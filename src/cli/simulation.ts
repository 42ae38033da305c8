// What `reconcile --simulate` needs beyond reconciling: the simulator, the
// events' reader and the film's text. run.ts imports this module only for
// --simulate, so that reconciling never loads the simulator.

export { EVENTS_KEY } from '../simulator/events.ts';
export { readEvents } from '../simulator/readEvents.ts';
export { simulate } from '../simulator/simulate.ts';
export { formatFilm } from './film.ts';
