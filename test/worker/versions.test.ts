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

  it('a disconnected node is a value 0.12 does not know: its refusal is the answer', async () => {
    const v = await versionsOf(example('disconnect-max-client-disconnect'));
    expect(v).toMatchObject({ other: '0.12' });
    expect(v !== undefined && 'refused' in v && v.refused).toMatch(/disconnected/);
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
