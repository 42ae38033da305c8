// Property tests of the runner, run in-process: whatever the files hold
// (random bytes, random JSON, valid scenarios, scenarios whose HCL jobspec
// is hostile, with or without a byte order mark) and whichever output is
// asked for, it never exits 1 (a bug), never prints an internal error, and
// runs every file it is given; the jobspec command answers every hostile
// jobspec of issue 19 with status 2 or 0.

import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { runJobspecCommand } from '../../src/cli/jobspecCommand.ts';
import { run, type CliIO } from '../../src/cli/run.ts';
import { scenarioArb } from '../properties/arbitraries.ts';
import { HOSTILE_JOBSPECS, jobWithMeta } from '../jobspec/hostile.ts';
import { memoryIO } from './memoryIO.ts';

const RUNS = 100;
const TIMEOUT_MS = 120_000;
const BOM = '\uFEFF';

// A file's text: what a reader makes of random bytes, any JSON value, or a valid scenario.
const bytesText = fc.uint8Array({ maxLength: 200 }).map((b) => new TextDecoder().decode(b));
const jsonText = fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v));
const scenarioText = fc
  .record({
    doc: scenarioArb,
    events: fc.constantFrom(undefined, [], [{ After: 1, Kind: 'deployment-promote' }], 'not a list'),
  })
  .map(({ doc, events }) => JSON.stringify(events === undefined ? doc : { ...doc, Events: events }, null, 1));
// A jobspec nesting one construct any number of levels deep (past the budget or not), or HCL-looking bytes.
const nestedJobSpec = fc
  .record({
    n: fc.integer({ min: 1, max: 6_000 }),
    nest: fc.constantFrom<[string, string, string]>(
      ['(', '1', ')'],
      ['[', '', ']'],
      ['{a = ', '1', '}'],
      ['"${', '1', '}"'],
      ['!', 'true', ''],
      ['abs(', '1', ')'],
      ['true ? 1 : ', '0', ''],
      ['1 + ', '1', ''],
    ),
  })
  .map(({ n, nest: [open, inner, close] }) => jobWithMeta(open.repeat(n) + inner + close.repeat(n)));
const hclText = fc.oneof(
  nestedJobSpec,
  fc.integer({ min: 1, max: 6_000 }).map((n) => `job "a" {\n${'meta {\n'.repeat(n)}${'}\n'.repeat(n)}}\n`),
  fc.string({ unit: fc.constantFrom('{', '}', '[', ']', '(', ')', '"', '${', '%{', '<<EOT\n', '\n', 'a', '=', '1') }),
);
const scenarioWithJobSpec = hclText.map((jobSpec) => JSON.stringify({ JobSpec: jobSpec }));
const fileArb = fc
  .record({ text: fc.oneof(bytesText, jsonText, scenarioText, scenarioWithJobSpec), bom: fc.boolean() })
  .map(({ text, bom }) => (bom ? BOM + text : text));

const optionsArb = fc.constantFrom(
  [],
  ['--format', 'plan'],
  ['--explain'],
  ['--format', 'plan', '--explain'],
  ['--simulate'],
);

// runFiles runs the runner on in-memory files named f0, f1, …
async function runFiles(options: readonly string[], texts: string[]) {
  let stdout = '';
  let stderr = '';
  const io: CliIO = {
    stdin: async () => '',
    readFile: async (name) => texts[Number(name.slice(1))]!,
    stdout: (s) => void (stdout += s),
    stderr: (s) => void (stderr += s),
  };
  const names = texts.map((_, i) => `f${i}`);
  const code = await run([...options, ...names], io);
  return { code, stdout, stderr, names };
}

describe('runner properties', () => {
  test(
    'never exits 1 and answers for every file, whatever the files hold',
    async () => {
      await fc.assert(
        fc.asyncProperty(optionsArb, fc.array(fileArb, { minLength: 1, maxLength: 3 }), async (options, texts) => {
          const r = await runFiles(options, texts);
          expect(r.code === 0 || r.code === 2).toBe(true);
          expect(r.stderr).not.toMatch(/internal error/);
          // Each file either printed something or was reported by name (warnings report nothing wrong).
          const problems = r.stderr.split('\n').filter((l) => l !== '' && !/: warning: /.test(l));
          const reported = new Set(problems.map((l) => l.split(':')[0]));
          const printed = r.stdout.length > 0;
          for (const name of r.names) expect(reported.has(name) || printed).toBe(true);
          expect(r.code === 2).toBe(reported.size > 0);
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT_MS,
  );

  test(
    'answers every hostile jobspec of issue 19 with a job or a message, never status 1',
    async () => {
      for (const [name, text] of Object.entries(HOSTILE_JOBSPECS)) {
        const io = memoryIO({ [`${name}.nomad`]: text });
        const code = await runJobspecCommand([`${name}.nomad`], io);
        expect(code === 0 || code === 2, `${name}: ${io.err()}`).toBe(true);
        expect(io.err()).not.toMatch(/internal error/);
        if (code === 2) expect(io.err()).toMatch(new RegExp(`^${name}\\.nomad:\\d+:\\d+: `));
      }
    },
    TIMEOUT_MS,
  );

  test(
    'reads a valid scenario the same with a byte order mark, --simulate included',
    async () => {
      await fc.assert(
        fc.asyncProperty(optionsArb, scenarioText, async (options, text) => {
          const plain = await runFiles(options, [text]);
          const marked = await runFiles(options, [BOM + text]);
          expect(marked.code).toBe(plain.code);
          expect(marked.stderr).toBe(plain.stderr);
          // Generated IDs differ from run to run.
          const ids = (s: string) => s.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'ID');
          expect(ids(marked.stdout)).toBe(ids(plain.stdout));
        }),
        { numRuns: RUNS / 2 },
      );
    },
    TIMEOUT_MS,
  );
});
