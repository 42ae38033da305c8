// `npm run bench`, second part (`npm run bench:engine`): how long reading,
// validating and reconciling a scenario takes next to plain JSON.parse of
// the same text, for 1k, 10k and 50k allocations, in process: warm (medians
// over several runs after a warm-up, the collector's work included where it
// falls) and cold (the first run in a fresh process, as a command or a
// newly opened page meets it). The npm script bundles this file with esbuild
// first, so what is timed is the same kind of code the browser runs, not a
// development loader's wrapping of it.

import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { readScenario } from '../src/scenario/read.ts';
import { runScenario } from '../src/result/run.ts';
import { compareFilms } from '../src/simulator/filmVersions.ts';
import { type Film, simulate } from '../src/simulator/simulate.ts';
import { generateScenario, generateScenarioText } from './generate.ts';
import { HCL_BENCH_LINES, HCL_WARM_GOAL_MS, generateJobSpec } from './jobspec.ts';
import { parseAndDecode } from '../src/jobspec/read.ts';
import { median, verdict } from './stats.ts';
import { JobTypeBatch, type Node } from '../src/engine/structs.ts';
import * as engine012 from '../src/engine/v0.12/reconcile.ts';
import * as util012 from '../src/engine/v0.12/util.ts';
import * as engine16 from '../src/engine/v1.6/reconcile.ts';
import * as util16 from '../src/engine/v1.6/util.ts';

interface Size {
  label: string;
  allocs: number;
  nodes: number;
  runs: number;
}

const SIZES: Size[] = [
  { label: '1k', allocs: 1_000, nodes: 100, runs: 21 },
  { label: '10k', allocs: 10_000, nodes: 1_000, runs: 11 },
  { label: '50k', allocs: 50_000, nodes: 5_000, runs: 7 },
];
const WARMUP = 3;
// This script run with COLD_FLAG and a size's label measures that size once and prints the timings as JSON.
const COLD_FLAG = '--cold';
const COLD_RUNS = 5;
const RATIO_10K_GOAL = 2;
const RATIO_50K_GOAL = 5.5;

interface Timings {
  parse: number;
  read: number;
  reconcile: number;
  total: number;
}

function time(fn: () => void): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

// IDs are generated deterministically so that the benchmark does not time UUIDs' randomness source.
function counter(): () => string {
  let n = 0;
  return () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
}

function measure(text: string, runs: number, warmup = WARMUP): Timings {
  const parse: number[] = [];
  const read: number[] = [];
  const reconcile: number[] = [];
  for (let i = 0; i < warmup + runs; i++) {
    const tParse = time(() => void JSON.parse(text));
    let scenario: Extract<ReturnType<typeof readScenario>, { ok: true }>['scenario'] | undefined;
    const tRead = time(() => {
      const r = readScenario(text);
      if (!r.ok) throw new Error(`generated scenario is invalid: ${JSON.stringify(r.diagnostics.slice(0, 3))}`);
      scenario = r.scenario;
    });
    const tReconcile = time(() => void runScenario(scenario!, { generateID: counter() }));
    if (i >= warmup) {
      parse.push(tParse);
      read.push(tRead);
      reconcile.push(tReconcile);
    }
  }
  const m = { parse: median(parse), read: median(read), reconcile: median(reconcile) };
  return { ...m, total: m.read + m.reconcile };
}

function ms(x: number): string {
  return `${x.toFixed(1).padStart(8)} ms`;
}

const texts = new Map<string, string>();
const textOf = (size: Size) => {
  let text = texts.get(size.label);
  if (text === undefined)
    texts.set(size.label, (text = generateScenarioText({ allocs: size.allocs, nodes: size.nodes })));
  return text;
};

