// Diagnostics are placed in one pass over the text, whatever their number:
// the places are those jsonc-parser's tree gave (the reference below is the
// code this replaced), and the work is counted in characters read.

import fc from 'fast-check';
import { type Node as JsonNode, findNodeAtLocation, parseTree } from 'jsonc-parser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { generateScenario } from '../../bench/generate.ts';
import { type Diagnostic, DiagnosticCode } from '../../src/scenario/diagnostics.ts';
import { locateDiagnostics } from '../../src/scenario/json.ts';
import { placePaths } from '../../src/scenario/pathPlaces.ts';
import { childPath, indexPath, splitPath } from '../../src/scenario/path.ts';
import { readScenario } from '../../src/scenario/read.ts';

// referencePlaces is how diagnostics were placed before (jsonc-parser's whole tree), with lines counted by a regular expression.
function referencePlaces(text: string, paths: string[]): (number[] | null)[] {
  const root = parseTree(text, [], { disallowComments: true });
  // A line ends at \n, \r\n or a lone \r; a byte order mark is not a column.
  const position = (offset: number) => {
    const lines = text.slice(0, offset).split(/\r\n|\r|\n/);
    const bom = lines.length === 1 && text.startsWith('\uFEFF') ? 1 : 0;
    return [lines.length, lines[lines.length - 1]!.length + 1 - bom];
  };
  const range = (offset: number, length: number) => [...position(offset), ...position(offset + length)];
  return paths.map((path) => {
    if (root === undefined) return null;
    const segments = splitPath(path);
    let node: JsonNode | undefined = segments.length === 0 ? undefined : findNodeAtLocation(root, segments);
    if (node !== undefined) return range(node.offset, node.length);
    while (node === undefined && segments.length > 0) {
      segments.pop();
      node = findNodeAtLocation(root, segments);
    }
    node ??= root;
    const key = node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
    return key !== undefined ? range(key.offset, key.length) : range(node.offset, 1);
  });
}

function places(text: string, paths: string[]): (number[] | null)[] {
  const ds: Diagnostic[] = paths.map((path) => ({ code: DiagnosticCode.WrongType, path, message: 'x' }));
  locateDiagnostics(text, ds);
  return ds.map((d) => (d.line === undefined ? null : [d.line, d.column!, d.endLine!, d.endColumn!]));
}

// Keys with escapes, keys that are prototype names, a key given twice, values of every kind.
const KEYS = ['a', 'b', 'Job', '__proto__', 'k"q', 'é', 'a.b', 'x y', 'line\nbreak'];
const { value: jsonArb } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(0, -1.5e10, 'text', 'esc"aped\\', '', null, true, false),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.array(fc.tuple(fc.constantFrom(...KEYS), tie('value')), { maxLength: 4 }),
  ),
}));

// write is JSON text for a value, objects being lists of entries (so that a key may repeat), in a random layout.
function write(v: unknown, layout: { gap: string; escape: boolean }): string {
  if (
    Array.isArray(v) &&
    v.every((e) => Array.isArray(e) && e.length === 2 && typeof e[0] === 'string') &&
    v.length > 0
  )
    return `{${layout.gap}${(v as [string, unknown][])
      .map(([k, x]) => `${key(k, layout.escape)}${layout.gap}:${layout.gap}${write(x, layout)}`)
      .join(`,${layout.gap}`)}${layout.gap}}`;
  if (Array.isArray(v)) return `[${layout.gap}${v.map((x) => write(x, layout)).join(`,${layout.gap}`)}${layout.gap}]`;
  return JSON.stringify(v);
}
const key = (k: string, escape: boolean) =>
  escape ? `"${[...k].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"` : JSON.stringify(k);

// pathsOf are paths into a value: every path the value has, and each with a missing step after it.
function pathsOf(v: unknown, at = ''): string[] {
  const out = [at, childPath(at, 'missing'), indexPath(at, 7)];
  if (
    Array.isArray(v) &&
    v.every((e) => Array.isArray(e) && e.length === 2 && typeof e[0] === 'string') &&
    v.length > 0
  )
    for (const [k, x] of v as [string, unknown][]) out.push(...pathsOf(x, childPath(at, k)));
  else if (Array.isArray(v)) v.forEach((x, i) => out.push(...pathsOf(x, indexPath(at, i))));
  return out;
}

