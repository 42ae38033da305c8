// `npm run share`: prints a link that decodes to the file, checks the
// scenario first, and reads its command line.

import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { DEFAULT_BASE, parseShareArgs, share } from '../../src/cli/share.ts';
import { decodeLink } from '../../src/share/linkCodec.ts';
import type { CliIO } from '../../src/cli/run.ts';
import { fixture, fixtureText } from '../cli/helpers.ts';

async function runShare(argv: string[], stdin = '') {
  let stdout = '';
  let stderr = '';
  const io: CliIO = {
    stdin: async () => stdin,
    readFile: async (p) => readFileSync(p, 'utf8'),
    stdout: (s) => void (stdout += s),
    stderr: (s) => void (stderr += s),
  };
  const code = await share(argv, io);
  return { code, stdout, stderr };
}

describe('share', () => {
  it('prints a link to the default base that decodes to the file', async () => {
    const r = await runShare([fixture('rolling-update')]);
    expect(r.code).toBe(0);
    expect(r.stdout.startsWith(DEFAULT_BASE + '#s=')).toBe(true);
    const back = await decodeLink(r.stdout.trim().slice(DEFAULT_BASE.length));
    expect(back.ok && back.text).toBe(fixtureText('rolling-update'));
  });

  it('uses --base and reads standard input', async () => {
    const r = await runShare(['--base', 'https://example.org/playground/#old', '-'], fixtureText('lost-node'));
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^https:\/\/example\.org\/playground\/#s=[A-Za-z0-9_-]+\n$/);
  });

  it('refuses an invalid scenario with FILE: PATH: message and status 2', async () => {
    const r = await runShare([fixture('invalid-client-status')]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('invalid-client-status.json: Allocations[0].ClientStatus:');
  });

  it('reports a missing file and a bad command line', async () => {
    expect((await runShare(['/no/such/file.json'])).code).toBe(2);
    expect((await runShare([])).code).toBe(2);
    expect((await runShare(['a', 'b'])).code).toBe(2);
    expect(parseShareArgs(['--base'])).toEqual({ ok: false, error: '--base needs a URL' });
    expect(parseShareArgs(['--base=u', 'f'])).toEqual({
      ok: true,
      args: { file: 'f', base: 'u', cluster: null, vars: [], varFiles: [], nomadVersion: null },
    });
    expect((await runShare(['--help'])).stdout).toContain('npm run --silent share');
    for (const hostile of ['javascript:alert(1)//', 'data:text/html,x', 'u']) {
      const refused = await runShare(['--base', hostile, 'f']);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/^share: --base must be an (absolute )?http or https address/);
    }
  });
});
