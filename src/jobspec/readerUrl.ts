// The built HCL reader, for browsers: Vite builds readerEntry.ts once as a
// file of its own, and the page and both workers import that one file by
// its address, so that the build holds one copy of the parser (a chunk
// imported the usual way is copied into each worker's bundle).

import url from './readerEntry.ts?worker&url';
import type { parseAndDecode } from './read.ts';
import { READER_KEY } from './readerKey.ts';

/** importBuiltReader loads the built reader and returns what it hands over. */
export async function importBuiltReader(): Promise<{ parseAndDecode: typeof parseAndDecode }> {
  await import(/* @vite-ignore */ url);
  const reader = (globalThis as Record<symbol, unknown>)[READER_KEY] as
    { parseAndDecode: typeof parseAndDecode } | undefined;
  if (!reader) throw new Error('the HCL reader did not load');
  return reader;
}
