// The production bundle's size, read from a build made with Vite's manifest
// (`vite build --manifest`): what the page loads before it can draw (the
// entry chunk, its static imports and their styles, and the reconciler
// worker the entry starts), against the editor's lazily loaded Monaco
// (its chunks, styles, font and workers), and anything else loaded lazily.

import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

/** FileSize is one built file's size in bytes, as served and gzipped. */
export interface FileSize {
  file: string;
  raw: number;
  gzip: number;
}

/** BundleSizes sorts the built assets by when the page loads them. */
export interface BundleSizes {
  /** initial are the scripts and styles the page loads at once; the first graph waits for them. */
  initial: FileSize[];
  /** startupWorkers are workers the initial scripts start: the reconciler at once, the rollout's when it is opened. */
  startupWorkers: FileSize[];
  /** editor is Monaco: the chunks, styles, font and workers the editor loads lazily. */
  editor: FileSize[];
  /** otherLazy is every other lazily loaded file (examples, optional parsers). */
  otherLazy: FileSize[];
  /** monacoAtStart is true when Monaco's code is among the initial files (it should load lazily). */
  monacoAtStart: boolean;
  /** duplicates are groups of files that are one chunk built twice (by the page's build and a worker's); there should be none. */
  duplicates: FileSize[][];
}

// ManifestChunk is the part of a Vite manifest entry read here.
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

// EDITOR_ENTRY matches the dynamic imports that load the editor.
const EDITOR_ENTRY = /^src\/ui\/editor\//;
// A worker started from a chunk: `new Worker(new URL(`x.js`, import.meta.url))` (relative to the
// chunk, as a build with a relative base writes it), or with an address from the site's root.
const WORKER_URL = /new Worker\((?:new URL\()*[`"'](\/|\.\/)?([^`"']+\.js)[`"']/g;

function size(dist: string, file: string): FileSize {
  const bytes = readFileSync(join(dist, file));
  return { file, raw: bytes.length, gzip: gzipSync(bytes).length };
}

// closure collects the files of the given chunks and of everything they
// import (statically, and also dynamically when `dynamic` is set).
function closure(manifest: Record<string, ManifestChunk>, keys: string[], dynamic: boolean): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const f of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(f);
    for (const k of chunk.imports ?? []) visit(k);
    if (dynamic) for (const k of chunk.dynamicImports ?? []) visit(k);
  };
  keys.forEach(visit);
  return files;
}

function workersOf(dist: string, files: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const f of files) {
    if (!f.endsWith('.js')) continue;
    for (const m of readFileSync(join(dist, f), 'utf8').matchAll(WORKER_URL)) {
      out.add(m[1] === '/' ? m[2]! : posix.join(posix.dirname(f), m[2]!));
    }
  }
  return out;
}

/** bundleSizes classifies every JS, CSS and font file of the app built in `dist` (with a manifest). */
export function bundleSizes(dist: string): BundleSizes {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const keys = Object.keys(manifest);
  const initial = closure(
    manifest,
    keys.filter((k) => manifest[k]!.isEntry),
    false,
  );
  const startupWorkers = workersOf(dist, initial);
  // The manifest lists a worker's bundle as an entry of its own.
  for (const f of startupWorkers) initial.delete(f);
  const editorChunks = closure(
    manifest,
    keys.filter((k) => EDITOR_ENTRY.test(k)),
    true,
  );
  for (const f of initial) editorChunks.delete(f);
  const editor = new Set([...editorChunks, ...workersOf(dist, editorChunks)]);

  const sized = (files: Iterable<string>) => [...files].sort().map((f) => size(dist, f));
  const all = readdirSync(join(dist, 'assets'))
    .filter((f) => /\.(js|css|ttf|woff2?)$/.test(f))
    .map((f) => `assets/${f}`);
  const placed = new Set([...initial, ...startupWorkers, ...editor]);
  return {
    initial: sized(initial),
    startupWorkers: sized(startupWorkers),
    editor: sized(editor),
    otherLazy: sized(all.filter((f) => !placed.has(f))),
    // Monaco looks for its workers through `MonacoEnvironment`; no other code names it.
    monacoAtStart: [...initial].some(
      (f) => f.endsWith('.js') && readFileSync(join(dist, f), 'utf8').includes('MonacoEnvironment'),
    ),
    duplicates: duplicateChunks(sized(all)),
  };
}

// A built file's name: the chunk's name, its content hash, its extension.
const HASHED_NAME = /^(.*)-[A-Za-z0-9_-]{8}\.(js|css)$/;
// Files of one name whose sizes differ by less than this share are taken for one chunk built twice.
const SAME_SIZE = 0.01;

// duplicateChunks finds files with the same chunk name and nearly the same
// size under different hashes: one module bundled into two builds.
function duplicateChunks(files: readonly FileSize[]): FileSize[][] {
  const byName = new Map<string, FileSize[]>();
  for (const f of files) {
    const m = HASHED_NAME.exec(f.file);
    if (m === null) continue;
    const key = `${m[1]}.${m[2]}`;
    byName.set(key, [...(byName.get(key) ?? []), f]);
  }
  return [...byName.values()].filter(
    (group) =>
      group.length > 1 &&
      Math.max(...group.map((f) => f.raw)) - Math.min(...group.map((f) => f.raw)) <= SAME_SIZE * group[0]!.raw,
  );
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(9);

/** formatBundle prints the sizes as a table, the largest files of the lazy groups listed, and the one-copy check. */
export function formatBundle(sizes: BundleSizes): string[] {
  const lines = [`${'bundle'.padEnd(58)}    raw KB   gzip KB`];
  const row = (label: string, files: readonly FileSize[], listAbove = 0) => {
    const t = total(files);
    lines.push(`${label.padEnd(58)} ${kb(t.raw)} ${kb(t.gzip)}`);
    const listed = files.filter((f) => f.raw >= listAbove);
    for (const f of listed) lines.push(`    ${f.file.padEnd(54)} ${kb(f.raw)} ${kb(f.gzip)}`);
    if (listed.length > 0 && listed.length < files.length)
      lines.push(`    (${files.length - listed.length} smaller files)`);
  };
  row('first paint: entry chunk, its imports and CSS', sizes.initial);
  row('workers the entry starts (reconciler at once, rollout when opened)', sizes.startupWorkers);
  row('lazy: the editor (Monaco chunks, CSS, font, workers)', sizes.editor, 10_240);
  row('lazy: everything else', sizes.otherLazy, 10_240);
  row('all', [...sizes.initial, ...sizes.startupWorkers, ...sizes.editor, ...sizes.otherLazy], Infinity);
  for (const group of sizes.duplicates)
    lines.push(`one chunk built ${group.length} times: ${group.map((f) => f.file).join(', ')}`);
  return lines;
}

/** total adds up a list of files' sizes. */
export function total(files: readonly FileSize[]): { raw: number; gzip: number } {
  return files.reduce((t, f) => ({ raw: t.raw + f.raw, gzip: t.gzip + f.gzip }), { raw: 0, gzip: 0 });
}
