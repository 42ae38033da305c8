// The jobspec command: the stored job by default, the parsed job with
// --output, variables from --var and --var-file, and placed errors.

import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { runJobspecCommand } from '../../src/cli/jobspecCommand.ts';
import { readVarFile } from '../../src/cli/varFile.ts';
import { memoryIO } from './memoryIO.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the type of parsed JSON as tests read it
type Printed = { Job: Record<string, any> };

vi.setConfig({ testTimeout: 30_000 });

const SERVICE = readFileSync(new URL('../fixtures/hcl/service.hcl', import.meta.url), 'utf8');
const NO_UPDATE =
  'job "api" {\n  group "api" {\n    task "t" {\n      driver = "docker"\n      template {\n        data = "x"\n        destination = "local/x"\n      }\n    }\n  }\n}\n';

describe('jobspec', () => {
  it('prints the job as Nomad stores it, wrapped as `nomad job inspect` prints it', async () => {
    const io = memoryIO({ 'api.hcl': NO_UPDATE });
    expect(await runJobspecCommand(['api.hcl'], io)).toBe(0);
    const printed = JSON.parse(io.out()) as Printed;
    const group = printed.Job.TaskGroups[0];
    expect(group.Update).toMatchObject({ MaxParallel: 1, HealthCheck: 'checks' });
    expect(group.Tasks[0].Templates[0]).toMatchObject({
      LeftDelim: '{{',
      RightDelim: '}}',
      ChangeMode: 'restart',
      Splay: 5e9,
      Perms: '0644',
    });
    expect(io.out()).toMatch(/^\{\n {4}"Job": \{\n {8}"Stop": false,/);
  });

  it('with --output prints the job as parsed, without the agent’s defaults', async () => {
    const io = memoryIO({ 'api.hcl': NO_UPDATE });
    expect(await runJobspecCommand(['--output', 'api.hcl'], io)).toBe(0);
    const printed = JSON.parse(io.out()) as Printed;
    expect(printed.Job).not.toHaveProperty('Update');
    expect(printed.Job.TaskGroups[0]).not.toHaveProperty('Update');
    expect(printed.Job.TaskGroups[0].Tasks[0].Templates[0]).not.toHaveProperty('LeftDelim');
  });

  it('reads standard input for -', async () => {
    const io = memoryIO({}, SERVICE);
    expect(await runJobspecCommand(['-'], io)).toBe(0);
    expect(JSON.parse(io.out()).Job.ID).toBe('web');
  });

  it('reports a jobspec problem as FILE:LINE:COLUMN: message and exits 2', async () => {
    const io = memoryIO({ 'bad.hcl': 'job "a" {\n  cont = 1\n}\n' });
    expect(await runJobspecCommand(['bad.hcl'], io)).toBe(2);
    expect(io.err()).toBe('bad.hcl:2:3: Unsupported argument; An argument named "cont" is not expected here.\n');
    expect(io.out()).toBe('');
  });

  it('passes --var and --var-file values to the jobspec, flags over files, later files over earlier', async () => {
    const spec = [
      'variable "image" { type = string }',
      'variable "count" { type = number }',
      'variable "tags" { type = list(string) }',
      'job "web" {',
      '  group "web" {',
      '    count = var.count',
      '    task "web" {',
      '      driver = "docker"',
      '      config { image = var.image }',
      '      meta { tags = join(",", var.tags) }',
      '    }',
      '  }',
      '}',
      '',
    ].join('\n');
    const io = memoryIO({
      'a.hcl': spec,
      'one.hcl': 'image = "web:1"\ncount = 3\n',
      'two.json': '{"count": 5, "tags": ["a", "b"]}',
    });
    expect(
      await runJobspecCommand(
        ['--output', '--var-file', 'one.hcl', '--var-file=two.json', '--var', 'image=web:2', 'a.hcl'],
        io,
      ),
    ).toBe(0);
    const group = JSON.parse(io.out()).Job.TaskGroups[0];
    expect(group.Count).toBe(5);
    expect(group.Tasks[0].Config.image).toBe('web:2');
    expect(group.Tasks[0].Meta.tags).toBe('a,b');
  });

  it('reports a bad var file at its line and column, and a missing file', async () => {
    const io = memoryIO({ 'a.hcl': SERVICE, 'v.hcl': 'a = 1\nb = upper("x")\n' });
    expect(await runJobspecCommand(['--var-file', 'v.hcl', 'a.hcl'], io)).toBe(2);
    expect(io.err()).toMatch(/^v\.hcl:2:5: a variable file holds literal values only/);
    const missing = memoryIO({});
    expect(await runJobspecCommand(['nope.hcl'], missing)).toBe(2);
    expect(missing.err()).toMatch(/^nope\.hcl: cannot read: ENOENT/);
  });

  it('refuses a wrong command line with the usage', async () => {
    for (const argv of [[], ['--var', 'x', 'a.hcl'], ['--bogus', 'a.hcl'], ['a.hcl', 'b.hcl']]) {
      const io = memoryIO({});
      expect(await runJobspecCommand(argv, io)).toBe(2);
      expect(io.err()).toContain('Usage: npm run --silent jobspec');
    }
  });
});

describe('readVarFile', () => {
  it('reads HCL literals: strings with escapes, numbers, bools, null, lists, objects, heredocs, comments', () => {
    const text = [
      '# comment',
      'name = "a \\"quoted\\" \\u00e9 $${x}" // trailing',
      'n = -1.5e2',
      'on = true',
      'off = false',
      'none = null',
      'list = [1, "two",',
      '  [3]]',
      'obj = {',
      '  a = 1',
      '  "b-c": "d", e = [true]',
      '}',
      '/* block',
      '   comment */',
      'doc = <<-EOT',
      '    line one',
      '      line two',
      '    EOT',
      '',
    ].join('\n');
    expect(readVarFile('v.hcl', text)).toEqual({
      ok: true,
      variables: {
        name: 'a "quoted" é ${x}',
        n: -150,
        on: true,
        off: false,
        none: null,
        list: [1, 'two', [3]],
        obj: { a: 1, 'b-c': 'd', e: [true] },
        doc: 'line one\n  line two\n',
      },
    });
  });

  it('reads JSON by its name or its first character', () => {
    expect(readVarFile('v.json', '{"a": [1]}')).toEqual({ ok: true, variables: { a: [1] } });
    expect(readVarFile('vars', ' {"a": 2}')).toEqual({ ok: true, variables: { a: 2 } });
    expect(readVarFile('v.json', '[1]')).toMatchObject({ ok: false, message: expect.stringContaining('one object') });
  });

  it.each([
    ['a = "x', 1, 5, 'unterminated string'],
    ['a = 1\na = 2\n', 2, 1, 'the variable "a" is set twice'],
    ['a 1', 1, 3, 'expected "=" after the variable name "a"'],
    ['a = "${b}"', 1, 6, 'templates are not literal values'],
    ['a = 1 2', 1, 7, 'expected a new line after the value'],
    ['a = [1 2]', 1, 8, 'expected "," or "]" in the list'],
  ])('places the first problem in %j', (text, line, column, message) => {
    expect(readVarFile('v.hcl', text)).toMatchObject({
      ok: false,
      line,
      column,
      message: expect.stringContaining(message),
    });
  });
});
