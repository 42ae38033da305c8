// The import command's process (`npm run --silent import -- …`): runs
// runImportCommand on this process, with its environment and Node's fetch,
// and turns its status into the exit code.

import { nodeIO } from './nodeIO.ts';
import { runImportCommand } from './importCommand.ts';

try {
  process.exitCode = await runImportCommand(process.argv.slice(2), { ...nodeIO(), env: process.env });
} catch (e) {
  process.stderr.write(`import: internal error: ${e instanceof Error && e.stack ? e.stack : String(e)}\n`);
  process.exitCode = 1;
}
