// The files a jobspec's file functions read on the command line: this
// process's disk, relative paths from the working directory (as under
// `nomad job run`). Reads are bounded by the limit the reader passes.

import { closeSync, openSync, readSync, readdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import type { FileAccess, FileStat } from '../jobspec/index.ts';

/** nodeFileAccess reaches the disk for the HCL reader's file functions. */
export function nodeFileAccess(): FileAccess {
  return {
    home: homedir(),
    cwd: process.cwd(),
    stat: statOf,
    read: readAtMost,
    list: (path) => {
      try {
        return readdirSync(path, { withFileTypes: true }).map((e) => ({ name: e.name, dir: e.isDirectory() }));
      } catch {
        return null;
      }
    },
  };
}

function statOf(path: string): FileStat {
  let s;
  try {
    s = statSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'ENOTDIR')
      return { kind: 'missing' };
    return { kind: 'other', mode: '?---------' };
  }
  if (s.isFile()) return { kind: 'file', size: s.size };
  return { kind: 'other', mode: goMode(s) };
}

// goMode writes a file's type and permissions as Go's FileMode.String does.
function goMode(s: ReturnType<typeof statSync> & object): string {
  const type = s.isDirectory()
    ? 'd'
    : s.isCharacterDevice()
      ? 'Dc'
      : s.isBlockDevice()
        ? 'D'
        : s.isFIFO()
          ? 'p'
          : s.isSocket()
            ? 'S'
            : '?';
  const bits = Number(s.mode) & 0o777;
  const rwx = [...'rwxrwxrwx'].map((c, i) => (bits & (1 << (8 - i)) ? c : '-')).join('');
  return type + rwx;
}

// readAtMost reads a file, refusing it once it holds more than `limit` bytes
// (a file may grow after it was measured).
function readAtMost(path: string, limit: number): Uint8Array {
  const fd = openSync(path, 'r');
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.alloc(Math.min(64 * 1024, limit + 1 - total));
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      chunks.push(chunk.subarray(0, n));
      total += n;
      if (total > limit) throw new Error(`${path} holds more than ${limit} bytes`);
    }
    return Buffer.concat(chunks);
  } finally {
    closeSync(fd);
  }
}
