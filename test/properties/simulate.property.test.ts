// Property tests of the rollout simulator on the generated scenarios, with
// random events: it never throws, every film ends, the same input gives the
// same film, new allocations go only to nodes that could take them, and no
// node holds more than it has.

import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { terminalStatus } from '../../src/engine/structs.ts';
import { FILE_TEXT_BUDGET } from '../../src/scenario/budget.ts';
import { readScenario } from '../../src/scenario/read.ts';
import { EVENT_KINDS } from '../../src/scenario/events.ts';
import { groupAsk } from '../../src/simulator/placement.ts';
import { readEvents } from '../../src/scenario/readEvents.ts';
import { type Film, simulate } from '../../src/simulator/simulate.ts';
import { generateScenarioText } from '../../bench/generate.ts';
import { scenarioArb } from './arbitraries.ts';
import { OTHER_ALLOC_IDS, otherJobsArb } from './otherJobsArb.ts';

const RUNS = 150;
const TIMEOUT_MS = 120_000;
const MAX_EVALUATIONS = 60;
const NODE_IDS = ['n1', 'n2', 'n3', 'n4', 'nowhere'];
const ALLOC_IDS = ['a0', 'a1', 'a2', 'a3', 'a4', 'unknown'];

// eventArb is any event, aimed at the generated scenario's nodes and allocations (or at nothing).
const eventArb = fc
  .record({
    After: fc.integer({ min: 1, max: 6 }),
    Delay: fc.constantFrom(undefined, '0s', '5s', '1m', '20m'),
    Kind: fc.constantFrom(...EVENT_KINDS),
    NodeID: fc.constantFrom(...NODE_IDS),
    AllocID: fc.constantFrom(...ALLOC_IDS),
    TaskGroup: fc.constantFrom('web', 'api', 'worker', 'none'),
    Count: fc.integer({ min: 0, max: 8 }),
    image: fc.constantFrom('app:1', 'app:2'),
  })
  .map(({ image, ...e }) => ({
    ...e,
    Job: {
      Type: 'service',
      TaskGroups: [{ Name: 'web', Count: 2, Tasks: [{ Name: 'app', Driver: 'docker', Config: { image } }] }],
    },
  }));

// withResources gives every node room for a few allocations, so that placements can fail.
const resourcesArb = fc.option(fc.integer({ min: 100, max: 1200 }), { nil: undefined });

function setUp(generated: Record<string, unknown>, cpu: number | undefined, rawEvents: unknown[]) {
  const doc = structuredClone(generated);
  if (cpu !== undefined) {
    doc.Nodes = (doc.Nodes as Record<string, unknown>[]).map((n) => ({
      ...n,
      NodeResources: { Cpu: { CpuShares: cpu }, Memory: { MemoryMB: 4096 } },
    }));
  }
  const read = readScenario(JSON.stringify(doc));
  if (!read.ok) throw new Error(`generated scenario is invalid: ${JSON.stringify(read.diagnostics.slice(0, 3))}`);
  const events = readEvents(rawEvents);
  if (!events.ok) throw new Error(`generated events are invalid: ${JSON.stringify(events.diagnostics.slice(0, 3))}`);
  return { scenario: read.scenario, events: events.events };
}

const inputArb = fc.record({ doc: scenarioArb, cpu: resourcesArb, events: fc.array(eventArb, { maxLength: 5 }) });

function replay(film: Film): string {
  return JSON.stringify(film.Steps.map((s) => [s.Time, s.TriggeredBy, s.Document, s.Placed, s.Failures, s.Happenings]));
}

