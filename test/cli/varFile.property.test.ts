// Property tests of what the jobspec command reads besides the jobspec:
// whatever a var file holds and whatever pattern fileset is given, the
// command answers with the job or a placed message (exit 0 or 2), never
// with an exception, and the file functions are there to call.

import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { runJobspecCommand } from '../../src/cli/jobspecCommand.ts';
import type { FileAccess } from '../../src/jobspec/index.ts';
import { memoryIO } from './memoryIO.ts';

const SPEC = [
  'variable "x" {',
  '  default = 1',
  '}',
  'variable "s" {',
  '  type = list(string)',
  '  default = []',
  '}',
  'job "j" {',
  '  meta {',
  '    a = jsonencode(var.x)',
  '    b = jsonencode(fileset(".", var.s[0]))',
  '  }',
  '  group "g" {',
  '    task "t" {',
  '      driver = "docker"',
  '    }',
  '  }',
  '}',
  '',
].join('\n');

// Pieces of HCL and JSON, so that random texts are often nearly valid.
const TOKENS = [
  'x',
  's',
  ' = ',
  '"',
  '{',
  '}',
  '[',
  ']',
  '${',
  '%{',
  'for ',
  ' in ',
  ':',
  '\n',
  ' ',
  '1',
  ',',
  '+',
  'variable',
  '<<EOT\n',
  'EOT',
  '#',
  '/*',
  '*/',
  '\\',
  'null',
  'true',
  '"a"',
];
const varFileText = fc.oneof(
  fc.array(fc.constantFrom(...TOKENS), { maxLength: 40 }).map((t) => t.join('')),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 60 }),
);
const pattern = fc
  .array(fc.constantFrom('*', '**', '?', '[', ']', '{', '}', ',', 'a', '/', '\\', '!', '^', '-', '.'), {
    maxLength: 12,
  })
  .map((t) => t.join(''));

// A small tree of files: a, a/b, a/b/c.txt, d.txt.
const FILES: FileAccess = {
  home: '/h',
  cwd: '/w',
  stat: (p) =>
    /(^|\/)(c|d)\.txt$/.test(p)
      ? { kind: 'file', size: 1 }
      : /^(\.|a|a\/b)$/.test(p.replace(/^\.\//, ''))
        ? { kind: 'other', mode: 'drwxr-xr-x' }
        : { kind: 'missing' },
  read: () => new Uint8Array([120]),
  list: (p) => {
    const dir = p.replace(/^\.\//, '');
    if (dir === '.')
      return [
        { name: 'a', dir: true },
        { name: 'd.txt', dir: false },
      ];
    if (dir === 'a') return [{ name: 'b', dir: true }];
    if (dir === 'a/b') return [{ name: 'c.txt', dir: false }];
    return null;
  },
};

describe('jobspec command properties', () => {
  test('answers every var file and fileset pattern with exit 0 or 2', async () => {
    await fc.assert(
      fc.asyncProperty(varFileText, pattern, async (text, glob) => {
        const io = { ...memoryIO({ 'job.hcl': SPEC, 'v.hcl': text }), files: FILES };
        const status = await runJobspecCommand(
          ['--var-file', 'v.hcl', '--var', `s=[${JSON.stringify(glob)}]`, 'job.hcl'],
          io,
        );
        expect([0, 2]).toContain(status);
        // The command line passes its files: fileset is never refused as on the page.
        expect(io.err()).not.toContain('not available in the playground');
        if (status === 2) expect(io.err()).toMatch(/^(v\.hcl|job\.hcl|<value for var\.s)[^\n]*:\d+:\d+: /);
      }),
      { numRuns: 300 },
    );
  });
});
