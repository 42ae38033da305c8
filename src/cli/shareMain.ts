// The share command's process (`npm run share -- FILE [--base URL]`):
// runs share() on this process and turns its status into the exit code.

import { nodeIO } from './nodeIO.ts';
import { share } from './share.ts';

try {
  process.exitCode = await share(process.argv.slice(2), nodeIO());
} catch (e) {
  process.stderr.write(`share: internal error: ${e instanceof Error && e.stack ? e.stack : String(e)}\n`);
  process.exitCode = 1;
}
