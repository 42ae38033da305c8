import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatGroupLine, planLines } from '../../src/result/plan.ts';
import { handleRunAsync } from '../../src/worker/handle.ts';
import type { RunResponse } from '../../src/worker/protocol.ts';
import defaultScenario from '../../src/ui/defaultScenario.json';
import { splitScenario } from '../../src/scenario/tabs.ts';

const jobspec = readFileSync(new URL('../fixtures/hcl/operator-web.hcl', import.meta.url), 'utf8');
// Pasted over an example: the example's cluster is still in the Cluster tab.
const pasted = { job: jobspec, cluster: splitScenario(defaultScenario).cluster };

const plan = (r: RunResponse) => {
  if (r.type !== 'result' || !r.ok) throw new Error('expected a result: ' + JSON.stringify(r).slice(0, 400));
  return planLines(r.document).map(formatGroupLine);
};

// onCluster runs the pasted texts on a cluster made for them.
const onCluster = (trouble: 'none' | 'draining', texts = pasted) =>
  handleRunAsync({ type: 'run', seq: 1, texts, makeCluster: { nodes: 3, datacenters: [], trouble } });

describe('Run it on a cluster', () => {
  it('runs a jobspec pasted over an example on a cluster made for it: the plan is no change', async () => {
    const r = await onCluster('none');
    expect(plan(r)).toEqual(['Task Group: "web" (5 ignore)']);
    if (r.type !== 'result') throw new Error('expected a result');
    const cluster = JSON.parse(r.madeCluster ?? '{}') as { Nodes: { Datacenter: string }[] };
    expect(cluster.Nodes.map((n) => n.Datacenter)).toEqual(['dc1', 'dc1', 'dc1']);
  });

  it('a draining node: its allocations migrate', async () => {
    const r = await onCluster('draining');
    expect(plan(r)[0]).toMatch(/migrate/);
  });

  it('says in the Job tab why no cluster can be made', async () => {
    const r = await onCluster('none', { ...pasted, job: 'job "web" {' });
    if (r.type !== 'result' || r.ok) throw new Error('expected problems');
    expect(r.diagnostics.length).toBeGreaterThan(0);
    expect(new Set(r.diagnostics.map((d) => d.tab))).toEqual(new Set(['job']));
  });
});
