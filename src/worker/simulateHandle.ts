// What the rollout worker does with one request, as a plain function so
// that tests call it without a worker: read the tabs as the reconciler
// worker does, read the document's `Events`, then simulate; when asked to
// compare versions, film it with the other Nomad too (filmVersions.ts).

import { diffReport } from '../diff/index.ts';
import { readScenarioValueAsync } from '../scenario/readAsync.ts';
import { EVENTS_KEY } from '../scenario/events.ts';
import { readEvents } from '../scenario/readEvents.ts';
import { simulate } from '../simulator/simulate.ts';
import { simulatorBudget } from './budgets.ts';
import { filmVersions } from './filmVersions.ts';
import { eventsOver } from '../simulator/budget.ts';
import { type LocatedDiagnostic, locateAll } from './locate.ts';
import type { SimulateRequest, SimulateResponse } from './simulateProtocol.ts';
import { joinTabs } from '../scenario/tabs.ts';
import { submittedScenario } from './submitted.ts';

/**
 * FILM_TIME_LIMIT_MS is how long the simulator may run one film in the
 * worker: under the page's limit (SIMULATE_TIMEOUT_MS, 20 s, after which
 * the page ends the worker and has no film), so that a film that runs long
 * on a busy machine ends with its frames so far and a message naming the
 * limit. The simulator checks it between two steps, each bounded by the
 * allocations budget.
 */
const FILM_TIME_LIMIT_MS = 15_000;

/** handleSimulate answers one request; it never throws. */
export async function handleSimulate(
  req: SimulateRequest,
  clock: () => number = () => performance.now(),
): Promise<SimulateResponse> {
  const started = clock();
  try {
    const joined = joinTabs(req.texts);
    if (!joined.ok) return failure(req, 'The scenario is not valid JSON; fix it to simulate.');
    // A job submitted over the running one is filmed as the submission gives it.
    const submitted = req.texts.running === undefined ? null : await submittedScenario(req.texts);
    if (req.texts.running !== undefined && submitted === null)
      return failure(req, 'The scenario has errors; fix them to simulate.');
    const raw = joined.document[EVENTS_KEY] ?? [];
    // A list over the budget is not even read.
    const tooMany = Array.isArray(raw) ? eventsOver(raw.length) : null;
    if (tooMany !== null) return failure(req, tooMany.Message);
    const events = readEvents(raw, EVENTS_KEY);
    if (!events.ok) return failure(req, 'The rollout’s events have errors.', locateAll(events.diagnostics, req.texts));
    const read = submitted ? { ok: true as const, ...submitted } : await readScenarioValueAsync(joined.document);
    if (!read.ok) return failure(req, 'The scenario has errors; fix them to simulate.');
    const over = simulatorBudget(read.scenario);
    if (over !== null) return failure(req, over);
    const film = simulate(read.scenario, events.events, { timeLimit: { ms: FILM_TIME_LIMIT_MS, clock } });
    const diffs = [...film.Steps.map((s) => s.Scenario), film.End.Scenario].map(diffReport);
    // The other version's film shares the time limit, so that both end before the page's.
    const versions = req.compare
      ? {
          versions: await filmVersions(submitted?.document ?? joined.document, read.scenario, film, events.events, {
            ms: FILM_TIME_LIMIT_MS - (clock() - started),
            clock,
          }),
        }
      : {};
    return {
      type: 'film',
      ok: true,
      seq: req.seq,
      film,
      events: events.events,
      diffs,
      millis: clock() - started,
      ...versions,
    };
  } catch (err) {
    return failure(req, `The simulator hit a bug: ${err instanceof Error ? err.message : String(err)}`);
  }
}

// failure answers a request that makes no film.
function failure(req: SimulateRequest, message: string, diagnostics: LocatedDiagnostic[] = []): SimulateResponse {
  return { type: 'film', ok: false, seq: req.seq, message, diagnostics };
}
