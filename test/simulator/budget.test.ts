// The film's budgets are held at every evaluation, not only at the start:
// an event that grows the cluster (a job scaled to a million, a job edited
// to ask for more, a large other job) ends the film at the evaluation that
// would pass the budget, with a typed reason naming it and how far over;
// the evaluations before it are the film. A time limit, on an injected
// clock, stops a film between its steps.

import { describe, expect, it } from 'vitest';
import { readScenarioValue } from '../../src/scenario/read.ts';
import { readEvents } from '../../src/scenario/readEvents.ts';
import { SIM_BUDGET } from '../../src/simulator/budget.ts';
import { type SimOptions, simulate } from '../../src/simulator/simulate.ts';
import { simulatorBudget } from '../../src/worker/budgets.ts';
import { loadRollout } from './helpers.ts';

const canary = loadRollout('canary-promote');

// filmOf simulates the canary fixture's scenario (5 allocations of web) with these events and options.
function filmOf(rawEvents: unknown[], options: SimOptions = {}, document = canary.document) {
  const read = readScenarioValue(document);
  if (!read.ok) throw new Error(JSON.stringify(read.diagnostics));
  const events = readEvents(rawEvents);
  if (!events.ok) throw new Error(JSON.stringify(events.diagnostics));
  return simulate(read.scenario, events.events, { trace: false, ...options });
}

describe('the allocations budget, at every evaluation', () => {
  it('ends the film at the evaluation after a job-scale to 999,999, naming the budget and how far over', () => {
    const film = filmOf([{ After: 1, Kind: 'job-scale', TaskGroup: 'web', Count: 999_999 }]);
    expect(film.Steps).toHaveLength(1);
    expect(film.End.Status).toBe('over-budget');
    // 5 live and 2 canaries placed by evaluation 1, then 999,999 asked for.
    expect(film.End.OverBudget).toEqual({
      Budget: 'allocations',
      Limit: SIM_BUDGET.allocations,
      Asked: 7 + 999_999,
      Message:
        'Evaluation 2 would handle 1,000,006 allocations (7 live and 999,999 asked for), 980,006 more than the 20,000 the simulator takes.',
    });
    expect(`${film.End.Reason}.`).toBe(film.End.OverBudget!.Message);
    // The film up to there is whole; the end is the cluster as it stood, the refused evaluation deciding nothing.
    expect(film.Steps[0]!.Placed).toHaveLength(2);
    expect(film.End.Scenario.Job.TaskGroups[0]!.Count).toBe(999_999);
    expect(film.End.Scenario.Allocations).toHaveLength(7);
    expect(film.End.Document.Place).toEqual([]);
    expect(film.Events[0]!.Time).not.toBeNull();
  });

  it('ends the film when a job edit grows the job past the budget later on', () => {
    const job = structuredClone((canary.document as { Job: { TaskGroups: { Count: number }[] } }).Job);
    job.TaskGroups[0]!.Count = 30_000;
    const film = filmOf([{ After: 2, Kind: 'job-update', Job: job }]);
    expect(film.Steps).toHaveLength(2);
    expect(film.End.OverBudget).toMatchObject({ Budget: 'allocations', Asked: 7 + 30_000 });
    expect(film.End.Reason).toMatch(/^Evaluation 3 would handle 30,007 allocations/);
  });

  it('counts the other jobs: a large OtherJobs job is refused before the first evaluation, by the page and the simulator alike', () => {
    const doc = structuredClone(canary.document) as Record<string, unknown> & {
      Job: { TaskGroups: { Count: number }[] };
    };
    const other = structuredClone(doc.Job) as unknown as { ID: string; Name: string; TaskGroups: { Count: number }[] };
    other.ID = other.Name = 'batchy';
    other.TaskGroups[0]!.Count = 25_000;
    doc.OtherJobs = [{ Job: other }];
    const read = readScenarioValue(doc);
    if (!read.ok) throw new Error(JSON.stringify(read.diagnostics));
    expect(simulatorBudget(read.scenario)).toBe(
      'Simulating this rollout would handle 25,010 allocations (5 live and 25,005 asked for), 5,010 more than the 20,000 the simulator takes; a single reconciliation still works.',
    );
    const film = filmOf([], {}, doc);
    expect(film.Steps).toHaveLength(0);
    expect(film.End.OverBudget).toMatchObject({ Budget: 'allocations', Asked: 25_010 });
  });
});

describe('the other budgets', () => {
  it('refuses an Events list over the budget before any evaluation', () => {
    const film = filmOf(
      [
        { After: 1, Kind: 'deployment-promote' },
        { After: 1, Kind: 'deployment-promote' },
      ],
      { budget: { ...SIM_BUDGET, events: 1 } },
    );
    expect(film.Steps).toHaveLength(0);
    expect(film.End.OverBudget).toMatchObject({ Budget: 'events', Limit: 1, Asked: 2 });
  });

  it('counts the work of every evaluation (allocations handled, summed) and stops at the one that would pass it', () => {
    const whole = filmOf([{ After: 2, Kind: 'deployment-promote' }]);
    expect(whole.End.Status).toBe('settled');
    expect(whole.Steps.length).toBeGreaterThan(3);
    // Each evaluation handles its 5 to 7 allocations and the 5 asked for (10, then 12 and more): 40 is passed at the fourth.
    const film = filmOf([{ After: 2, Kind: 'deployment-promote' }], { budget: { ...SIM_BUDGET, work: 40 } });
    expect(film.Steps).toEqual(whole.Steps.slice(0, 3));
    expect(film.End.OverBudget).toMatchObject({ Budget: 'work', Limit: 40 });
    expect(film.End.OverBudget!.Asked).toBeGreaterThan(40);
    expect(film.End.Reason).toMatch(/^Evaluation 4 would bring the film to \d+ allocation-evaluations/);
  });

  it('stops a film that runs past its time limit, between two steps (an injected clock)', () => {
    let now = 0;
    // Each look at the clock is a second later.
    const clock = () => (now += 1000);
    const film = filmOf([{ After: 2, Kind: 'deployment-promote' }], { timeLimit: { ms: 2500, clock } });
    expect(film.End.OverBudget).toEqual({
      Budget: 'time',
      Limit: 2500,
      Asked: 3000,
      Message: 'The rollout took longer than 2.5 s (3,000 ms), so it was stopped.',
    });
    expect(film.Steps.length).toBeLessThanOrEqual(2);
  });
});
