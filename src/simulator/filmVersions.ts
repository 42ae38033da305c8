// The same rollout filmed by Nomad 0.12 and by Nomad 1.6, frame by frame:
// the two films' evaluations lined up by their order and what triggered
// them, and for each pair what one version did that the other did not.
// Generated IDs (allocations placed after the films part ways, deployments,
// evaluations) come from one seeded sequence that each film draws from in
// its own order, so allocations are matched by name and job version, and
// evaluations by trigger and time, never by ID.

import { type Instant, ZERO_TIME } from '../engine/structs.ts';
import { parseRfc3339 } from '../engine/time.ts';
import type { NomadVersion } from '../scenario/nomadVersion.ts';
import type { Scenario } from '../scenario/read.ts';
import type { Happening, HappeningKind } from './happenings.ts';
import type { Film, FilmEnd, FilmEvaluation } from './simulate.ts';

/**
 * PlanFactCode is one thing an evaluation's plan does to an allocation or a
 * group: `place` (a new allocation), `canary` (a new canary), `stop`, `lost`
 * (stopped as lost), `unknown` (marked unknown: its client is disconnected),
 * `reconnect` (kept as its client comes back), `destructive` (stopped for a
 * replacement), `inplace` (updated in place) or `followup` (an evaluation
 * planned for later).
 */
export type PlanFactCode =
  'place' | 'canary' | 'stop' | 'lost' | 'unknown' | 'reconnect' | 'destructive' | 'inplace' | 'followup';

/** PlanFact is one thing a plan does: the allocation's name and job version, or the group's name for a follow-up. */
export interface PlanFact {
  Code: PlanFactCode;
  /** Name is the allocation's name, or the task group's for a follow-up. */
  Name: string;
  /** JobVersion is the job version the allocation runs (a placement: the version it is placed at); null for a follow-up. */
  JobVersion: number | null;
  /** Detail is a stop's status description as Nomad writes it, "" otherwise. */
  Detail: string;
  /** TriggeredBy and WaitUntil say what a follow-up is for and when it runs. */
  TriggeredBy?: string;
  WaitUntil?: Instant;
}

/**
 * FilmFact is one thing a version's film does at a frame, as a typed code:
 * a plan's fact (`plan`), a change in the cluster since the frame before or
 * made by the plan (`happening`, with the simulator's own happening, whose
 * Kind is its code), the time the evaluation runs (`time`), and at the end
 * how the film ends (`end`) and where the job's deployment stands
 * (`end-deployment`).
 */
export type FilmFact =
  | { Code: 'plan'; Plan: PlanFact }
  | { Code: 'happening'; Happening: Happening }
  | { Code: 'time'; Time: Instant }
  | { Code: 'end'; Status: FilmEnd['Status']; Reason: string }
  | { Code: 'end-deployment'; JobVersion: number; Status: string };

/** FrameSide is one version's frame of a pair: its number in that film (the end is the last), its trigger and time. */
export interface FrameSide {
  Frame: number;
  /** TriggeredBy is the evaluation's trigger, "" for the end. */
  TriggeredBy: string;
  JobID: string;
  Time: Instant;
}

/**
 * FramePair is a frame of one film lined up with the other's: Sides holds
 * each version's frame, or null when only the other film has it (the
 * max-disconnect-timeout evaluation of a 1.6 film, say). Differences holds
 * what each version does there that the other does not; for a frame only
 * one film has, everything it does.
 */
export interface FramePair {
  Sides: Record<NomadVersion, FrameSide | null>;
  Differences: Record<NomadVersion, FilmFact[]>;
}

/** FilmComparison is the two films lined up, the end last, and the first pair where they part ways. */
export interface FilmComparison {
  Pairs: FramePair[];
  /** FirstParting is the index in Pairs of the first pair that differs, or null when the films agree. */
  FirstParting: number | null;
}

/** factCode is a fact's one code: a plan's PlanFactCode, a happening's Kind, or the fact's own Code. */
export function factCode(f: FilmFact): PlanFactCode | HappeningKind | 'time' | 'end' | 'end-deployment' {
  if (f.Code === 'plan') return f.Plan.Code;
  if (f.Code === 'happening') return f.Happening.Kind;
  return f.Code;
}

