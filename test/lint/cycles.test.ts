// No import cycles in src/: neither between files (A imports B imports A,
// types included) nor between folders (ui/present and ui/rollout each
// importing the other), so that every folder can be read from the bottom up.
// A folder and the folders inside it are one room: their edges are not counted.

import { describe, expect, it } from 'vitest';
import { folderOf, readSource, sourceFiles, staticImports } from './sources.ts';

/** cycles are the strongly connected parts of a graph with more than one node (Tarjan), each sorted. */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const part: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      part.push(w);
    } while (w !== v);
    if (part.length > 1) found.push(part.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

// nested tells whether one folder is the other or holds it.
const nested = (a: string, b: string) => a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);

/** importGraphs are the file graph of src/ and the folder graph made from it. */
function importGraphs(sources: ReadonlyMap<string, string>) {
  const files = new Map<string, string[]>();
  const folders = new Map<string, Set<string>>();
  for (const [path, text] of sources) {
    const targets = staticImports(path, text);
    files.set(path, targets);
    const from = folderOf(path);
    if (!folders.has(from)) folders.set(from, new Set());
    for (const t of targets) if (sources.has(t) && !nested(from, folderOf(t))) folders.get(from)!.add(folderOf(t));
  }
  return { files, folders: new Map([...folders].map(([k, v]) => [k, [...v]])) };
}

describe('the import graph of src/', () => {
  const sources = new Map(sourceFiles().map((f) => [f, readSource(f)]));

  it('has no cycle between files', () => {
    expect(cycles(importGraphs(sources).files)).toEqual([]);
  });

  it('has no cycle between folders', () => {
    expect(cycles(importGraphs(sources).folders)).toEqual([]);
  });

  it('finds a cycle planted in it, of types or between folders', () => {
    const planted = new Map(sources);
    planted.set(
      'src/hcl/eval/problem.ts',
      `${sources.get('src/hcl/eval/problem.ts')}\nimport type { X } from './eval.ts';\n`,
    );
    planted.set('src/ui/rollout/probe.ts', "import '../present/PresenterView.tsx';\n");
    const { files, folders } = importGraphs(planted);
    expect(cycles(files).map((c) => c.includes('src/hcl/eval/problem.ts'))).toContain(true);
    expect(cycles(folders).filter((c) => c.includes('src/ui/present') && c.includes('src/ui/rollout'))).toHaveLength(1);
  });
});
