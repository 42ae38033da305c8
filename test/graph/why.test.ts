// Every card answers "why?": the plain step names and rules cover every
// typed code, and each kind of card of the examples (placement, canary,
// migration, a replacement placed later, stop, in-place, destructive) gets
// its decision, its step in plain words, its rule and upstream's name.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { traceDecisions } from '../../src/graph/actions.ts';
import { buildGraph } from '../../src/graph/buildGraph.ts';
import type { AllocCard, GhostCard, GraphModel } from '../../src/graph/model.ts';
import { ACTION_RULES, DECISION_RULES, groupRules } from '../../src/graph/rules.ts';
import { STEP_NAMES } from '../../src/graph/stepNames.ts';
import { allocWhy, findGhost, findMore, ghostWhy, moreWhy, PLACEMENTS, type Why } from '../../src/graph/why.ts';
import { runScenario } from '../../src/result/run.ts';
import { readScenario } from '../../src/scenario/read.ts';
import type { ReconcileTrace } from '../../src/engine/types.ts';
import type { Scenario } from '../../src/scenario/read.ts';

// unionMembers lists the string members of an exported union type, read from the source that declares it.
function unionMembers(dir: string, type: string): string[] {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  for (const f of files) {
    const text = readFileSync(join(dir, f), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    const start = text.indexOf(`export type ${type} =`);
    if (start < 0) continue;
    const body = text.slice(start, text.indexOf(';', start));
    return [...body.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
  }
  throw new Error(`no union ${type} under ${dir}`);
}

describe('every typed code has words', () => {
  it('names every step of the reconciler in plain words', () => {
    const steps = unionMembers('src/engine', 'ReconcilerStep');
    expect(steps.length).toBeGreaterThan(10);
    for (const s of steps) expect(STEP_NAMES[s as keyof typeof STEP_NAMES], s).toMatch(/^[A-Z]/);
  });

  it('gives every decision code and every action a rule', () => {
    const codes = unionMembers('src/engine', 'DecisionCode');
    expect(codes.length).toBeGreaterThan(25);
    const rules = groupRules(loadExample('rolling-update').scenario.Job, 'web', null);
    for (const c of codes) expect(DECISION_RULES[c as keyof typeof DECISION_RULES]?.(rules), c).toBeTruthy();
    for (const a of unionMembers('src/engine', 'AllocAction'))
      expect(ACTION_RULES[a as keyof typeof ACTION_RULES]?.(rules), a).toBeTruthy();
  });

  it('answers for every kind of placement', () => {
    for (const code of unionMembers('src/graph', 'PlacementCode')) {
      const p = PLACEMENTS[code as keyof typeof PLACEMENTS];
      expect(p, code).toBeDefined();
      expect(p.step, code).toMatch(/^[A-Z]/);
      expect(p.upstream, code).toMatch(/^[a-z]/);
    }
  });
});

interface Drawn {
  scenario: Scenario;
  trace: ReconcileTrace;
  model: GraphModel;
}

function loadExample(id: string, edit: (doc: { Job: { TaskGroups: { Count: number }[] } }) => void = () => {}): Drawn {
  const doc = JSON.parse(readFileSync(`src/examples/${id}.json`, 'utf8')) as Parameters<typeof edit>[0];
  edit(doc);
  const read = readScenario(JSON.stringify(doc));
  if (!read.ok) throw new Error(`${id} does not read`);
  let n = 0;
  const { results, document } = runScenario(read.scenario, { trace: true, generateID: () => `id-${++n}` });
  const trace = results.trace!;
  return { scenario: read.scenario, trace, model: buildGraph(read.scenario, document, trace) };
}

function cards(d: Drawn): AllocCard[] {
  return d.model.boxes.flatMap((b) => b.view.allocs);
}

// cardWhy answers for the first card of an action, as the details panel does.
function cardWhy(d: Drawn, pick: (c: AllocCard) => boolean): Why {
  const card = cards(d).find(pick);
  if (card === undefined) throw new Error('no such card');
  return allocWhy(card, traceDecisions(d.trace).get(card.id), groupRules(d.scenario.Job, card.group, d.trace));
}

// placementWhy answers for the first ghost card that fits, as the details panel does.
function placementWhy(d: Drawn, pick: (g: GhostCard) => boolean): Why {
  const ghost = d.model.lane.view.placements.find(pick);
  if (ghost === undefined) throw new Error('no such ghost');
  const found = findGhost(d.model, ghost.key)!;
  return ghostWhy(found.ghost, found.replaced, groupRules(d.scenario.Job, ghost.group, d.trace));
}

describe('the why of each kind of card', () => {
  it('a new placement: the count lacks it', () => {
    const w = placementWhy(loadExample('first-placement'), (g) => g.kind === 'place');
    expect(w.decision).toMatch(/^place web\.web\[\d\], a new allocation of job version 0/);
    expect(w.step).toBe(STEP_NAMES.computePlacements);
    expect(w.rule).toMatch(/^count \d+: the group runs \d+ allocations/);
    expect(w.upstream).toBe('computePlacements');
  });

  it('a canary: the update strategy wants canaries first', () => {
    const w = placementWhy(loadExample('rollout-canary'), (g) => g.canary);
    expect(w.decision).toContain('as a canary of job version 1');
    expect(w.step).toBe('Place canaries before anything is replaced');
    expect(w.rule).toMatch(/^canary 2: 2 allocations of the new version run beside the old ones/);
    expect(w.rule).toContain('waits for someone to promote them');
    expect(w.upstream).toContain('computeGroup');
  });

  it('a migration: the ghost and the card it replaces both name the migrate rule', () => {
    const d = loadExample('node-drain');
    const g = placementWhy(d, (x) => x.kind === 'place' && x.previousAllocID !== '' && !x.reschedule);
    expect(g.decision).toMatch(/^move web\.web\[\d\] \(v\d\) off its draining node/);
    expect(g.step).toBe(STEP_NAMES.filterByTainted);
    expect(g.rule).toMatch(/^migrate max_parallel \d+/);
    const c = cardWhy(d, (x) => x.action === 'migrate');
    expect(c.step).toBe(STEP_NAMES.filterByTainted);
    expect(c.rule).toBe(g.rule);
    expect(c.upstream).toBe('filterByTainted');
  });

  it('a replacement placed later: the reschedule policy, or stop_after_client_disconnect', () => {
    const failed = placementWhy(loadExample('reschedule-now-and-later'), (g) => g.kind === 'later');
    expect(failed.decision).toMatch(/^replace the failed .* later: a follow-up evaluation at /);
    expect(failed.rule).toMatch(/^reschedule: /);
    expect(failed.upstream).toContain('handleDelayedReschedules');
    const lost = placementWhy(loadExample('stop-after-client-disconnect'), (g) => g.kind === 'later');
    expect(lost.decision).toMatch(/^replace the lost .* later/);
    expect(lost.step).toBe(STEP_NAMES.delayByStopAfterClientDisconnect);
    expect(lost.rule).toMatch(/^stop_after_client_disconnect \S+: the client stops its allocations/);
  });

  it('a stop: over the count, the highest indexes go', () => {
    const w = cardWhy(loadExample('scale-up-and-down'), (c) => c.action === 'stop');
    expect(w.step).toBe('Stop what is over the count');
    expect(w.rule).toMatch(/^count \d+: .*the highest indexes stop first/);
    expect(w.upstream).toBe('computeStop');
  });

  it('an in-place update: no task changes', () => {
    const w = cardWhy(loadExample('in-place-update'), (c) => c.action === 'inplace');
    expect(w.step).toBe(STEP_NAMES.computeUpdates);
    expect(w.rule).toContain('made in place, without a restart');
    expect(w.upstream).toBe('computeUpdates');
  });

  it('a destructive update, and one held back: max_parallel paces them', () => {
    const d = loadExample('rolling-update');
    const maxParallel = 'max_parallel 2: at most 2 allocations of this group are being replaced at a time';
    const replaced = cardWhy(d, (c) => c.action === 'destructive');
    expect(replaced.step).toBe(STEP_NAMES.computeUpdates);
    expect(replaced.rule).toContain(maxParallel);
    expect(replaced.rule).toContain('the limit is 1');
    const ghost = placementWhy(d, (g) => g.kind === 'destructive');
    expect(ghost.decision).toMatch(/^replace web\.web\[2\] \(v0\) with web\.web\[2\] of job version 1/);
    expect(ghost.rule).toContain(maxParallel);
    const held = cardWhy(
      d,
      (c) => c.action === 'ignore' && traceDecisions(d.trace).get(c.id)?.code === 'held-by-limit',
    );
    expect(held.step).toBe('Apply the deployment’s limits');
    expect(held.rule.startsWith(maxParallel)).toBe(true);
  });

  it('the aggregate of placements past the lane’s cap: the count lacks them', () => {
    const d = loadExample('first-placement', (doc) => {
      doc.Job.TaskGroups[0]!.Count = 150;
    });
    const more = findMore(d.model, 'more:web')!;
    expect(more.count).toBe(50);
    const w = moreWhy(more, groupRules(d.scenario.Job, 'web', d.trace));
    expect(w.decision).toMatch(/^place 50 more new allocations of group web, job version 0/);
    expect(w.step).toBe(STEP_NAMES.computePlacements);
    expect(w.rule).toMatch(/^count 150: the group runs 150 allocations/);
  });
});