describe('locateDiagnostics', () => {
  it('places every path as jsonc-parser’s tree did: values, missing fields, repeated keys, escapes, any layout', () => {
    const layoutArb = fc.record({
      gap: fc.constantFrom('', ' ', '\n', '\r\n  ', '\r', '\t'),
      escape: fc.boolean(),
      bom: fc.boolean(),
    });
    fc.assert(
      fc.property(jsonArb, layoutArb, (value, layout) => {
        // jsonc-parser reads a byte order mark glued to a number or a literal as one bad token, and gives no tree.
        fc.pre(!(layout.bom && layout.gap === '' && !Array.isArray(value)));
        const text = (layout.bom ? '\uFEFF' : '') + layout.gap + write(value, layout) + layout.gap;
        const paths = pathsOf(value);
        expect(places(text, paths)).toEqual(referencePlaces(text, paths));
      }),
      { numRuns: 400 },
    );
  });

  it('gives a found field the start of its key, as the property node of jsonc-parser’s tree has it', () => {
    fc.assert(
      fc.property(jsonArb, fc.constantFrom('', ' ', '\n'), fc.boolean(), (value, gap, escape) => {
        const text = write(value, { gap, escape });
        const paths = pathsOf(value).filter((p) => p !== '');
        const root = parseTree(text, [], { disallowComments: true });
        fc.pre(root !== undefined);
        const { ranges } = placePaths(
          text,
          paths.map((p) => splitPath(p)),
        );
        paths.forEach((path, i) => {
          const node = findNodeAtLocation(root, splitPath(path));
          const property = node?.parent?.type === 'property' ? node.parent : undefined;
          expect(ranges[i]?.key).toBe(node === undefined ? undefined : property?.offset);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('leaves placed diagnostics and the cap notice alone, and places nothing in an empty text', () => {
    const placed: Diagnostic = { code: DiagnosticCode.WrongType, path: 'a', message: 'x', line: 9, column: 9 };
    const cap: Diagnostic = { code: DiagnosticCode.TooManyErrors, path: '', message: 'more' };
    locateDiagnostics('{"a": 1}', [placed, cap]);
    expect(placed).toMatchObject({ line: 9, column: 9 });
    expect(cap.line).toBeUndefined();
    expect(places('  ', ['a'])).toEqual([null]);
  });
});

describe('the work of placing diagnostics', () => {
  afterEach(() => vi.restoreAllMocks());

  const text = JSON.stringify(generateScenario({ allocs: 300, nodes: 30 }), null, 2);
  // charactersRead counts the characters read one by one (charCodeAt) while the diagnostics are placed.
  function charactersRead(paths: string[]): number {
    const ds: Diagnostic[] = paths.map((path) => ({ code: DiagnosticCode.WrongType, path, message: 'x' }));
    const read = vi.spyOn(String.prototype, 'charCodeAt');
    locateDiagnostics(text, ds);
    const n = read.mock.calls.length;
    read.mockRestore();
    expect(ds.every((d) => d.line !== undefined)).toBe(true);
    return n;
  }

  it('reads the text at most once however many diagnostics there are, and stops after the last place', () => {
    const last = indexPath('Allocations', 299);
    const many = Array.from({ length: 300 }, (_, i) => `${indexPath('Allocations', i)}.NodeID`);
    expect(charactersRead([`${last}.NodeID`])).toBeLessThan(text.length);
    expect(charactersRead(many)).toBeLessThan(text.length);
    expect(charactersRead([...many, 'Nodes[3].Missing', 'Job.TaskGroups[0].Count', ''])).toBeLessThan(text.length);
    // A place near the start is found without reading the rest.
    expect(charactersRead(['Job.ID'])).toBeLessThan(text.length / 10);
  });

  it('steps over the values it does not go into a stretch at a time, not character by character', () => {
    const compact = JSON.stringify(generateScenario({ allocs: 300, nodes: 30 }));
    const read = vi.spyOn(String.prototype, 'charCodeAt');
    const places = placePaths(compact, [['Allocations', 299, 'NodeID']]);
    const n = read.mock.calls.length;
    read.mockRestore();
    expect(places.ranges[0]).toMatchObject({
      length: JSON.stringify(JSON.parse(compact).Allocations[299].NodeID).length,
    });
    expect(n).toBeLessThan(compact.length / 20);
  });

  it('places a read’s warnings in one pass with its errors', () => {
    const doc = generateScenario({ allocs: 300, nodes: 30 }) as { Nodes: unknown[]; Job: { Type: unknown } };
    doc.Nodes = doc.Nodes.slice(1);
    doc.Job.Type = 7;
    const withBoth = JSON.stringify(doc, null, 2);
    const read = vi.spyOn(String.prototype, 'charCodeAt');
    const r = readScenario(withBoth);
    const n = read.mock.calls.length;
    read.mockRestore();
    expect(r.ok).toBe(false);
    expect(r.warnings?.[0]?.code).toBe(DiagnosticCode.UnknownNode);
    expect(r.warnings?.[0]?.line).toBeGreaterThan(1);
    expect(n).toBeLessThan(withBoth.length);
  });
});
