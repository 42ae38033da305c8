// The HCL reader's budgets: a text nesting too deep, an evaluation that
// makes too many values, too long a string or too much work is refused with
// a diagnostic naming the budget, where, and by how much, never a
// JavaScript error; and the hostile jobspecs of issue 19 answer so.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HCL_BUDGET, type HclBudget } from '../../src/hcl/budget.ts';
import { FILE_READ_BUDGET } from '../../src/hcl/functions/filesystem.ts';
import { parseAndDecode } from '../../src/jobspec/read.ts';
import { TEXT_BUDGET } from '../../src/scenario/budget.ts';
import { HOSTILE_JOBSPECS, jobWithMeta } from './hostile.ts';

// messages reads a jobspec within a budget and gives its diagnostics as `LINE:COLUMN: message`.
function messages(text: string, budget: Partial<HclBudget> = {}): string[] {
  const read = parseAndDecode(text, {}, {}, { ...HCL_BUDGET, ...budget });
  return read.diagnostics.map((d) => `${d.line}:${d.column}: ${d.message}`);
}

// meta reads a jobspec whose task's meta `v` is `expr`, and gives that value (or the diagnostics).
function meta(expr: string, budget: Partial<HclBudget> = {}): unknown {
  const read = parseAndDecode(jobWithMeta(expr), {}, {}, { ...HCL_BUDGET, ...budget });
  if (read.job === null) return read.diagnostics.map((d) => `${d.line}:${d.column}: ${d.message}`);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the API job as tests read it
  return (read.job as any).TaskGroups[0].Tasks[0].Meta.v;
}

describe('the nesting budget', () => {
  const deep = (open: string, inner: string, close: string, n: number) => open.repeat(n) + inner + close.repeat(n);
  const expressions: [string, (n: number) => string][] = [
    ['parentheses', (n) => deep('(', '1', ')', n)],
    ['brackets', (n) => deep('[', '', ']', n)],
    ['objects', (n) => deep('{a = ', '1', '}', n)],
    ['templates', (n) => deep('"${', '1', '}"', n)],
    ['directives', (n) => `"${deep('%{ if true }', 'x', '%{ endif }', n)}"`],
    ['heredocs', (n) => deep('<<EOT\n${', '1', '}\nEOT\n', n)],
    ['unary operators', (n) => '!'.repeat(n) + 'true'],
    ['operator chains', (n) => Array.from({ length: n }, () => '1').join(' + ')],
    ['conditionals', (n) => 'true ? 1 : '.repeat(n) + '0'],
    ['indexes', (n) => '[[1]]' + '[0]'.repeat(n)],
    ['function calls', (n) => deep('abs(', '1', ')', n)],
  ];

  it.each(expressions)('refuses %s 10,000 levels deep at the level past the budget', (_, make) => {
    const found = meta(make(10_000)) as string[];
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(
      /^\d+:\d+: Nesting too deep; This expression or block nests more than the 128 levels the playground reads: level 129 starts here\.$/,
    );
  });

  it.each(expressions)('reads %s 100 levels deep', (_, make) => {
    expect(meta(make(100))).not.toEqual(expect.arrayContaining([expect.stringMatching(/Nesting too deep/)]));
  });

  it('refuses blocks nested 10,000 deep, once, at the block past the budget', () => {
    const text = 'job "a" {\n' + 'meta {\n'.repeat(10_000) + '}\n'.repeat(10_000) + '}\n';
    expect(messages(text)).toEqual([
      '129:7: Nesting too deep; This expression or block nests more than the 128 levels the playground reads: level 129 starts here.',
    ]);
  });

  it('refuses a value nested deeper than the budget, from jsondecode or a chain of locals', () => {
    expect(meta(`length(jsondecode("${'['.repeat(100_000)}${']'.repeat(100_000)}"))`)).toEqual([
      '7:20: Nesting too deep; This value nests 100,000 levels deep, 99,872 more than the 128 the playground reads.',
    ]);
    const chain = Array.from({ length: 200 }, (_, i) => `  l${i + 1} = [local.l${i}]\n`).join('');
    expect(messages(`locals {\n  l0 = 1\n${chain}}\n${jobWithMeta('1')}`)).toEqual([
      '131:10: Nesting too deep; This value nests 129 levels deep, 1 more than the 128 the playground reads.',
    ]);
  });
});

