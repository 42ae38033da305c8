// An in-memory CliIO for the commands' tests: files from a map, standard
// input from a string, and what was printed.

import type { CliIO } from '../../src/cli/run.ts';

/** MemoryIO is a CliIO over a map of files, with what the command printed. */
export interface MemoryIO extends CliIO {
  out: () => string;
  err: () => string;
}

/** memoryIO makes a CliIO reading `files` (a missing one fails as ENOENT) and `stdin`. */
export function memoryIO(files: Record<string, string>, stdin = ''): MemoryIO {
  let out = '';
  let err = '';
  return {
    stdin: async () => stdin,
    readFile: async (path) => {
      const text = files[path];
      if (text === undefined) throw new Error(`ENOENT: no such file or directory, open '${path}'`);
      return text;
    },
    stdout: (s) => {
      out += s;
    },
    stderr: (s) => {
      err += s;
    },
    out: () => out,
    err: () => err,
  };
}
