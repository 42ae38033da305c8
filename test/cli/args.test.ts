import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/cli/args.ts';

describe('parseArgs', () => {
  it('collects files, with - for standard input', () => {
    expect(parseArgs(['a.json', '-', 'b.json'])).toEqual({
      ok: true,
      options: {
        files: ['a.json', '-', 'b.json'],
        format: 'json',
        formatGiven: false,
        explain: false,
        simulate: false,
        timeoutSeconds: 20,
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

  it('takes everything after -- as files', () => {
    const r = parseArgs(['--', '--explain']);
    expect(r.ok && r.options.files).toEqual(['--explain']);
    expect(r.ok && r.options.explain).toBe(false);
  });
});
