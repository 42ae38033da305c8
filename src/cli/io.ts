// What the command line reads and writes, given to every command so that
// tests run them in-process.

import type { FileAccess } from '../jobspec/index.ts';

/** CliIO is everything the runner reads and writes. Writers receive whole lines, newline included. */
export interface CliIO {
  stdin: () => Promise<string>;
  readFile: (path: string) => Promise<string>;
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  /** env is the process's environment, for settings a command reads from it (share's NOMAD_PLAYGROUND_URL); absent reads as empty. */
  env?: Readonly<Record<string, string | undefined>>;
  /** files is what a jobspec's file functions (file, fileexists, fileset…) read; absent, they are refused as on the page. */
  files?: FileAccess;
  /** clock reads milliseconds, for a rollout's time limit (--timeout); absent: performance.now. */
  clock?: () => number;
}
