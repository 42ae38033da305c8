// Compare versions in the worker: a request with `compare` is answered with
// the other Nomad version's differences, per group and allocation, or with
// the reason it cannot read the scenario; without `compare`, nothing more.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { splitScenario } from '../../src/scenario/tabs.ts';
import { withNomadVersion } from '../../src/scenario/nomadVersion.ts';
import { handleRunAsync } from '../../src/worker/handle.ts';
import type { RunResponse } from '../../src/worker/protocol.ts';
import type { VersionComparison } from '../../src/worker/versions.ts';

const example = (id: string) =>
  JSON.parse(readFileSync(new URL(`../../src/examples/${id}.json`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;

async function versionsOf(doc: Record<string, unknown>, compare = true): Promise<VersionComparison | undefined> {
  const r: RunResponse = await handleRunAsync({ type: 'run', seq: 1, texts: splitScenario(doc), compare });
  if (r.type !== 'result' || !r.ok) throw new Error(JSON.stringify(r));
  return r.versions;
}

describe('compare versions', () => {
  it('answers only when asked', async () => {
    expect(await versionsOf(example('node-down'), false)).toBeUndefined();
  });

  it('a reconnecting client: 0.12 stops a duplicate api[2] as not needed, 1.6 stops the replacement and reconnects the original', async () => {
    const v = await versionsOf(example('disconnect-reconnect'));
    expect(v?.other).toBe('0.12');
    if (v === undefined || 'refused' in v) throw new Error('expected a comparison');
    expect(v.comparison.Same).toBe(false);
    const byName = v.comparison.Allocations.filter((a) => a.Name === 'api.api[2]');
    expect(byName.length).toBeGreaterThan(0);
    const actions = (version: '0.12' | '1.6') =>
      byName.flatMap((a) => a.Decisions[version].Actions.map((x) => x.Action));
    expect(actions('1.6')).toContain('reconnect');
    expect(actions('0.12')).not.toContain('reconnect');
  });

  it('brings the other version’s traced decisions for the allocations that differ, and for no other', async () => {
    const v = await versionsOf(example('disconnect-reconnect'));
    if (v === undefined || 'refused' in v) throw new Error('expected a comparison');
    const differing = v.comparison.Allocations.map((a) => a.AllocID).sort();
    expect(v.decisions.map((d) => d.allocID).sort()).toEqual(differing);
    // 0.12's codes, as the comparison names them.
    for (const d of v.decisions)
      expect(d.code).toBe(v.comparison.Allocations.find((a) => a.AllocID === d.allocID)?.Decisions['0.12'].Code);
  });

  it('a disconnected node is read as down by 0.12, which the answer says: 0.12 stops the allocation as lost, 1.6 marks it unknown', async () => {
    const v = await versionsOf(example('disconnect-max-client-disconnect'));
    if (v === undefined || 'refused' in v) throw new Error(`expected a comparison, got ${JSON.stringify(v)}`);
    expect(v.readAsDown).toEqual({
      Nodes: [{ ID: 'b7f0e6a3-2c9d-4e8b-9f10-2b3c4d5e6f33', Name: 'ip-10-0-3-96' }],
      Text: 'Nomad 0.12 has no disconnected clients: node ip-10-0-3-96 is read as down',
    });
    const [api2] = v.comparison.Allocations;
    expect(api2?.Decisions['0.12']).toMatchObject({
      Actions: [{ Action: 'stop', ClientStatus: 'lost' }],
      Code: 'node-lost',
    });
    expect(api2?.Decisions['1.6']).toMatchObject({ Actions: [{ Action: 'disconnect', ClientStatus: 'unknown' }] });
  });

  it('an unknown allocation has no 0.12 status to be read as: its refusal is the answer', async () => {
    const v = await versionsOf(
      JSON.parse(readFileSync(new URL('../fixtures/nomad16/expired.json', import.meta.url), 'utf8')) as Record<
        string,
        unknown
      >,
    );
    expect(v !== undefined && 'refused' in v && v.refused).toMatch(/"unknown" is not one of/);
  });

  it('a 0.12 scenario compared with 1.6: a lost allocation is replaced naming it under 1.6 only', async () => {
    const v = await versionsOf(example('node-down'));
    expect(v?.other).toBe('1.6');
    if (v === undefined || 'refused' in v) throw new Error('expected a comparison');
    const lost = v.comparison.Allocations.filter((a) =>
      a.Decisions['1.6'].Actions.some((x) => x.Action === 'replaced'),
    );
    expect(lost.length).toBeGreaterThan(0);
    expect(lost.every((a) => a.Decisions['0.12'].Actions.every((x) => x.Action !== 'replaced'))).toBe(true);
  });

  it('the header writes the choice into the Cluster text, keeping the rest', () => {
    const texts = splitScenario(example('node-down'));
    const chosen = withNomadVersion(texts.cluster, '1.6');
    expect(JSON.parse(chosen)).toEqual({ ...JSON.parse(texts.cluster), NomadVersion: '1.6' });
  });
});
