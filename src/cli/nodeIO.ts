// The runner's inputs and outputs for a real process: files (those a
// jobspec's file functions read too), standard input and the two output
// streams.

import { readFile } from 'node:fs/promises';
import { nodeFileAccess } from './fileAccess.ts';
import type { CliIO } from './run.ts';

// readStdin collects standard input as UTF-8 text.
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin as AsyncIterable<Buffer | string>)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * nodeIO connects the runner to this process's files and streams. When
 * whatever reads the output stops early (`| head`), the command ends
 * quietly, as command-line tools do, rather than with a write error.
 */
export function nodeIO(): CliIO {
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
    process.exit(0);
  });
  return {
    stdin: readStdin,
    readFile: (path) => readFile(path, 'utf8'),
    stdout: (s) => void process.stdout.write(s),
    stderr: (s) => void process.stderr.write(s),
    env: process.env,
    files: nodeFileAccess(),
  };
}
