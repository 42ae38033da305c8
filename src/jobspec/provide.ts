// How a bundle for Node loads the HCL reader. The command line's bundle has
// no source files beside it, so neither of index.ts's own ways works there:
// its bin hands over a lazy import of its own chunk. Kept apart from
// index.ts so that registering costs the command's start nothing.

import type { parseAndDecode, readVarFileValues } from './read.ts';

/** ReaderModule is what loading the HCL reader yields. */
export interface ReaderModule {
  parseAndDecode: typeof parseAndDecode;
  readVarFileValues: typeof readVarFileValues;
}

let provided: (() => Promise<ReaderModule>) | null = null;

/** provideJobSpecReader sets how a bundle for Node loads the reader (the command line's bin passes its own lazy import). */
export function provideJobSpecReader(load: () => Promise<ReaderModule>): void {
  provided = load;
}

/** providedJobSpecReader is the loader a bundle provided, or null. */
export function providedJobSpecReader(): (() => Promise<ReaderModule>) | null {
  return provided;
}
