// The scenario document as text: both tabs joined keeping the person's own
// text, and split back into the same tabs.

import { describe, expect, it } from 'vitest';
import { composeDocument, splitDocument } from '../../src/share/documentText.ts';
import { joinTabs, splitScenario } from '../../src/scenario/tabs.ts';
import { fixtureText } from '../cli/helpers.ts';

describe('composeDocument and splitDocument', () => {
  it('round-trip the tabs the app makes from a fixture', () => {
    const texts = splitScenario(JSON.parse(fixtureText('rolling-update')));
    const doc = composeDocument(texts);
    expect(doc.ok).toBe(true);
    if (!doc.ok) return;
    expect(JSON.parse(doc.text)).toEqual((joinTabs(texts) as { document: unknown }).document);
    expect(splitDocument(doc.text)).toEqual(texts);
  });

  it("keep the person's layout, number spelling and field order", () => {
    const texts = {
      job: '{\n  "ID": "web",   "Version": 1e0,\n  "TaskGroups": [ { "Name": "web", "Count": 3 } ]\n}\n',
      cluster:
        '{\n  "Now": "2026-01-01T00:00:00Z",\n  "Allocations": [],\n  "Nodes": [ { "ID": "n1", "ModifyTime": 1577836805123456789 } ]\n}\n',
    };
    const doc = composeDocument(texts);
    expect(doc.ok && doc.text).toContain('"ModifyTime": 1577836805123456789');
    expect(doc.ok && doc.text).toContain('"Version": 1e0');
    expect(doc.ok && splitDocument(doc.text)).toEqual(texts);
  });

  it('let the Job tab win over a Job written in the Cluster tab', () => {
    const texts = { job: '{ "ID": "a" }\n', cluster: '{\n  "Job": { "ID": "b" },\n  "Nodes": []\n}\n' };
    const doc = composeDocument(texts);
    expect(doc.ok && JSON.parse(doc.text)).toEqual({ Job: { ID: 'a' }, Nodes: [] });
  });

  it('join an empty cluster', () => {
    const doc = composeDocument({ job: '{"ID": "a"}', cluster: '{}' });
    expect(doc.ok && doc.text).toBe('{\n  "Job": {"ID": "a"}\n}\n');
    expect(doc.ok && splitDocument(doc.text)).toEqual({ job: '{"ID": "a"}\n', cluster: '{}\n' });
  });

  it('report syntax errors instead of a document', () => {
    const doc = composeDocument({ job: '{ "ID": ', cluster: '{}' });
    expect(doc.ok).toBe(false);
    expect(!doc.ok && doc.problems[0]?.tab).toBe('job');
  });

  it('split a document without a Job, or with a repeated Job, by value', () => {
    expect(splitDocument('{"Nodes": []}')).toEqual(splitScenario({ Nodes: [] }));
    expect(splitDocument('{"Job": {"ID": "a"}, "Job": {"ID": "b"}}')).toEqual(splitScenario({ Job: { ID: 'b' } }));
  });

  it('carry an HCL Job tab as the JobSpec string, and back', () => {
    const texts = { job: 'job "web" {\n  group "web" { count = 2 }\n}\n', cluster: '{\n  "Nodes": []\n}\n' };
    const doc = composeDocument(texts);
    expect(doc.ok && JSON.parse(doc.text)).toEqual({ JobSpec: texts.job, Nodes: [] });
    expect(doc.ok && splitDocument(doc.text)).toEqual(texts);
  });

  it('refuse text that is not a JSON object', () => {
    expect(splitDocument('[1]')).toBeNull();
    expect(splitDocument('{')).toBeNull();
  });
});
