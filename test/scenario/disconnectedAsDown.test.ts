// Reading a 1.6 scenario for 0.12: a disconnected node is read as down, with
// a note naming it; everything else 0.12 cannot read stays a refusal.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { disconnectedAsDown } from '../../src/scenario/disconnectedAsDown.ts';
import { readScenarioValue } from '../../src/scenario/read.ts';

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/nomad16/${name}.json`, import.meta.url), 'utf8')) as {
    Nodes: { ID: string; Name?: string; Status?: string }[];
  };

describe('disconnectedAsDown', () => {
  it('reads a disconnected node as down, which 0.12 then reads, and names it in the note', () => {
    const doc = fixture('disconnect');
    expect(readScenarioValue(doc, { nomadVersion: '0.12' }).ok).toBe(false);
    const before = structuredClone(doc);
    const seen = disconnectedAsDown(doc);
    expect(doc).toEqual(before);
    const read = readScenarioValue(seen.document, { nomadVersion: '0.12' });
    if (!read.ok) throw new Error(JSON.stringify(read.diagnostics));
    const i = doc.Nodes.findIndex((n) => n.Status === 'disconnected');
    expect(read.scenario.Nodes[i]!.Status).toBe('down');
    expect(seen.note).toEqual({
      Nodes: [{ ID: doc.Nodes[i]!.ID, Name: doc.Nodes[i]!.Name ?? '' }],
      Text: `Nomad 0.12 has no disconnected clients: node ${doc.Nodes[i]!.Name ?? doc.Nodes[i]!.ID} is read as down`,
    });
  });

  it('leaves a document without disconnected nodes as it is, with no note', () => {
    const doc = fixture('reconnect');
    expect(disconnectedAsDown(doc)).toEqual({ document: doc, note: null });
    expect(disconnectedAsDown(doc).document).toBe(doc);
  });

  it('keeps the refusal of an unknown allocation, which has no 0.12 status to be read as', () => {
    const read = readScenarioValue(disconnectedAsDown(fixture('expired')).document, { nomadVersion: '0.12' });
    expect(read.ok).toBe(false);
    expect(!read.ok && read.diagnostics.map((d) => d.path)).toEqual(['Allocations[1].ClientStatus']);
  });

  it('names several nodes in one sentence, by name or else by ID', () => {
    const nodes = (...names: (string | undefined)[]) => ({
      Nodes: names.map((name, i) => ({
        ID: `n${i}`,
        ...(name === undefined ? {} : { Name: name }),
        Status: 'disconnected',
      })),
    });
    expect(disconnectedAsDown(nodes('a', undefined)).note?.Text).toBe(
      'Nomad 0.12 has no disconnected clients: nodes a and n1 are read as down',
    );
    expect(disconnectedAsDown(nodes('a', 'b', 'c')).note?.Text).toBe(
      'Nomad 0.12 has no disconnected clients: nodes a, b and c are read as down',
    );
  });

  it('passes whatever is not a list of node objects on to the reader, untouched', () => {
    for (const doc of [null, 7, [], { Nodes: 'x' }, { Nodes: [null, 3, ['disconnected'], { Status: 'ready' }] }])
      expect(disconnectedAsDown(doc)).toEqual({ document: doc, note: null });
    const hostile = JSON.parse('{ "Nodes": [ { "__proto__": { "x": 1 }, "ID": 5, "Status": "disconnected" } ] }') as {
      Nodes: object[];
    };
    const seen = disconnectedAsDown(hostile);
    expect(seen.note?.Nodes).toEqual([{ ID: '', Name: '' }]);
    const node = (seen.document as typeof hostile).Nodes[0]!;
    expect(Object.getPrototypeOf(node)).toBe(Object.prototype);
    expect(Object.keys(node)).toEqual(['__proto__', 'ID', 'Status']);
  });
});