// cold measures one size in fresh processes (this script with COLD_FLAG), COLD_RUNS times: the median of their first runs.
function cold(size: Size): Timings {
  const runs = Array.from({ length: COLD_RUNS }, () => {
    const r = spawnSync(process.execPath, [process.argv[1]!, COLD_FLAG, size.label], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`bench: the cold run of ${size.label} failed: ${r.stderr}`);
    return JSON.parse(r.stdout) as Timings;
  });
  const m = (k: keyof Timings) => median(runs.map((t) => t[k]));
  return { parse: m('parse'), read: m('read'), reconcile: m('reconcile'), total: m('total') };
}

function printTable(title: string, results: Map<string, Timings>): void {
  console.log(title);
  console.log('size  allocs  nodes   text MB   JSON.parse  read+validate    reconcile        total  total/parse');
  for (const size of SIZES) {
    const t = results.get(size.label)!;
    console.log(
      `${size.label.padEnd(4)} ${String(size.allocs).padStart(7)} ${String(size.nodes).padStart(6)} ` +
        `${(textOf(size).length / 1e6).toFixed(1).padStart(9)} ${ms(t.parse)} ${ms(t.read)} ${ms(t.reconcile)} ${ms(t.total)} ` +
        `${(t.total / t.parse).toFixed(2).padStart(11)}x`,
    );
  }
}

function printGoals(label: string, results: Map<string, Timings>): void {
  const t10 = results.get('10k')!;
  const t50 = results.get('50k')!;
  const ratio10 = t10.total / t10.parse;
  const ratio50to10 = t50.total / t10.total;
  console.log(
    `goal (${label}): 10k read+validate+reconcile <= ${RATIO_10K_GOAL}x JSON.parse: ${ratio10.toFixed(2)}x  ${verdict(ratio10 <= RATIO_10K_GOAL)}`,
  );
  console.log(
    `goal (${label}): 50k <= ${RATIO_50K_GOAL}x 10k (read+validate+reconcile):     ${ratio50to10.toFixed(2)}x  ${verdict(ratio50to10 <= RATIO_50K_GOAL)}`,
  );
  // The reader parses the text with JSON.parse, so its own growth from 10k
  // to 50k bounds the goal above from below.
  console.log(`     (${label}) for scale: JSON.parse alone, 50k / 10k:       ${(t50.parse / t10.parse).toFixed(2)}x`);
}

if (process.argv[2] === COLD_FLAG) {
  const size = SIZES.find((s) => s.label === process.argv[3])!;
  process.stdout.write(JSON.stringify(measure(textOf(size), 1, 0)));
  process.exit(0);
}

const warm = new Map<string, Timings>();
for (const size of SIZES) warm.set(size.label, measure(textOf(size), size.runs));
const coldResults = new Map<string, Timings>(SIZES.map((size) => [size.label, cold(size)]));
printTable('warm: medians after a warm-up', warm);
console.log('');
printTable(`cold: the first run in a fresh process (median of ${COLD_RUNS} processes)`, coldResults);
console.log('');
printGoals('warm', warm);
printGoals('cold', coldResults);

