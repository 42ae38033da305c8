#!/usr/bin/env node
// The nomad-playground command: finds the subcommand in the table, loads its
// module and turns the status it returns into the exit code. Built to plain
// JavaScript by `npm run build:cli` (run by `npm ci`), so nothing is compiled
// when it starts.

import { provideJobSpecReader } from '../jobspec/provide.ts';
import { dispatch } from './dispatch.ts';
import { nodeIO } from './nodeIO.ts';

// The HCL reader, as a chunk of this bundle loaded on the first jobspec.
provideJobSpecReader(() => import('../jobspec/read.ts'));

try {
  // exitCode, not exit(): the output streams drain before the process ends.
  process.exitCode = await dispatch(process.argv.slice(2), nodeIO());
} catch (e) {
  process.stderr.write(`nomad-playground: internal error: ${e instanceof Error && e.stack ? e.stack : String(e)}\n`);
  process.exitCode = 1;
}