describe('the evaluation budgets', () => {
  it('refuses setproduct over the values budget before making it', () => {
    expect(meta('length(setproduct(range(1024), range(1024), range(1024)))')).toEqual([
      '7:20: Too many values; Evaluating this takes the jobspec to 4,294,970,373 values, 4,294,720,373 more than the 250,000 the playground evaluates.',
    ]);
  });

  it('counts the values of for expressions, nested or not', () => {
    expect(meta('length([for i in range(10): [for j in range(10): j]])', { values: 100 })).toEqual([
      '7:41: Too many values; Evaluating this takes the jobspec to 101 values, 1 more than the 100 the playground evaluates.',
    ]);
    expect(meta('length([for i in range(10): [for j in range(10): j]])', { values: 300 })).toBe('10');
  });

  it('counts the work of template directives', () => {
    const text = `locals {\n  r = range(100)\n}\n${jobWithMeta('"%{ for i in local.r }%{ for j in local.r }%{ endfor }%{ endfor }"')}`;
    expect(messages(text, { steps: 5_000 })).toEqual([
      '10:35: Too much work; Evaluating this takes the jobspec to 5,001 steps, 1 more than the 5,000 the playground evaluates.',
    ]);
    expect(messages(text, { steps: 50_000 })).toEqual([]);
  });

  it('refuses a string past the length budget as it is made: doubled, replaced, padded or joined', () => {
    const doubling = `locals {\n  s0 = "ab"\n${Array.from({ length: 32 }, (_, i) => `  s${i + 1} = "\${local.s${i}}\${local.s${i}}"\n`).join('')}}\n${jobWithMeta('length(local.s32)')}`;
    expect(messages(doubling)).toEqual([
      '24:9: String too long; This makes a string of 8,388,608 characters, 4,194,304 more than the 4,194,304 the playground holds.',
    ]);
    expect(meta('replace("aaaa", "a", "bbbb")', { chars: 15 })).toEqual([
      '7:13: String too long; This makes a string of 16 characters, 1 more than the 15 the playground holds.',
    ]);
    expect(meta('format("%999999999d", 1)')).toEqual([
      '7:13: String too long; This makes a string of 999,999,999 characters, 995,805,695 more than the 4,194,304 the playground holds.',
    ]);
    expect(meta('join("-", ["aaaa", "bbbb"])', { chars: 8 })).toEqual([
      '7:13: String too long; This makes a string of 9 characters, 1 more than the 8 the playground holds.',
    ]);
    expect(meta('indent(4, "a\\nb")', { chars: 6 })).toEqual([
      '7:13: String too long; This makes a string of 7 characters, 1 more than the 6 the playground holds.',
    ]);
  });

  it('counts a function’s arguments and result as work, strings by their length', () => {
    const text = `locals {\n  s = "${'x'.repeat(16_000)}"\n}\n${jobWithMeta('length([for i in range(10): strrev(local.s)])')}`;
    expect(messages(text, { steps: 10_000 })).toEqual([
      '10:41: Too much work; Evaluating this takes the jobspec to 10,050 steps, 50 more than the 10,000 the playground evaluates.',
    ]);
  });

  it('counts a regular expression’s search a step per character', () => {
    const text = `locals {\n  s = "${'x'.repeat(16_000)}"\n}\n${jobWithMeta('regex_replace(local.s, "y", "z")')}`;
    expect(messages(text, { steps: 16_000 })).toEqual([
      '10:13: Too much work; Evaluating this takes the jobspec to 17,011 steps, 1,011 more than the 16,000 the playground evaluates.',
    ]);
    expect(messages(text, { steps: 20_000 })).toEqual([]);
  });

  it('is not caught by try or can', () => {
    expect(meta('try(length(setproduct(range(1024), range(1024), range(1024))), 0)')).toEqual([
      '7:24: Too many values; Evaluating this takes the jobspec to 4,294,970,373 values, 4,294,720,373 more than the 250,000 the playground evaluates.',
    ]);
    expect(meta('can(setproduct(range(1024), range(1024), range(1024)))')).toEqual([
      '7:17: Too many values; Evaluating this takes the jobspec to 4,294,970,373 values, 4,294,720,373 more than the 250,000 the playground evaluates.',
    ]);
  });

  it('counts the blocks dynamic blocks make, nested or not', () => {
    const dynamic = (type: string, inner: string) =>
      `dynamic "${type}" {\n  for_each = local.r\n  labels = ["\${${type}.key}"]\n  content {\n${inner}\n  }\n}`;
    const text = `locals {\n  r = range(1024)\n}\njob "a" {\n${dynamic('group', dynamic('task', '    driver = "docker"'))}\n}\n`;
    expect(messages(text, { values: 10_000 })).toEqual([
      '11:12: Too many values; Evaluating this takes the jobspec to 10,001 values, 1 more than the 10,000 the playground evaluates.',
    ]);
  });

  it('counts a value kept in the job as the tree it is written out as', () => {
    // Each local uses the last one twice: 30 short lines, a tree of 2^31 values.
    const locals = Array.from({ length: 30 }, (_, i) => `  a${i + 1} = [local.a${i}, local.a${i}]\n`).join('');
    const text = `locals {\n  a0 = "x"\n${locals}}\n${jobWithMeta('1')}`.replace(
      'config { image = "x" }',
      'config { x = local.a30 }',
    );
    expect(messages(text)).toEqual([
      '18:9: Too many values; Evaluating this takes the jobspec to 262,157 values, 12,157 more than the 250,000 the playground evaluates.',
    ]);
  });

  it('reports a budget once however many fields come after', () => {
    const text = `locals {\n  r = range(1024)\n  big = [for i in local.r: [for j in local.r: j]]\n}\n${jobWithMeta('1')}`;
    expect(messages(text)).toHaveLength(1);
  });

  it('answers every hostile jobspec of issue 19 with diagnostics, not a JavaScript error', () => {
    for (const [name, text] of Object.entries(HOSTILE_JOBSPECS)) {
      const read = parseAndDecode(text, {});
      // The pattern that backtracks for ever in JavaScript takes RE2 no time at all, and leaves the text as it is.
      if (name === 'redos') expect(read.diagnostics).toEqual([]);
      else expect(read.diagnostics.length, name).toBeGreaterThan(0);
    }
  }, 60_000);
});

