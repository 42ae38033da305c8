import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/cli/args.ts';

describe('parseArgs', () => {
  it('collects files, with - for standard input', () => {
    expect(parseArgs(['a.json', '-', 'b.json'])).toEqual({
      ok: true,
      options: {
        files: ['a.json', '-', 'b.json'],
        cluster: null,
        vars: [],
        varFiles: [],
        format: 'json',
        formatGiven: false,
        explain: false,
        simulate: false,
        noFold: false,
        timeoutSeconds: 20,
        nomadVersion: null,
        help: false,
      },
    });
  });

  it('reads --format in both spellings, and --explain', () => {
    const a = parseArgs(['--format', 'plan', 'x.json']);
    const b = parseArgs(['--format=plan', '--explain', 'x.json']);
    expect(a.ok && a.options.format).toBe('plan');
    expect(b.ok && b.options.format).toBe('plan');
    expect(b.ok && b.options.explain).toBe(true);
  });

  it('reads --timeout in seconds, in both spellings, and refuses what is not a bounded positive number', () => {
    const a = parseArgs(['--simulate', '--timeout', '5', 'x.json']);
    const b = parseArgs(['--timeout=0.5', 'x.json']);
    expect(a.ok && a.options.timeoutSeconds).toBe(5);
    expect(b.ok && b.options.timeoutSeconds).toBe(0.5);
    for (const bad of [
      ['--timeout'],
      ['--timeout', '0'],
      ['--timeout', 'x'],
      ['--timeout=', 'x.json'],
      ['--timeout', '1e9'],
    ])
      expect(parseArgs(bad)).toEqual({ ok: false, error: '--timeout needs a number of seconds above 0, up to 3600' });
  });

  it('rejects an unknown option, an unknown format and a missing value', () => {
    expect(parseArgs(['--verbose'])).toEqual({ ok: false, error: 'unknown option --verbose' });
    expect(parseArgs(['--format', 'yaml']).ok).toBe(false);
    expect(parseArgs(['--format']).ok).toBe(false);
  });

  it('reads --cluster and the jobspec variables, which only go with it', () => {
    const r = parseArgs(['--cluster', 'c.json', '--var', 'tag=1.5', '--var-file=prod.hcl', 'web.nomad']);
    expect(r.ok && r.options).toMatchObject({
      cluster: 'c.json',
      vars: [['tag', '1.5']],
      varFiles: ['prod.hcl'],
      files: ['web.nomad'],
    });
    expect(parseArgs(['--cluster=c.json', 'j']).ok && parseArgs(['--cluster=c.json', 'j'])).toMatchObject({
      options: { cluster: 'c.json' },
    });
    expect(parseArgs(['--cluster'])).toEqual({ ok: false, error: '--cluster needs a scenario file' });
    expect(parseArgs(['--var', 'tag', 'x'])).toEqual({ ok: false, error: '--var needs NAME=VALUE' });
    const lone = parseArgs(['--var', 'tag=1', 'x.json']);
    expect(!lone.ok && lone.error).toMatch(/use them with --cluster/);
  });

  it('takes everything after -- as files', () => {
    const r = parseArgs(['--', '--explain']);
    expect(r.ok && r.options.files).toEqual(['--explain']);
    expect(r.ok && r.options.explain).toBe(false);
  });
});
