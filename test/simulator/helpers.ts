// Loading rollout fixtures (a scenario and its events) and reading films.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Allocation, Instant } from '../../src/engine/structs.ts';
import { parseRfc3339 } from '../../src/engine/time.ts';
import { readScenarioValue } from '../../src/scenario/read.ts';
import type { SimEvent } from '../../src/scenario/events.ts';
import { readEvents } from '../../src/scenario/readEvents.ts';
import { type Film, type FilmEvaluation, simulate } from '../../src/simulator/simulate.ts';

/** Rollout is a fixture read: its scenario document, its events, and the film they make. */
export interface Rollout {
  document: Record<string, unknown>;
  events: SimEvent[];
  film: Film;
}

/** loadRollout reads test/fixtures/rollouts/NAME.json and simulates it, with `extra` events appended. */
export function loadRollout(name: string, extra: unknown[] = []): Rollout {
  const raw = JSON.parse(
    readFileSync(resolve(import.meta.dirname, '../fixtures/rollouts', `${name}.json`), 'utf8'),
  ) as {
    Scenario: Record<string, unknown>;
    Events: unknown[];
  };
  return runRollout(raw.Scenario, [...raw.Events, ...extra]);
}

/** runRollout simulates a scenario document with an event list, failing the test on a bad input. */
export function runRollout(document: Record<string, unknown>, rawEvents: unknown[]): Rollout {
  const read = readScenarioValue(document);
  if (!read.ok) throw new Error(`fixture is not a scenario: ${JSON.stringify(read.diagnostics)}`);
  const events = readEvents(rawEvents);
  if (!events.ok) throw new Error(`fixture events are not valid: ${JSON.stringify(events.diagnostics)}`);
  return { document, events: events.events, film: simulate(read.scenario, events.events) };
}

/** at is an RFC 3339 time as an Instant. */
export function at(rfc3339: string): Instant {
  return parseRfc3339(rfc3339)!;
}

/** counts is a step's DesiredTGUpdates for one group, with only the non-zero counts. */
export function counts(step: FilmEvaluation, group = 'web'): Record<string, number> {
  const all: Record<string, number> = { ...step.Document.DesiredTGUpdates[group] };
  return Object.fromEntries(Object.entries(all).filter(([, n]) => n !== 0));
}

/** liveAllocs are the allocations at the end of the film that the servers want running. */
export function liveAllocs(film: Film): Allocation[] {
  return film.End.Scenario.Allocations.filter((a) => a.DesiredStatus === 'run');
}

/** triggers lists each step's TriggeredBy. */
export function triggers(film: Film): string[] {
  return film.Steps.map((s) => s.TriggeredBy);
}
