import { describe, expect, it } from 'vitest';
import { joinTabs, positionAt, splitScenario } from '../../src/scenario/tabs.ts';
import defaultScenario from '../../src/ui/defaultScenario.json';

describe('splitScenario and joinTabs', () => {
  it('round-trips a scenario document', () => {
    const doc = defaultScenario as Record<string, unknown>;
    const texts = splitScenario(doc);
    const joined = joinTabs(texts);
    expect(joined.ok).toBe(true);
    if (joined.ok) expect(joined.document).toEqual(doc);
  });

  it('puts Job in the Job tab and everything else in the Cluster tab', () => {
    const texts = splitScenario({ Name: 'n', Job: { ID: 'web' }, Nodes: [] });
    expect(JSON.parse(texts.job)).toEqual({ ID: 'web' });
    expect(JSON.parse(texts.cluster)).toEqual({ Name: 'n', Nodes: [] });
  });

  it('gives an empty Job tab to a document without Job', () => {
    expect(JSON.parse(splitScenario({ Nodes: [] }).job)).toEqual({});
  });

  it('lets the Job tab win over a Job typed in the Cluster tab', () => {
    const joined = joinTabs({ job: '{"ID":"a"}', cluster: '{"Job":{"ID":"b"},"Nodes":[]}' });
    expect(joined.ok && joined.document).toEqual({ Job: { ID: 'a' }, Nodes: [] });
  });

  it('reports a syntax error in the tab and at the line where it is', () => {
    const job = '{\n  "ID": "web",\n  "Name": "web"\n  "Type": "service"\n}\n';
    const joined = joinTabs({ job, cluster: '{}' });
    expect(joined.ok).toBe(false);
    if (joined.ok) return;
    expect(joined.problems[0]).toMatchObject({ tab: 'job', line: 4, column: 3 });
    expect(joined.problems[0]?.message).toMatch(/comma/);
  });

  it('reports problems in both tabs at once', () => {
    const joined = joinTabs({ job: '{', cluster: '{"a": }' });
    expect(joined.ok).toBe(false);
    if (!joined.ok) expect(new Set(joined.problems.map((p) => p.tab))).toEqual(new Set(['job', 'cluster']));
  });

  it('rejects a tab that is not an object', () => {
    const joined = joinTabs({ job: '[]', cluster: '{}' });
    expect(joined.ok).toBe(false);
    if (!joined.ok) expect(joined.problems[0]?.message).toMatch(/one JSON object/);
  });

  it('rejects comments and trailing commas, as Nomad does', () => {
    expect(joinTabs({ job: '{"a": 1,}', cluster: '{}' }).ok).toBe(false);
    expect(joinTabs({ job: '{} // x', cluster: '{}' }).ok).toBe(false);
  });
});

describe('positionAt', () => {
  it('counts lines and columns from 1', () => {
    expect(positionAt('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(positionAt('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
    expect(positionAt('ab\ncd', 99)).toEqual({ line: 2, column: 3 });
  });
});
