// The file functions on the command line, as `nomad job run` (jobspec2
// v1.1.0, probed) answers them: relative paths from the working directory,
// go-cty-funcs' messages, and a budget on what the reads may bring.

import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeFileAccess } from '../../src/cli/fileAccess.ts';
import { runJobspecCommand } from '../../src/cli/jobspecCommand.ts';
import type { FileAccess } from '../../src/jobspec/index.ts';
import { FILE_READ_BUDGET } from '../../src/hcl/functions/filesystem.ts';
import { memoryIO } from './memoryIO.ts';

// memoryFiles is a FileAccess over a map of relative paths to texts (sizes may be claimed larger than the text).
function memoryFiles(files: Record<string, string>, sizes: Record<string, number> = {}): FileAccess {
  const norm = (p: string) => p.replace(/^\.\//, '');
  const isDir = (p: string) => p === '.' || Object.keys(files).some((f) => f.startsWith(norm(p) + '/'));
  return {
    home: '/home/u',
    cwd: '/work/here',
    stat: (p) =>
      files[norm(p)] !== undefined
        ? { kind: 'file', size: sizes[norm(p)] ?? files[norm(p)]!.length }
        : isDir(p)
          ? { kind: 'other', mode: 'drwxr-xr-x' }
          : { kind: 'missing' },
    read: (p) => {
      const size = sizes[norm(p)];
      return size === undefined ? new TextEncoder().encode(files[norm(p)]) : new Uint8Array(size).fill(120);
    },
    list: (p) => {
      if (!isDir(p)) return null;
      const prefix = p === '.' ? '' : norm(p) + '/';
      const names = new Map<string, boolean>();
      for (const f of Object.keys(files))
        if (f.startsWith(prefix)) {
          const [head, ...rest] = f.slice(prefix.length).split('/');
          names.set(head!, rest.length > 0);
        }
      return [...names].map(([name, dir]) => ({ name, dir }));
    },
  };
}

const META = (lines: string[]) =>
  [
    'job "j" {',
    '  meta {',
    ...lines.map((l) => `    ${l}`),
    '  }',
    '  group "g" {',
    '    task "t" {',
    '      driver = "docker"',
    '    }',
    '  }',
    '}',
    '',
  ].join('\n');

async function meta(spec: string, files: FileAccess | undefined) {
  const io = { ...memoryIO({ 'sub/job.hcl': spec }), ...(files ? { files } : {}) };
  const status = await runJobspecCommand(['--output', 'sub/job.hcl'], io);
  return { status, err: io.err(), meta: status === 0 ? JSON.parse(io.out()).Job.Meta : null };
}

describe('file functions on the command line', () => {
  const files = memoryFiles({ 'data.txt': 'from-cwd', 'sub/data.txt': 'from-sub', 'sub/job.hcl': '' });

  it('resolve relative paths from the working directory, not the jobspec’s', async () => {
    const read = await meta(
      META([
        'a = file("data.txt")',
        'b = fileexists("data.txt")',
        'c = jsonencode(fileset(".", "**/*.txt"))',
        'd = abspath("x/../y")',
        'e = basename("/a/b/")',
        'f = dirname("a/b/")',
        'g = pathexpand("~/q")',
        'h = jsonencode(fileset("sub", "*.{txt,hcl}"))',
        'i = dirname("")',
        'j = basename("")',
        'k = jsonencode(fileset("sub", "**"))',
        'l = jsonencode(fileset(".", "*.{txt"))',
        'm = jsonencode(fileset(".", "su?/*.t[a-z]t"))',
      ]),
      files,
    );
    expect(read).toMatchObject({ status: 0 });
    expect(read.meta).toEqual({
      a: 'from-cwd',
      b: 'true',
      c: '["data.txt","sub/data.txt"]',
      d: '/work/here/y',
      e: 'b',
      f: 'a/b',
      g: '/home/u/q',
      h: '["data.txt","job.hcl"]',
      i: '.',
      j: '.',
      k: '["data.txt","job.hcl"]',
      l: '[]',
      m: '["sub/data.txt"]',
    });
  });

  it('fail with go-cty-funcs’ words', async () => {
    const failed = async (call: string) => (await meta(META([`a = ${call}`]), files)).err;
    expect(await failed('file("nope.txt")')).toBe(
      'sub/job.hcl:3:9: Error in function call; Call to function "file" failed: no file exists at nope.txt.\n',
    );
    expect(await failed('fileset(".", "[")')).toContain(
      'Call to function "fileset" failed: failed to glob pattern ([): syntax error in pattern.',
    );
    expect(await failed('file("sub")')).toContain('Call to function "file" failed: failed to read sub.');
    expect(await failed('fileexists("sub")')).toContain(
      'Call to function "fileexists" failed: sub is not a regular file, but "drwxr-xr-x".',
    );
  });

  it('stop a read that would bring more than the reader’s text budget', async () => {
    const big = memoryFiles({ 'big.txt': 'x' }, { 'big.txt': FILE_READ_BUDGET + 1 });
    expect((await meta(META(['a = file("big.txt")']), big)).err).toContain(
      `big.txt holds ${FILE_READ_BUDGET + 1} bytes, more than the ${FILE_READ_BUDGET} left`,
    );
    const half = memoryFiles({ 'h.txt': 'x' }, { 'h.txt': FILE_READ_BUDGET / 2 + 1 });
    expect((await meta(META(['a = file("h.txt")', 'b = file("h.txt")']), half)).err).toContain(
      `more than the ${FILE_READ_BUDGET / 2 - 1} left`,
    );
  });

  it('are refused without files, as on the page', async () => {
    expect((await meta(META(['a = file("data.txt")']), undefined)).err).toContain(
      'filesystem functions are not available in the playground, which has no file system',
    );
  });
});

describe('nodeFileAccess', () => {
  it('reads the disk, and refuses a file longer than the limit it is given', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hcl-files-'));
    mkdirSync(join(dir, 'd'));
    writeFileSync(join(dir, 'd', 'f.txt'), 'hello');
    const disk = nodeFileAccess();
    expect(disk.stat(join(dir, 'd', 'f.txt'))).toEqual({ kind: 'file', size: 5 });
    expect(disk.stat(join(dir, 'nope'))).toEqual({ kind: 'missing' });
    expect(disk.stat(join(dir, 'd'))).toMatchObject({ kind: 'other', mode: expect.stringMatching(/^d[rwx-]{9}$/) });
    expect(new TextDecoder().decode(disk.read(join(dir, 'd', 'f.txt'), 5))).toBe('hello');
    expect(() => disk.read(join(dir, 'd', 'f.txt'), 4)).toThrow(/more than 4 bytes/);
    expect(disk.list(dir)).toEqual([{ name: 'd', dir: true }]);
  });
});
