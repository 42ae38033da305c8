// The address a share link points at: --base, else NOMAD_PLAYGROUND_URL,
// else the dev server; only http and https addresses are accepted.

import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { CliIO } from '../../src/cli/run.ts';
import { DEFAULT_BASE, checkBase, share } from '../../src/cli/share.ts';
import { fixture } from './helpers.ts';

async function runShare(argv: string[], env?: Record<string, string>) {
  let stdout = '';
  let stderr = '';
  const io: CliIO = {
    stdin: async () => '',
    readFile: async (p) => readFileSync(p, 'utf8'),
    stdout: (s) => void (stdout += s),
    stderr: (s) => void (stderr += s),
    ...(env ? { env } : {}),
  };
  const code = await share(argv, io);
  return { code, stdout, stderr };
}

describe('share base', () => {
  it('refuses a javascript:, data: or relative base, with status 2 and no link', async () => {
    for (const base of [
      'javascript:alert(1)//',
      'JavaScript:alert(1)',
      'data:text/html,x',
      '/playground/',
      'example.org',
    ]) {
      const r = await runShare(['--base', base, fixture('lost-node')]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^share: --base must be an (absolute )?http or https address/);
    }
  });

  it('takes the address from NOMAD_PLAYGROUND_URL when --base is not given', async () => {
    const env = { NOMAD_PLAYGROUND_URL: 'https://docs.example.org/tools/playground/' };
    expect((await runShare([fixture('lost-node')], env)).stdout).toMatch(
      /^https:\/\/docs\.example\.org\/tools\/playground\/#s=/,
    );
    expect((await runShare(['--base', 'http://h/', fixture('lost-node')], env)).stdout).toMatch(/^http:\/\/h\/#s=/);
    expect(
      (await runShare([fixture('lost-node')], { NOMAD_PLAYGROUND_URL: '' })).stdout.startsWith(DEFAULT_BASE + '#s='),
    ).toBe(true);
  });

  it('names the variable when its address is refused', async () => {
    const r = await runShare([fixture('lost-node')], { NOMAD_PLAYGROUND_URL: 'javascript:void 0' });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('share: NOMAD_PLAYGROUND_URL must be an http or https address, got a javascript: one\n');
  });

  it('accepts http and https addresses under any path', () => {
    expect(checkBase('https://example.org/some/sub/path/')).toBeNull();
    expect(checkBase('http://127.0.0.1:4173/')).toBeNull();
    expect(checkBase('ftp://example.org/')).toMatch(/got a ftp: one/);
  });
});
