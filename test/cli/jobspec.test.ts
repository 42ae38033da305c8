// The jobspec command: the stored job by default, the parsed job with
// --output, variables from --var and --var-file, and placed errors.

import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { runJobspecCommand } from '../../src/cli/jobspecCommand.ts';
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

  it('reports a missing file', async () => {
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

describe('--var-file', () => {
  // A jobspec whose variables a var file sets; each expectation below is
  // what `nomad job run` (jobspec2 v1.1.0, probed) makes of the same files.
  const SPEC = [
    'variable "x" {',
    '  type = number',
    '  validation {',
    '    condition = var.x < 10',
    '    error_message = "The x must be small."',
    '  }',
    '}',
    'variable "s" {',
    '  default = ""',
    '}',
    'job "j" {',
    '  group "g" {',
    '    count = var.x',
    '    task "t" {',
    '      driver = "docker"',
    '      meta { s = jsonencode(var.s) }',
    '    }',
    '  }',
    '}',
    '',
  ].join('\n');

  const run = async (files: Record<string, string>) => {
    const io = memoryIO({ 'job.hcl': SPEC, ...files });
    const varFiles = Object.keys(files).flatMap((f) => ['--var-file', f]);
    const status = await runJobspecCommand(['--output', ...varFiles, 'job.hcl'], io);
    const group = status === 0 ? (JSON.parse(io.out()) as Printed).Job.TaskGroups[0] : null;
    return { status, err: io.err(), count: group?.Count, s: group && JSON.parse(group.Tasks[0].Meta.s) };
  };

  it("holds a var file to the reader's budget: nested for expressions over written lists are refused, placed in it", async () => {
    const list = `[${Array.from({ length: 64 }, (_, i) => i).join(', ')}]`;
    let nested = 'a';
    for (const name of ['a', 'b', 'c', 'd', 'e']) nested = `[for ${name} in ${list} : ${nested}]`;
    const r = await run({ 'v.hcl': `x = 1\ns = ${nested}\n` });
    expect(r.status).toBe(2);
    expect(r.err).toMatch(/^v\.hcl:2:\d+: Too many values; .* more than the 250,000 the playground evaluates/);
  });

  it('reads values as HCL evaluates them without variables or functions: operators, templates, for expressions', async () => {
    expect(await run({ 'v.hcl': 'x = 2 * 3\ns = "${1 + 1}-%{ for i in [1, 2] }${i}%{ endfor }"\n' })).toMatchObject({
      status: 0,
      count: 6,
      s: '2-12',
    });
    expect(await run({ 'v.hcl': 'x = [for i in [1, 2]: i * 3][1]\ns = "%{ if 1 < 2 }yes%{ endif }"\n' })).toMatchObject(
      {
        status: 0,
        count: 6,
        s: 'yes',
      },
    );
    expect(await run({ 'v.hcl': 'x = 1\ns = upper("a")\n' })).toMatchObject({
      status: 2,
      err: 'v.hcl:2:5: Function calls not allowed; Functions may not be called here.\n',
    });
    expect(await run({ 'v.hcl': 'x = foo\n' })).toMatchObject({
      err: 'v.hcl:1:5: Variables not allowed; Variables may not be used here.\n',
    });
    expect(await run({ 'v.hcl': 'x = 1\nundeclared = 2\ns = <<EOT\nline\nEOT\n' })).toMatchObject({
      status: 0,
      count: 1,
      s: 'line\n',
    });
  });

  it('places a value refused by a validation rule or a type constraint in the var file', async () => {
    expect(await run({ 'v.hcl': '\n\nx =   20\n' })).toMatchObject({
      status: 2,
      err: 'v.hcl:3:7: Invalid value for varfile variable; The x must be small.\n\nThis was checked by the validation rule at job.hcl:3,3-13.\n',
    });
    expect(await run({ 'v.json': '{"x": "${1+2}"}' })).toMatchObject({
      err: "v.json:1:7: Invalid value for variable; The value for x is not compatible with the variable's type constraint: a number is required.\n",
    });
  });

  it('reads JSON when the text starts with { after spaces only, its strings as written', async () => {
    expect(await run({ 'v.json': '  {"x": 3, "s": "${1}"}' })).toMatchObject({ status: 0, count: 3, s: '${1}' });
    expect(await run({ 'v.json': '\n{"x": 3}' })).toMatchObject({
      err: 'v.json:2:1: Argument or block definition required; An argument or block definition is required here.\n',
    });
    expect((await run({ 'v.json': '{"x": 1,}' })).err).toBe(
      'v.json:1:8: Trailing comma in object; JSON does not permit a trailing comma after the final property in an object.\n',
    );
    expect((await run({ 'v.json': '{"x": 1, "x": 2}' })).err).toBe(
      'v.json:1:10: Duplicate attribute definition; The argument "x" was already set at v.json:1,2-8.\n',
    );
  });

  it('reports a var file that does not parse alone, and refuses blocks', async () => {
    const io = memoryIO({ 'bad.hcl': 'job "j" {\n  cont = 1\n', 'v.hcl': 'x = 1 +\n' });
    expect(await runJobspecCommand(['--var-file', 'v.hcl', 'bad.hcl'], io)).toBe(2);
    expect(io.err()).toBe(
      'v.hcl:1:8: Invalid expression; Expected the start of an expression, but found an invalid expression token.\n',
    );
    expect((await run({ 'v.hcl': 'x = 1\nfoo {}\nbar {}\n' })).err).toBe(
      'v.hcl:2:1: Unexpected "foo" block; Blocks are not allowed here.\n',
    );
    expect((await run({ 'v.hcl': 'x = 1\nvariable "y" {}\n' })).err).toMatch(
      /^job\.hcl:1:1: Unset variable "x"; [^\n]*\nv\.hcl:2:1: Variable declaration in a \.var file; /,
    );
  });
});