describe('simulator properties', () => {
  test(
    'every film ends, and the same input gives the same film',
    () => {
      fc.assert(
        fc.property(inputArb, ({ doc, cpu, events }) => {
          const input = setUp(doc, cpu, events);
          const film = simulate(input.scenario, input.events, { maxEvaluations: MAX_EVALUATIONS, trace: false });
          expect(['settled', 'waiting', 'limit']).toContain(film.End.Status);
          expect(film.Steps.length).toBeLessThanOrEqual(MAX_EVALUATIONS);
          expect(film.Events).toHaveLength(input.events.length);
          const again = simulate(setUp(doc, cpu, events).scenario, input.events, {
            maxEvaluations: MAX_EVALUATIONS,
            trace: false,
          });
          expect(replay(again)).toBe(replay(film));
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT_MS,
  );

  test(
    'placements go only to usable nodes, and no node holds more than it has',
    () => {
      fc.assert(
        fc.property(inputArb, ({ doc, cpu, events }) => {
          const input = setUp(doc, cpu, events);
          const film = simulate(input.scenario, input.events, { maxEvaluations: MAX_EVALUATIONS, trace: false });
          film.Steps.forEach((step, i) => {
            // The nodes as the plan saw them are those of the step (events come after it).
            const nodes = new Map(step.Scenario.Nodes.map((n) => [n.ID, n]));
            for (const p of step.Placed) {
              const node = nodes.get(p.NodeID);
              expect(node, `step ${i + 1} placed ${p.Name} on ${p.NodeID}`).toBeDefined();
              expect(node!.Status).toBe('ready');
              expect(node!.SchedulingEligibility).toBe('eligible');
              expect(node!.Drain).toBe(false);
            }
          });
          if (cpu === undefined) return;
          // Allocations the scenario started with may already overfill a node; count only what the simulator placed.
          const before = new Set(input.scenario.Allocations.map((a) => a.ID));
          const used = new Map<string, number>();
          for (const a of film.End.Scenario.Allocations) {
            if (terminalStatus(a)) continue;
            const tg = a.Job.TaskGroups.find((g) => g.Name === a.TaskGroup);
            if (tg === undefined) continue;
            used.set(a.NodeID, (used.get(a.NodeID) ?? 0) + (before.has(a.ID) ? 0 : groupAsk(tg).cpu));
          }
          for (const [node, cpuUsed] of used) expect(cpuUsed, `node ${node}`).toBeLessThanOrEqual(cpu);
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT_MS,
  );

  test(
    'allocation IDs stay unique and every link between allocations leads somewhere',
    () => {
      fc.assert(
        fc.property(inputArb, ({ doc, cpu, events }) => {
          const input = setUp(doc, cpu, events);
          const film = simulate(input.scenario, input.events, { maxEvaluations: MAX_EVALUATIONS, trace: false });
          const all = film.End.Scenario.Allocations;
          const ids = new Set(all.map((a) => a.ID));
          expect(ids.size).toBe(all.length);
          // New allocations run a version the job had at some step, and chain to allocations that exist.
          const versions = new Set([...film.Steps.map((s) => s.Scenario.Job), film.End.Scenario.Job]);
          const created = all.filter((a) => !input.scenario.Allocations.some((b) => b.ID === a.ID));
          for (const a of created) {
            if (a.PreviousAllocation !== '') expect(ids.has(a.PreviousAllocation)).toBe(true);
            expect(versions.has(a.Job)).toBe(true);
          }
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT_MS,
  );
});

// Other jobs on the cluster: their allocations hold room, and they are
// drained, migrated and rescheduled by the same simulator.
describe('simulator properties with other jobs', () => {
  const sharedArb = fc.record({
    doc: scenarioArb,
    others: otherJobsArb,
    cpu: fc.integer({ min: 600, max: 2000 }),
    events: fc.array(
      fc.oneof(
        eventArb,
        fc.record({
          After: fc.integer({ min: 1, max: 4 }),
          Kind: fc.constantFrom('alloc-fail', 'alloc-complete'),
          AllocID: fc.constantFrom(...OTHER_ALLOC_IDS),
        }),
      ),
      { maxLength: 5 },
    ),
  });

  test(
    'every film ends and replays; no node holds more than it has; every step names a job of the cluster',
    () => {
      fc.assert(
        fc.property(sharedArb, ({ doc, others, cpu, events }) => {
          const input = setUp({ ...doc, OtherJobs: others }, cpu, events);
          const film = simulate(input.scenario, input.events, { maxEvaluations: MAX_EVALUATIONS, trace: false });
          expect(['settled', 'waiting', 'limit']).toContain(film.End.Status);
          const again = simulate(setUp({ ...doc, OtherJobs: others }, cpu, events).scenario, input.events, {
            maxEvaluations: MAX_EVALUATIONS,
            trace: false,
          });
          expect(replay(again)).toBe(replay(film));
          const jobs = new Set([input.scenario.Job.ID, ...others.map((o) => o.Job.ID)]);
          for (const s of film.Steps) expect(jobs.has(s.JobID)).toBe(true);
          // What the simulator placed, of every job, fits beside what the scenario started with.
          const before = new Set(
            [...input.scenario.Allocations, ...(input.scenario.OtherJobs ?? []).flatMap((o) => o.Allocations)].map(
              (a) => a.ID,
            ),
          );
          const end = [
            ...film.End.Scenario.Allocations,
            ...(film.End.Scenario.OtherJobs ?? []).flatMap((o) => o.Allocations),
          ];
          expect(new Set(end.map((a) => a.ID)).size).toBe(end.length);
          const used = new Map<string, number>();
          for (const a of end) {
            if (terminalStatus(a) || before.has(a.ID)) continue;
            const tg = a.Job.TaskGroups.find((g) => g.Name === a.TaskGroup);
            if (tg !== undefined) used.set(a.NodeID, (used.get(a.NodeID) ?? 0) + groupAsk(tg).cpu);
          }
          for (const [node, cpuUsed] of used) expect(cpuUsed, `node ${node}`).toBeLessThanOrEqual(cpu);
        }),
        { numRuns: RUNS / 3 },
      );
    },
    TIMEOUT_MS,
  );
});

// The bench's sizes and 200k allocations: the simulator must not throw on a
// cluster that large (it once spread every allocation into Math.max's
// arguments, a RangeError from about 130,000 on). Few steps, no trace: what
// is checked is that it runs, not how fast.
describe('simulator sizes', () => {
  const SIZES = [
    { allocs: 1_000, nodes: 100, maxEvaluations: 5 },
    { allocs: 10_000, nodes: 1_000, maxEvaluations: 3 },
    { allocs: 50_000, nodes: 5_000, maxEvaluations: 1 },
    { allocs: 200_000, nodes: 5_000, maxEvaluations: 1 },
  ];
  for (const size of SIZES) {
    test(
      `simulates ${size.allocs} allocations on ${size.nodes} nodes`,
      () => {
        const read = readScenario(generateScenarioText({ allocs: size.allocs, nodes: size.nodes }), {
          textBudget: FILE_TEXT_BUDGET,
        });
        if (!read.ok) throw new Error('the generated scenario does not read');
        // Past the simulator's budgets (SIM_BUDGET), which the page and the command line hold: what is tested here is that the simulator itself scales.
        const budget = { allocations: Infinity, events: Infinity, work: Infinity };
        const film = simulate(read.scenario, [], { trace: false, maxEvaluations: size.maxEvaluations, budget });
        expect(film.Steps).toHaveLength(size.maxEvaluations);
        expect(film.End.Scenario.Allocations.length).toBeGreaterThanOrEqual(read.scenario.Allocations.length);
        expect(film.Steps[0]!.Placed.length).toBeGreaterThan(0);
      },
      TIMEOUT_MS,
    );
  }
});
