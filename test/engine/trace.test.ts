// The trace as data: every word it carries is made from its codes and
// facts, and each code names the branch of the reconciler that decided.
// Expectations are worked out from upstream's computeLimit and computeGroup.

import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import {
  describeCanaryState,
  describeDecision,
  describeDeployment,
  describeLimit,
  describeStep,
} from '../../src/engine/explain.ts';
import type { LimitCode } from '../../src/engine/types.ts';
import { runScenario } from '../../src/result/run.ts';
import { readScenario } from '../../src/scenario/read.ts';

// traced reconciles a scenario document's text with its trace.
function traced(text: string) {
  const r = readScenario(text);
  if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
  let n = 0;
  return {
    scenario: r.scenario,
    trace: runScenario(r.scenario, { trace: true, generateID: () => `g${++n}` }).results.trace!,
  };
}

const documents = ['test/fixtures/scenarios', 'src/examples']
  .flatMap((dir) =>
    readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => [`${dir}/${f}`, readFileSync(`${dir}/${f}`, 'utf8')] as const),
  )
  .filter(([, text]) => readScenario(text).ok);

describe('the trace speaks in codes', () => {
  test.each(documents)(
    '%s: every reason, note and summary is made from the codes and facts beside it',
    (_file, text) => {
      const { scenario, trace } = traced(text);
      const d = scenario.Deployment;
      if (trace.deploymentCode !== null)
        expect(trace.deploymentNote).toBe(describeDeployment(trace.deploymentCode, d, scenario.Job));
      else expect(trace.deploymentNote).toBe('');
      for (const g of trace.groups) {
        for (const decision of g.decisions) {
          const { reason, ...facts } = decision;
          expect(reason).toBe(describeDecision(facts));
        }
        const tg = scenario.Job.TaskGroups.find((t) => t.Name === g.group);
        const size = g.steps.find((s) => s.step === 'start')?.sets.all?.length ?? 0;
        for (const s of g.steps) {
          // Whether placements went ahead is the one fact the trace keeps only in words.
          const notes = [true, false].map((placeReady) =>
            describeStep(s.step, { size, count: tg?.Count ?? 0, placeReady }),
          );
          expect(notes).toContain(s.note);
        }
        if (g.removed || trace.jobStopped || tg === undefined) continue;
        expect(g.limitReason).toBe(
          describeLimit({
            code: g.limitCode!,
            limit: g.limit,
            count: tg.Count,
            maxParallel: tg.Update?.MaxParallel ?? 0,
          }),
        );
        expect(g.canaryCode).not.toBeNull();
        expect(g.canaryReason.length).toBeGreaterThan(0);
      }
    },
  );

  test("the canary state's words follow its code", () => {
    expect(describeCanaryState({ code: 'awaiting-promotion', desired: 2, placing: 1, existingDeployment: false })).toBe(
      'The new deployment wants 2 canaries and they are not promoted; placing 1 new canary: nothing else is placed or replaced until promotion.',
    );
    expect(describeCanaryState({ code: 'promoted', desired: 2, placing: 0, existingDeployment: true })).toBe(
      "The deployment's canaries are promoted: the rollout proceeds.",
    );
  });
});

describe('computeLimit records its branch', () => {
  // A group of two, one allocation on the old version, under the given
  // update strategy and deployment.
  function limitOf(
    update: Record<string, unknown> | null,
    deployment: Record<string, unknown> | null,
    allocs?: Record<string, unknown>[],
  ): { code: LimitCode | null; limit: number } {
    const job = (version: number, image: string) => ({
      ID: 'app',
      Version: version,
      JobModifyIndex: 10 + version,
      TaskGroups: [
        {
          Name: 'web',
          Count: 2,
          ...(update ? { Update: update } : {}),
          Tasks: [{ Name: 'app', Driver: 'docker', Config: { image } }],
        },
      ],
    });
    const doc = {
      Now: '2026-01-01T00:00:00Z',
      EvalID: 'e',
      Job: job(1, 'new'),
      JobVersions: [job(0, 'old')],
      Nodes: [{ ID: 'n1', Status: 'ready' }],
      Allocations: allocs ?? [
        { ID: 'a0', Name: 'app.web[0]', TaskGroup: 'web', NodeID: 'n1', JobVersion: 0 },
        { ID: 'a1', Name: 'app.web[1]', TaskGroup: 'web', NodeID: 'n1', JobVersion: 0 },
      ],
      ...(deployment
        ? {
            Deployment: {
              ID: 'd1',
              JobID: 'app',
              JobVersion: 1,
              TaskGroups: { web: { DesiredTotal: 2 } },
              ...deployment,
            },
          }
        : {}),
    };
    const g = traced(JSON.stringify(doc)).trace.groups[0]!;
    return { code: g.limitCode, limit: g.limit };
  }

  test('no update strategy: the count', () => {
    expect(limitOf(null, null)).toEqual({ code: 'no-update-strategy', limit: 2 });
  });

  test('nothing destructive: the count', () => {
    const same = [{ ID: 'a0', Name: 'app.web[0]', TaskGroup: 'web', NodeID: 'n1' }];
    expect(limitOf({ MaxParallel: 1 }, null, same)).toEqual({ code: 'nothing-to-replace', limit: 2 });
  });

  test('a paused or failed deployment: nothing', () => {
    expect(limitOf({ MaxParallel: 1 }, { Status: 'paused' })).toEqual({ code: 'deployment-paused', limit: 0 });
    expect(limitOf({ MaxParallel: 1 }, { Status: 'failed' })).toEqual({ code: 'deployment-failed', limit: 0 });
  });

  test('canaries awaiting promotion: nothing', () => {
    expect(limitOf({ MaxParallel: 1, Canary: 1 }, null)).toEqual({ code: 'canaries-unpromoted', limit: 0 });
  });

  test('an unhealthy allocation of the deployment: nothing', () => {
    const allocs = [
      { ID: 'a0', Name: 'app.web[0]', TaskGroup: 'web', NodeID: 'n1', JobVersion: 0 },
      {
        ID: 'a1',
        Name: 'app.web[1]',
        TaskGroup: 'web',
        NodeID: 'n1',
        DeploymentID: 'd1',
        DeploymentStatus: { Healthy: false },
      },
    ];
    expect(limitOf({ MaxParallel: 2 }, { Status: 'running' }, allocs)).toEqual({
      code: 'unhealthy-allocation',
      limit: 0,
    });
  });

  test('max_parallel less the allocations not yet healthy', () => {
    const allocs = [
      { ID: 'a0', Name: 'app.web[0]', TaskGroup: 'web', NodeID: 'n1', JobVersion: 0 },
      {
        ID: 'a1',
        Name: 'app.web[1]',
        TaskGroup: 'web',
        NodeID: 'n1',
        DeploymentID: 'd1',
        DeploymentStatus: { Healthy: null },
      },
    ];
    expect(limitOf({ MaxParallel: 2 }, { Status: 'running' }, allocs)).toEqual({ code: 'max-parallel', limit: 1 });
  });
});
