// The global key under which the built HCL reader hands itself over (see readerEntry.ts).

/** READER_KEY is where readerEntry.ts puts the reader and readerUrl.ts takes it from. */
export const READER_KEY = Symbol.for('nomad-reconciler-playground.hcl-reader');
