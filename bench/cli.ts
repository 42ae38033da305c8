// `npm run bench`, first part (`npm run bench:cli`): the nomad-playground
// command as a person runs it, whole-process and cold (a fresh Node process
// for every run, as a shell starts it), against its goals:
//   - `--help`;
//   - a 10-allocation scenario;
//   - on 10,000 allocations, the work the command adds to a Node process
//     that only reads the file, next to a cold JSON.parse of its text.
// The npm script builds the command first (`npm run build:cli`), as `npm ci` does.
// Prints the first run and the median of the others.

import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { generateScenarioText } from './generate.ts';
import { median, verdict } from './stats.ts';

const BIN = resolve('build/cli/nomad-playground.js');
const DIR = resolve('node_modules/.cache/bench/cli');
const RUNS = 11;
const HELP_GOAL_MS = 120;
const SMALL_GOAL_MS = 150;
const ADDED_GOAL = 3;

// wall runs a fresh process and returns its wall time in ms; it must exit 0.
function wall(args: string[]): number {
  const start = performance.now();
  const r = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  const elapsed = performance.now() - start;
  if (r.status !== 0) throw new Error(`bench: node ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return elapsed;
}

// runs measures a command RUNS times: the first (coldest) run and the median of the rest.
function runs(measure: () => number): { first: number; median: number } {
  const first = measure();
  const rest = Array.from({ length: RUNS - 1 }, measure);
  return { first, median: median(rest) };
}

// coldParse is JSON.parse of a file's text in a fresh process, timed inside it.
function coldParse(file: string): number {
  const code = `const t=require('node:fs').readFileSync(${JSON.stringify(file)},'utf8');const s=performance.now();JSON.parse(t);process.stdout.write(String(performance.now()-s))`;
  const r = spawnSync(process.execPath, ['-e', code], { encoding: 'utf8' });
  return Number(r.stdout);
}

const ms = (x: number) => `${x.toFixed(1).padStart(7)} ms`;

mkdirSync(DIR, { recursive: true });
const small = join(DIR, 'allocs-10.json');
const large = join(DIR, 'allocs-10k.json');
writeFileSync(small, generateScenarioText({ allocs: 10, nodes: 3, groups: 1 }));
writeFileSync(large, generateScenarioText({ allocs: 10_000, nodes: 1_000 }));

console.log(
  `nomad-playground, whole process, cold (load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')})`,
);
console.log('command                                   first     median');
const row = (label: string, t: { first: number; median: number }) =>
  console.log(`${label.padEnd(36)} ${ms(t.first)} ${ms(t.median)}`);
const node = runs(() => wall(['-e', '0']));
row('node -e 0 (Node alone)', node);
const help = runs(() => wall([BIN, '--help']));
row('nomad-playground --help', help);
const ten = runs(() => wall([BIN, 'reconcile', small]));
row('reconcile, 10 allocations', ten);
const readOnly = runs(() => wall(['-e', `require('node:fs').readFileSync(${JSON.stringify(large)},'utf8')`]));
row('node reading the 10k file', readOnly);
const tenK = runs(() => wall([BIN, 'reconcile', large]));
row('reconcile, 10,000 allocations', tenK);
const parse = runs(() => coldParse(large));
row('JSON.parse of the 10k text, cold', parse);

const added = tenK.median - readOnly.median;
const ratio = added / parse.median;
console.log('');
console.log(
  `goal: --help <= ${HELP_GOAL_MS} ms:                 ${ms(help.median)}  ${verdict(help.median <= HELP_GOAL_MS)}`,
);
console.log(
  `goal: 10 allocations <= ${SMALL_GOAL_MS} ms:          ${ms(ten.median)}  ${verdict(ten.median <= SMALL_GOAL_MS)}`,
);
console.log(
  `goal: 10k added work <= ${ADDED_GOAL}x JSON.parse:    ${ms(added)} = ${ratio.toFixed(2)}x ${ms(parse.median).trim()}  ${verdict(ratio <= ADDED_GOAL)}`,
);