// Reading with warnings: the same scenario with its last allocation on a
// node that is not in Nodes, which the reader warns about. The warning is
// placed in the text (line and column), by one pass that stops at the last
// place: at the end of the text here, the worst case. Against the read of
// the same size without a warning, warm.
const WARNING_RATIO_GOAL = 1.3;
console.log('');
console.log('read with a warning  allocs   without      with     ratio   goal');
const warningVerdicts: string[] = [];
for (const size of SIZES.slice(1)) {
  const doc = generateScenario({ allocs: size.allocs, nodes: size.nodes }) as { Allocations: { NodeID: string }[] };
  doc.Allocations[doc.Allocations.length - 1]!.NodeID = 'a-node-not-in-Nodes';
  const warned = JSON.stringify(doc);
  const readTimes = (text: string, warnings: number) => {
    const times: number[] = [];
    for (let i = 0; i < WARMUP + size.runs; i++) {
      const t = time(() => {
        const r = readScenario(text);
        if (!r.ok || (r.warnings?.length ?? 0) !== warnings || (warnings > 0 && r.warnings![0]!.line === undefined))
          throw new Error(`bench: the ${size.label} scenario does not read with ${warnings} warning(s)`);
      });
      if (i >= WARMUP) times.push(t);
    }
    return median(times);
  };
  const without = readTimes(textOf(size), 0);
  const withWarning = readTimes(warned, 1);
  const ratio = withWarning / without;
  console.log(
    `${size.label.padEnd(20)} ${String(size.allocs).padStart(6)} ${ms(without)} ${ms(withWarning)} ${ratio.toFixed(2).padStart(8)}x ${WARNING_RATIO_GOAL.toFixed(1).padStart(5)}x`,
  );
  warningVerdicts.push(
    `goal: ${size.label} read with a warning <= ${WARNING_RATIO_GOAL}x without:`.padEnd(52) +
      `${ratio.toFixed(2)}x  ${verdict(ratio <= WARNING_RATIO_GOAL)}`,
  );
}
console.log('');
for (const v of warningVerdicts) console.log(v);

// The rollout simulator: a whole film (every evaluation until the rollout
// settles or waits) of the generated scenario, which places canaries and
// waits for promotion; what the rollout worker does per edit while the
// rollout is open. Each figure is printed against its goal.
// With Compare versions on, the worker also films the scenario with the
// other Nomad (here 1.6, whose engine may take half as long again as 0.12's:
// ENGINE16_RATIO_GOAL) and lines the two films up (about a tenth of a film):
// what that adds may cost 1.75 films.
const FILM_GOALS_MS: Record<string, number> = { '1k': 50, '10k': 500 };
const COMPARE_GOAL_RATIO = 1.75;
console.log('');
console.log('rollout film  allocs  steps     simulate    goal   + compare    goal');
const filmVerdicts: string[] = [];
for (const size of SIZES.slice(0, 2)) {
  const text = generateScenarioText({ allocs: size.allocs, nodes: size.nodes });
  const read = readScenario(text);
  const other = readScenario(text, { nomadVersion: '1.6' });
  if (!read.ok || !other.ok) throw new Error(`bench: the generated ${size.label} scenario does not read`);
  const runs = Math.max(3, Math.ceil(size.runs / 3));
  let steps = 0;
  const compared = (film: Film) =>
    compareFilms({ '0.12': film, '1.6': simulate(other.scenario, [], { trace: false }) });
  for (let i = 0; i < WARMUP; i++) compared(simulate(read.scenario, [], { trace: false }));
  const times = Array.from({ length: runs }, () =>
    time(() => (steps = simulate(read.scenario, [], { trace: false }).Steps.length)),
  );
  const film = simulate(read.scenario, [], { trace: false });
  const compareTimes = Array.from({ length: runs }, () => time(() => compared(film)));
  const goal = FILM_GOALS_MS[size.label]!;
  const compareGoal = goal * COMPARE_GOAL_RATIO;
  const t = median(times);
  const c = median(compareTimes);
  console.log(
    `${size.label.padEnd(12)} ${String(size.allocs).padStart(7)} ${String(steps).padStart(6)} ${ms(t)} ${ms(goal)} ${ms(c)} ${ms(compareGoal)}`,
  );
  filmVerdicts.push(`goal: ${size.label} film <= ${goal} ms:`.padEnd(52) + `${t.toFixed(1)} ms  ${verdict(t <= goal)}`);
  filmVerdicts.push(
    `goal: ${size.label} compare adds <= ${compareGoal} ms:`.padEnd(52) +
      `${c.toFixed(1)} ms  ${verdict(c <= compareGoal)}`,
  );
}
console.log('');
for (const v of filmVerdicts) console.log(v);

