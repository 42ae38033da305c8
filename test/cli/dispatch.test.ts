import { describe, expect, it } from 'vitest';
import type { CommandEntry } from '../../src/cli/commands.ts';
import { dispatch } from '../../src/cli/dispatch.ts';
import type { CliIO } from '../../src/cli/run.ts';
import { fixture } from './helpers.ts';

// capture runs the dispatcher in-process and collects what it printed.
async function capture(argv: string[], commands?: readonly CommandEntry[]) {
  let stdout = '';
  let stderr = '';
  const io: CliIO = {
    stdin: async () => '',
    readFile: async () => {
      throw new Error('no files here');
    },
    stdout: (s) => void (stdout += s),
    stderr: (s) => void (stderr += s),
  };
  const code = await dispatch(argv, io, commands);
  return { code, stdout, stderr };
}

describe('dispatch', () => {
  it('passes the arguments after the subcommand to its module', async () => {
    const seen: (readonly string[])[] = [];
    const table: CommandEntry[] = [
      { name: 'echo', summary: 'x', load: async () => async (argv) => (seen.push(argv), 7) },
    ];
    expect((await capture(['echo', '--a', 'b'], table)).code).toBe(7);
    expect(seen).toEqual([['--a', 'b']]);
  });

  it('prints the help on stdout for --help and on stderr without a subcommand', async () => {
    const help = await capture(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: nomad-playground COMMAND/);
    for (const name of ['reconcile', 'plan', 'explain', 'simulate', 'share', 'import', 'jobspec'])
      expect(help.stdout).toMatch(new RegExp(`^  ${name} +\\S`, 'm'));
    const none = await capture([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toBe(help.stdout);
  });

  it('names an unknown subcommand', async () => {
    const r = await capture(['recon']);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe('nomad-playground: unknown command "recon"');
  });

  it('runs reconcile through the table', async () => {
    const r = await capture(['plan', fixture('lost-node')]);
    // The IO reads no files: the runner reports the file and goes on.
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`${fixture('lost-node')}: cannot read: no files here\n`);
  });
});
