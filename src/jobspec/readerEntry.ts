// The built HCL reader's entry (see readerUrl.ts): Vite builds it in
// worker format, which drops a module's exports, so on loading it hands the
// reader over under a well-known global key instead.

import { parseAndDecode, readVarFileValues } from './read.ts';
import { READER_KEY } from './readerKey.ts';

(globalThis as Record<symbol, unknown>)[READER_KEY] = { parseAndDecode, readVarFileValues };