// The two reconcilers side by side: the same read 10k and 50k scenarios
// reconciled by the 0.12 engine and by the 1.6 engine, each with its own
// taintedNodes and genericAllocUpdateFn (as the scheduler calls them), warm.
const ENGINE16_RATIO_GOAL = 1.5;
console.log('');
console.log('engines   allocs        0.12         1.6    1.6/0.12   goal');
const engineVerdicts: string[] = [];
for (const size of SIZES.slice(1)) {
  const read = readScenario(textOf(size));
  if (!read.ok) throw new Error(`bench: the generated ${size.label} scenario does not read`);
  const s = read.scenario;
  const nodes = new Map<string, Node>(s.Nodes.map((n) => [n.ID, n]));
  const common = {
    batch: s.Job.Type === JobTypeBatch,
    jobID: s.Job.ID,
    job: s.Job,
    deployment: s.Deployment,
    existingAllocs: s.Allocations,
    evalID: s.EvalID,
    now: s.Now,
  };
  const runs = {
    '0.12': () =>
      engine012.reconcile({
        ...common,
        allocUpdateFn: util012.genericAllocUpdateFn(nodes),
        taintedNodes: util012.taintedNodes(nodes, s.Allocations),
        generateID: counter(),
      }),
    '1.6': () =>
      engine16.reconcile({
        ...common,
        allocUpdateFn: util16.genericAllocUpdateFn(nodes),
        taintedNodes: util16.taintedNodes(nodes, s.Allocations),
        evalPriority: s.Job.Priority,
        supportsDisconnectedClients: true,
        generateID: counter(),
      }),
  };
  // Alternate the two, and which goes first, so that neither has the
  // machine to itself nor always pays for the other's garbage.
  const times: Record<keyof typeof runs, number[]> = { '0.12': [], '1.6': [] };
  for (let i = 0; i < WARMUP + 2 * size.runs; i++) {
    for (const version of i % 2 === 0 ? (['0.12', '1.6'] as const) : (['1.6', '0.12'] as const)) {
      const t = time(() => void runs[version]());
      if (i >= WARMUP) times[version].push(t);
    }
  }
  const t012 = median(times['0.12']);
  const t16 = median(times['1.6']);
  const ratio = t16 / t012;
  console.log(
    `${size.label.padEnd(8)} ${String(size.allocs).padStart(7)} ${ms(t012)} ${ms(t16)} ${ratio.toFixed(2).padStart(10)}x ${ENGINE16_RATIO_GOAL.toFixed(1).padStart(5)}x`,
  );
  engineVerdicts.push(
    `goal: ${size.label} 1.6 engine <= ${ENGINE16_RATIO_GOAL}x the 0.12 engine:`.padEnd(52) +
      `${ratio.toFixed(2)}x  ${verdict(ratio <= ENGINE16_RATIO_GOAL)}`,
  );
}
console.log('');
for (const v of engineVerdicts) console.log(v);

// The HCL reader: parse a jobspec and map it to the API job (variables,
// locals, a dynamic block, templates), warm, as the reconciler worker
// reads the Job tab on every edit. First use, loading included, is timed
// in the browser (bench/browser.ts).
{
  const text = generateJobSpec();
  const lines = text.split('\n').length;
  const times: number[] = [];
  for (let i = 0; i < 10 + 31; i++) {
    const t = time(() => {
      const r = parseAndDecode(text, {});
      if (!r.job)
        throw new Error(`bench: the generated jobspec does not read: ${JSON.stringify(r.diagnostics.slice(0, 2))}`);
    });
    if (i >= 10) times.push(t);
  }
  const warm = median(times);
  console.log('');
  console.log(`HCL jobspec, ${lines} lines: parse and map (warm, Node) ${ms(warm)}`);
  console.log(
    `goal: ${HCL_BENCH_LINES}-line jobspec parsed and mapped warm <= ${HCL_WARM_GOAL_MS} ms: ${verdict(warm <= HCL_WARM_GOAL_MS)}`,
  );
}
