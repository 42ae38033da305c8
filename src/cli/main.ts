// The reconcile command (`npm run --silent reconcile -- FILE...`): runs the
// runner on this process and turns its status into the exit code.

import { run } from './run.ts';
import { nodeIO } from './nodeIO.ts';

try {
  // exitCode, not exit(): the output streams drain before the process ends.
  process.exitCode = await run(process.argv.slice(2), nodeIO());
} catch (e) {
  process.stderr.write(`reconcile: internal error: ${e instanceof Error && e.stack ? e.stack : String(e)}\n`);
  process.exitCode = 1;
}
