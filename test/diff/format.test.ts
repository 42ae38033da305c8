// The job diff printed as `nomad job plan` prints it (command/job_plan.go at
// dccea99f7e): markers, alignment, Go-quoted values, blocks in braces.

import { describe, expect, test } from 'vitest';
import { classifyJobDiff } from '../../src/diff/classify.ts';
import { blockLines, diffText, formatJobDiff } from '../../src/diff/format.ts';
import { jobDiff } from '../../src/diff/job.ts';
import { goQuote } from '../../src/diff/quote.ts';
import { readJob } from './helpers.ts';

const oldJob = readJob({
  JobModifyIndex: 10,
  Datacenters: ['dc1'],
  TaskGroups: [
    {
      Name: 'cache',
      Count: 1,
      Tasks: [{ Name: 'redis', Driver: 'docker', Config: { image: 'redis:3.2', port_map: [{ db: 6379 }] } }],
    },
    { Name: 'web', Count: 2, Tasks: [{ Name: 'server', Driver: 'docker', Config: { image: 'nginx' } }] },
  ],
});

const newJob = readJob({
  JobModifyIndex: 20,
  Datacenters: ['dc1', 'dc2'],
  TaskGroups: [
    {
      Name: 'cache',
      Count: 1,
      Tasks: [{ Name: 'redis', Driver: 'docker', Config: { image: 'redis:4.0', port_map: [{ db: 6379 }] } }],
    },
    { Name: 'web', Count: 3, Tasks: [{ Name: 'server', Driver: 'docker', Config: { image: 'nginx' } }] },
    { Name: 'api', Count: 1, Tasks: [{ Name: 'api', Driver: 'exec' }] },
  ],
});

describe('formatJobDiff', () => {
  test('prints the plan diff with aligned values and context', () => {
    const blocks = formatJobDiff(classifyJobDiff(jobDiff(oldJob, newJob), oldJob, newJob));
    expect(diffText(blocks)).toBe(
      [
        '+/- Job: "foo"',
        // The job's markers are as wide as its widest, a group's "+/-".
        '+   Datacenters {',
        '    + Datacenters: "dc2"',
        '      Datacenters: "dc1"',
        '    }',
        '+   Task Group: "api"',
        '    + Task: "api" (forces create)',
        '',
        '+/- Task Group: "cache"',
        '  +/- Task: "redis" (forces create/destroy update)',
        '    +/- Config {',
        '      +/- image:           "redis:3.2" => "redis:4.0"',
        '          port_map[0][db]: "6379"',
        '        }',
        '',
        '+/- Task Group: "web"',
        '  +/- Count: "2" => "3" (forces create)',
        '      Task: "server"',
      ].join('\n'),
    );
  });

  test('blocks carry the update of their group or task for the headings', () => {
    const blocks = formatJobDiff(classifyJobDiff(jobDiff(oldJob, newJob), oldJob, newJob));
    expect(blocks.map((b) => [b.kind, b.group, b.task, b.update?.kind ?? null])).toEqual([
      ['job', null, null, null],
      ['group', 'api', null, 'create'],
      ['task', 'api', 'api', 'create'],
      ['group', 'cache', null, 'destructive'],
      ['task', 'cache', 'redis', 'destructive'],
      ['group', 'web', null, 'inplace'],
      ['task', 'web', 'server', 'none'],
    ]);
  });

  test('markers and annotations are coloured as the CLI colours them', () => {
    const blocks = formatJobDiff(classifyJobDiff(jobDiff(oldJob, newJob), oldJob, newJob));
    const colours = blocks
      .flatMap((b) => b.segments)
      .filter((s) => s.color !== null)
      .map((s) => [s.text, s.color]);
    expect(colours).toContainEqual(['+/-', 'light_yellow']);
    expect(colours).toContainEqual(['+', 'green']);
    expect(colours).toContainEqual(['forces create/destroy update', 'yellow']);
    expect(colours).toContainEqual(['forces create', 'green']);
    const removed = formatJobDiff(jobDiff(newJob, oldJob)).flatMap((b) => b.segments);
    expect(removed).toContainEqual({ text: '-', color: 'red', bold: false });
  });

  test('an unchanged job prints only its groups and tasks', () => {
    expect(diffText(formatJobDiff(jobDiff(oldJob, oldJob)))).toBe(
      ['Job: "foo"', 'Task Group: "cache"', '  Task: "redis"', '', 'Task Group: "web"', '  Task: "server"'].join('\n'),
    );
  });

  test('verbose expands added tasks', () => {
    const text = diffText(formatJobDiff(jobDiff(oldJob, newJob), true));
    expect(text).toContain(
      [
        '    + Task: "api"',
        '      + Driver:        "exec"',
        '      + KillTimeout:   "5000000000"',
        '      + Leader:        "false"',
        '      + ShutdownDelay: "0"',
        '      + Resources {',
      ].join('\n'),
    );
  });

  test('text from the job is never read as markup', () => {
    const j = readJob({ Meta: { note: '[red]x' } });
    const blocks = formatJobDiff(jobDiff(readJob({}), j));
    expect(diffText(blocks)).toBe('+/- Job: "foo"\n+ Meta[note]: "[red]x"');
  });

  test('blockLines splits a block into lines and keeps the empty line after a group', () => {
    const blocks = formatJobDiff(jobDiff(oldJob, oldJob));
    expect(blockLines(blocks[2]!).map((l) => l.map((s) => s.text).join(''))).toEqual(['  Task: "redis"', '']);
  });
});

describe('goQuote', () => {
  test.each([
    ['plain', '"plain"'],
    ['say "hi"', '"say \\"hi\\""'],
    ['a\\b', '"a\\\\b"'],
    ['line\nbreak\ttab', '"line\\nbreak\\ttab"'],
    ['\u0001', '"\\x01"'],
    ['héllo ☃', '"héllo ☃"'],
  ])('%j', (input, want) => {
    expect(goQuote(input)).toBe(want);
  });
});
