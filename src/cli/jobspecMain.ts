// The jobspec command's process (`npm run --silent jobspec -- FILE`): runs
// runJobspecCommand on this process and turns its status into the exit code.

import { nodeIO } from './nodeIO.ts';
import { runJobspecCommand } from './jobspecCommand.ts';

try {
  process.exitCode = await runJobspecCommand(process.argv.slice(2), nodeIO());
} catch (e) {
  process.stderr.write(`jobspec: internal error: ${e instanceof Error && e.stack ? e.stack : String(e)}\n`);
  process.exitCode = 1;
}