/** pairDiffers tells whether the versions part ways at a pair: a frame only one film has, or something only one does. */
export function pairDiffers(pair: FramePair): boolean {
  return (
    pair.Sides['0.12'] === null ||
    pair.Sides['1.6'] === null ||
    pair.Differences['0.12'].length > 0 ||
    pair.Differences['1.6'].length > 0
  );
}

/**
 * compareFilms lines up the two versions' films of one scenario and its
 * events and lists, per pair of frames, what each does that the other does
 * not. Evaluations pair when they are for the same job with the same
 * trigger, keeping both films' order (the longest such pairing, the
 * earliest first); the ends always pair.
 */
export function compareFilms(films: Record<NomadVersion, Film>): FilmComparison {
  const a = films['0.12'].Steps;
  const b = films['1.6'].Steps;
  const pairs: FramePair[] = [];
  const side = (film: Film, i: number | null): Facts | null => {
    if (i === null) return null;
    const s = film.Steps[i]!;
    return { side: sideOf(s), facts: stepFacts(s, film.Steps[i + 1]?.Scenario ?? film.End.Scenario) };
  };
  for (const [i, j] of lineUp(a.map(stepKey), b.map(stepKey)))
    pairs.push(pairOf(side(films['0.12'], i), side(films['1.6'], j)));
  pairs.push(pairOf(endOf(films['0.12']), endOf(films['1.6'])));
  const first = pairs.findIndex(pairDiffers);
  return { Pairs: pairs, FirstParting: first < 0 ? null : first };
}

/**
 * FrameComparison is what a comparison says about one frame of one version's
 * film: its pair (null when the comparison has none for it), and the
 * frames only the other film has that come right after it.
 */
export interface FrameComparison {
  pair: FramePair | null;
  otherOnlyAfter: FramePair[];
}

/** frameComparison finds what the comparison says about frame `frame` of `version`'s film. */
export function frameComparison(comparison: FilmComparison, version: NomadVersion, frame: number): FrameComparison {
  const at = comparison.Pairs.findIndex((p) => p.Sides[version]?.Frame === frame);
  if (at < 0) return { pair: null, otherOnlyAfter: [] };
  const otherOnlyAfter: FramePair[] = [];
  for (let k = at + 1; k < comparison.Pairs.length && comparison.Pairs[k]!.Sides[version] === null; k++)
    otherOnlyAfter.push(comparison.Pairs[k]!);
  return { pair: comparison.Pairs[at]!, otherOnlyAfter };
}

/**
 * partingFrames are the frames of `version`'s film where the versions part
 * ways: the frame differs, or the other film runs evaluations right after
 * it that this one does not.
 */
export function partingFrames(comparison: FilmComparison, version: NomadVersion): Set<number> {
  const out = new Set<number>();
  let last: number | null = null;
  for (const pair of comparison.Pairs) {
    const side = pair.Sides[version];
    if (side !== null) last = side.Frame;
    if (pairDiffers(pair) && last !== null) out.add(last);
  }
  return out;
}

// Facts is one side of a pair before comparing: its frame and everything it does.
interface Facts {
  side: FrameSide;
  facts: FilmFact[];
}

// pairOf compares two sides (either may be missing): each keeps what the other has not, as many times as it has it more.
function pairOf(x: Facts | null, y: Facts | null): FramePair {
  const xs = keyed(x?.facts ?? []);
  const ys = keyed(y?.facts ?? []);
  return {
    Sides: { '0.12': x?.side ?? null, '1.6': y?.side ?? null },
    Differences: { '0.12': without(xs, ys), '1.6': without(ys, xs) },
  };
}

// Keyed is a side's facts with the key of each, made once.
interface Keyed {
  facts: readonly FilmFact[];
  keys: string[];
}

// keyed keys a side's facts.
function keyed(facts: readonly FilmFact[]): Keyed {
  return { facts, keys: facts.map(factKey) };
}

