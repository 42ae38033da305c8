// The page under Nomad 1.6: its worker reads the document and runs
// runScenario, so a document with "NomadVersion": "1.6" gets 1.6's answer,
// and the plan view (wholePlan, which WholePlan.tsx renders) lists the
// allocations marked unknown. The version picker is another issue's.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { wholePlan } from '../../src/result/planWhole.ts';
import { splitScenario } from '../../src/scenario/tabs.ts';
import { handleRun, handleRunAsync } from '../../src/worker/handle.ts';
import { decodeResponse, encodeResponse } from '../../src/worker/resultDelta.ts';
import { handleSimulate } from '../../src/worker/simulateHandle.ts';
import { nomad16Fixture } from '../cli/helpers.ts';

const DISCONNECT = JSON.parse(readFileSync(nomad16Fixture('disconnect'), 'utf8')) as Record<string, unknown>;

describe('the page’s worker under 1.6', () => {
  it('reconciles with 1.6, and the plan view shows the allocation marked unknown', () => {
    const response = handleRun({ type: 'run', seq: 1, texts: splitScenario(DISCONNECT) });
    // As the page receives it: a delta, rebuilt.
    const sent = encodeResponse(response, null).message;
    if (sent.type !== 'result-delta') throw new Error(`expected a result, got ${JSON.stringify(sent)}`);
    const r = decodeResponse(sent, null);
    expect(r.document.DisconnectUpdates?.map((u) => u.AllocID)).toEqual(['alloc-1']);
    const text = wholePlan({
      document: r.document,
      diff: r.diff,
      jobID: r.scenario.Job.ID,
      jobType: r.scenario.Job.Type,
      jobModifyIndex: r.scenario.Job.JobModifyIndex,
      failures: [],
      path: 'web.nomad',
    })
      .map((s) => s.text)
      .join('');
    expect(text).toContain('Allocations marked unknown (their clients disconnected):\n  web.web[1] (alloc-1)');
  });

  it('films it on the rollout tab with the 1.6 reconciler: the disconnected allocation turns unknown', async () => {
    const r = await handleSimulate({ type: 'simulate', seq: 2, texts: splitScenario(DISCONNECT) });
    if (!r.ok) throw new Error(r.message);
    const applied = r.film.Steps.flatMap((s) => s.Applied).map((h) => h.Kind);
    expect(applied).toContain('alloc-unknown');
  });

  it('shows a jobspec submitted onto a 1.6 cluster as Nomad 1.6 stores it', async () => {
    const spec =
      'job "web" {\n  group "web" {\n    max_client_disconnect = "5m"\n    task "app" {\n      driver = "docker"\n    }\n  }\n}\n';
    const cluster = JSON.stringify({
      NomadVersion: '1.6',
      Now: '2026-01-01T00:00:00Z',
      EvalID: 'e',
      Nodes: [],
      Allocations: [],
    });
    const r = await handleRunAsync({ type: 'run', seq: 3, texts: { job: spec, cluster, running: spec } });
    if (r.type !== 'result' || !r.ok) throw new Error(JSON.stringify(r).slice(0, 400));
    expect(r.jobSpecJob).toMatchObject({ NodePool: 'default', TaskGroups: [{ MaxClientDisconnect: 300e9 }] });
    expect(r.scenario.Job.TaskGroups[0]!.MaxClientDisconnect).toBe(300e9);
  });
});
