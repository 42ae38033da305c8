// The files of src/ and what they import, read as text: for the tests that
// hold the tree's shape (no import cycles, one definition per exported name).

import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** ROOT is the repository's root directory. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** sourceFiles are the TypeScript files under src/, by path from the root (`src/hcl/eval/eval.ts`). */
export function sourceFiles(): string[] {
  return readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => join('src', f))
    .sort();
}

// A static import or re-export (type-only ones too) of a relative module, across lines.
const STATIC_IMPORT = /^\s*(?:import|export)\b[^'";]*?\bfrom\s*['"](\.[^'"]+)['"]|^\s*import\s*['"](\.[^'"]+)['"]/gm;

/**
 * staticImports are the files of src/ that the code `text` of the file at
 * `path` imports statically (type-only imports included: a cycle of types is
 * a cycle for the reader too). A dynamic import() is a lazy load, not an
 * edge: it runs after both modules exist.
 */
export function staticImports(path: string, text: string): string[] {
  return [...text.matchAll(STATIC_IMPORT)].map((m) =>
    normalize(join(dirname(path), (m[1] ?? m[2])!.replace(/\?.*$/, ''))),
  );
}

/** readSource is the text of a file of the tree. */
export function readSource(path: string): string {
  return readFileSync(join(ROOT, path), 'utf8');
}

/** folderOf is the folder a file is in, from the root (`src/hcl/eval`). */
export function folderOf(path: string): string {
  return relative(ROOT, join(ROOT, dirname(path))) || '.';
}