// without is the facts of `mine` left over once each fact of `theirs` has taken one equal to it.
function without(mine: Keyed, theirs: Keyed): FilmFact[] {
  const left = new Map<string, number>();
  for (const k of theirs.keys) left.set(k, (left.get(k) ?? 0) + 1);
  const out: FilmFact[] = [];
  mine.keys.forEach((k, i) => {
    const n = left.get(k) ?? 0;
    if (n > 0) left.set(k, n - 1);
    else out.push(mine.facts[i]!);
  });
  return out;
}

// factKey is what makes two facts the same in both films: everything but generated IDs.
function factKey(f: FilmFact): string {
  switch (f.Code) {
    case 'plan':
      return JSON.stringify([
        'plan',
        f.Plan.Code,
        f.Plan.Name,
        f.Plan.JobVersion,
        f.Plan.Detail,
        f.Plan.TriggeredBy ?? '',
        f.Plan.WaitUntil ?? 0,
      ]);
    case 'happening': {
      const h = f.Happening;
      return JSON.stringify([
        'happening',
        h.Kind,
        h.Name ?? '',
        h.NodeID ?? '',
        h.JobVersion ?? null,
        h.FromVersion ?? null,
        h.Status ?? '',
        h.Detail ?? '',
        h.Problem?.code ?? '',
        (h.Allocs ?? []).map((a) => [a.Name, a.JobVersion]),
      ]);
    }
    case 'time':
      return JSON.stringify(['time', f.Time]);
    case 'end':
      return JSON.stringify(['end', f.Status]);
    case 'end-deployment':
      return JSON.stringify(['end-deployment', f.JobVersion, f.Status]);
  }
}

// stepKey is what pairs two evaluations: the job and the trigger.
function stepKey(s: FilmEvaluation): string {
  return `${s.JobID}\u0000${s.TriggeredBy}`;
}

/**
 * lineUp pairs the positions of two key lists so that paired keys are equal,
 * both orders are kept and as many as can be are paired; of equally long
 * pairings the one that pairs earliest. Unpaired positions come with null
 * on the other side, each list's in its own order, the first list's first.
 */
function lineUp(xs: readonly string[], ys: readonly string[]): [number | null, number | null][] {
  const n = xs.length;
  const m = ys.length;
  // best[i][j] is the most pairs of xs[i..] and ys[j..], in one flat array.
  const best = new Uint32Array((n + 1) * (m + 1));
  const at = (i: number, j: number) => i * (m + 1) + j;
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      best[at(i, j)] =
        xs[i] === ys[j] ? best[at(i + 1, j + 1)]! + 1 : Math.max(best[at(i + 1, j)]!, best[at(i, j + 1)]!);
  const out: [number | null, number | null][] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (xs[i] === ys[j] && best[at(i, j)] === best[at(i + 1, j + 1)]! + 1) out.push([i++, j++]);
    else if (best[at(i + 1, j)]! >= best[at(i, j + 1)]!) out.push([i++, null]);
    else out.push([null, j++]);
  }
  while (i < n) out.push([i++, null]);
  while (j < m) out.push([null, j++]);
  return out;
}

// sideOf is an evaluation's place in its film.
function sideOf(s: FilmEvaluation): FrameSide {
  return { Frame: s.Index, TriggeredBy: s.TriggeredBy, JobID: s.JobID, Time: s.Time };
}

// PLAN_SAYS are the plan applier's happenings that a plan fact already says (unknown, reconnect).
const PLAN_SAYS: ReadonlySet<HappeningKind> = new Set(['alloc-unknown', 'alloc-reconnected']);

// stepFacts is everything an evaluation's frame shows: when it runs, what
// happened before it, what its plan did; `after` is the cluster the next
// frame sees, where the plan's placements are.
function stepFacts(s: FilmEvaluation, after: Scenario): FilmFact[] {
  const applied = s.Applied.filter((h) => !PLAN_SAYS.has(h.Kind));
  const happenings = [...s.Happenings, ...applied].map((h): FilmFact => ({ Code: 'happening', Happening: h }));
  const plan = planFacts(s, after).map((p): FilmFact => ({ Code: 'plan', Plan: p }));
  return [{ Code: 'time', Time: s.Time }, ...happenings, ...plan];
}