describe('numbers past a double', () => {
  it('writes pow’s overflow as cty writes an infinity', () => {
    expect(meta('pow(10, 400)')).toBe('+Inf');
    expect(meta('-pow(10, 400)')).toBe('-Inf');
  });

  it('refuses the infinity in a whole-number field as gocty refuses it', () => {
    const text =
      'job "a" {\n  group "g" {\n    count = pow(10, 400)\n    task "t" {\n      driver = "docker"\n    }\n  }\n}\n';
    expect(messages(text)).toEqual([
      '3:13: Unsuitable value type; Unsuitable value: value must be a whole number, between -9223372036854775808 and 9223372036854775807',
    ]);
  });

  it('refuses a literal or a result past a double, which Nomad would keep exactly', () => {
    const refused =
      'Number too large; This number is beyond ±1.7976931348623157e+308, the largest the playground computes with; Nomad would keep it exactly, the playground cannot.';
    expect(meta('1e400')).toEqual([`7:13: ${refused}`]);
    expect(meta('1e300 * 1e300')).toEqual([`7:13: ${refused}`]);
  });

  it('scans a 200,000-digit literal whole, as HCL does', () => {
    expect(meta('1' + '0'.repeat(200_000))).toEqual([expect.stringMatching(/^7:13: Number too large;/)]);
  });
});

describe('the budgets, as a property', () => {
  // Expressions built from the constructs that multiply work or nest, with the names a for expression binds.
  const { expr } = fc.letrec<{ expr: string }>((tie) => ({
    expr: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constantFrom('1', '"ab"', 'x', 'range(1024)', 'local.r', 'true', '1e300'),
      fc.tuple(tie('expr'), tie('expr')).map(([a, b]) => `[${a}, ${b}]`),
      tie('expr').map((a) => `{ a = ${a} }`),
      fc.tuple(tie('expr'), tie('expr')).map(([a, b]) => `[for x in ${a}: ${b}]`),
      fc.tuple(tie('expr'), tie('expr')).map(([a, b]) => `"%{ for x in ${a} }\${${b}}%{ endfor }"`),
      fc.tuple(tie('expr'), tie('expr')).map(([a, b]) => `setproduct(${a}, ${b})`),
      fc.tuple(tie('expr'), tie('expr')).map(([a, b]) => `"\${${a}}\${${b}}"`),
      fc.tuple(tie('expr'), tie('expr')).map(([a, b]) => `${a} * ${b}`),
      tie('expr').map((a) => `strrev(${a})`),
      tie('expr').map((a) => `jsonencode(${a})`),
      tie('expr').map((a) => `flatten(${a})`),
      tie('expr').map((a) => `try(${a}, 0)`),
      tie('expr').map((a) => `(${a})`),
    ),
  }));
  const budgetArb = fc.record({
    depth: fc.integer({ min: 1, max: 16 }),
    values: fc.integer({ min: 1, max: 2_000 }),
    chars: fc.integer({ min: 1, max: 2_000 }),
    steps: fc.integer({ min: 1, max: 20_000 }),
  });

  it('reads any such jobspec within any budget into a job or diagnostics, never a JavaScript error', () => {
    fc.assert(
      fc.property(expr, budgetArb, (e, budget) => {
        const text = `locals {\n  r = range(8)\n}\n${jobWithMeta(e)}`;
        const read = parseAndDecode(text, {}, {}, budget);
        expect(read.job !== null || read.diagnostics.length > 0).toBe(true);
        for (const d of read.diagnostics) expect(d.line).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});

describe('values given from outside', () => {
  it('holds a -var value read as an expression (a list variable) to the budget', () => {
    const list = `[${Array.from({ length: 64 }, (_, i) => i).join(', ')}]`;
    let nested = 'a';
    for (const name of ['a', 'b', 'c', 'd', 'e']) nested = `[for ${name} in ${list} : ${nested}]`;
    const spec = 'variable "x" {\n  type = list(any)\n}\njob "j" {\n  meta {\n    n = length(var.x)\n  }\n}\n';
    const read = parseAndDecode(spec, { x: nested });
    expect(read.job).toBeNull();
    expect(read.diagnostics.map((d) => d.message).join('\n')).toMatch(/Too many values/);
  });
});

describe('the file functions budget', () => {
  it('lets files bring in as many characters as the scenario reader reads of a text', () => {
    expect(FILE_READ_BUDGET).toBe(TEXT_BUDGET.chars);
  });
});