// planFacts reads what an evaluation's result does, naming allocations by name and job version.
function planFacts(s: FilmEvaluation, after: Scenario): PlanFact[] {
  const doc = s.Document;
  const versionOf = versionsOf(s.Scenario, [
    ...doc.DestructiveUpdate.map((d) => d.StopAllocID),
    ...doc.InplaceUpdate.map((u) => u.AllocID),
    ...doc.Stop.map((st) => st.AllocID),
    ...(doc.DisconnectUpdates ?? []).map((d) => d.AllocID),
    ...(doc.ReconnectUpdates ?? []).map((r) => r.AllocID),
  ]);
  const version = (id: string) => versionOf.get(id) ?? null;
  const fact = (Code: PlanFactCode, Name: string, JobVersion: number | null, Detail = ''): PlanFact => ({
    Code,
    Name,
    JobVersion,
    Detail,
  });
  const out: PlanFact[] = [];
  const placed = placedVersions(s, after);
  for (const p of doc.Place)
    out.push(
      fact(p.Canary ? 'canary' : 'place', p.Name, placed.get(`${p.Name}\u0000${p.Canary}`) ?? s.Scenario.Job.Version),
    );
  for (const d of doc.DestructiveUpdate) out.push(fact('destructive', d.Name, version(d.StopAllocID)));
  for (const u of doc.InplaceUpdate) out.push(fact('inplace', u.Name, version(u.AllocID)));
  for (const st of doc.Stop)
    out.push(fact(st.ClientStatus === 'lost' ? 'lost' : 'stop', st.Name, version(st.AllocID), st.StatusDescription));
  for (const d of doc.DisconnectUpdates ?? []) out.push(fact('unknown', d.Name, version(d.AllocID)));
  for (const r of doc.ReconnectUpdates ?? []) out.push(fact('reconnect', r.Name, version(r.AllocID)));
  for (const [group, evals] of Object.entries(doc.DesiredFollowupEvals))
    for (const e of evals)
      out.push({
        ...fact('followup', group, null),
        TriggeredBy: e.TriggeredBy,
        WaitUntil: parseRfc3339(e.WaitUntil) ?? ZERO_TIME,
      });
  return out;
}

// versionsOf is the job version of each allocation of `ids` that the scenario holds.
function versionsOf(scenario: Scenario, ids: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  if (ids.length === 0) return out;
  const wanted = new Set(ids);
  for (const a of scenario.Allocations) if (wanted.has(a.ID)) out.set(a.ID, a.Job.Version);
  return out;
}

// placedVersions is the job version each placement of the plan runs, by
// name and canary, as the cluster after it holds them: a 1.6 placement made
// while canaries wait runs an older version than the evaluated job's.
function placedVersions(s: FilmEvaluation, after: Scenario): Map<string, number> {
  const out = new Map<string, number>();
  if (s.Placed.length === 0) return out;
  const ids = new Map(s.Placed.map((p) => [p.AllocID, `${p.Name}\u0000${p.Canary}`]));
  // New allocations are the cluster's last: look from the end until each is found.
  const all = after.Allocations;
  for (let i = all.length - 1; i >= 0 && out.size < ids.size; i--) {
    const key = ids.get(all[i]!.ID);
    if (key !== undefined) out.set(key, all[i]!.Job.Version);
  }
  return out;
}

// endOf is a film's end as one side of the last pair.
function endOf(film: Film): Facts {
  const end = film.End;
  const facts: FilmFact[] = [
    { Code: 'end', Status: end.Status, Reason: end.Reason },
    ...end.Happenings.map((h): FilmFact => ({ Code: 'happening', Happening: h })),
  ];
  if (end.Deployment !== null)
    facts.push({ Code: 'end-deployment', JobVersion: end.Deployment.JobVersion, Status: end.Deployment.Status });
  return {
    side: { Frame: film.Steps.length + 1, TriggeredBy: '', JobID: film.Steps[0]?.JobID ?? '', Time: end.Time },
    facts,
  };
}
