import { describe, expect, it } from 'vitest';
import { formatGroupLine, planLines } from '../../src/result/plan.ts';
import { planNotes } from '../../src/ui/plan/notes.ts';
import { handleRun } from '../../src/worker/handle.ts';
import { splitScenario } from '../../src/scenario/tabs.ts';

function job(version: number, image: string) {
  return {
    ID: 'web',
    Name: 'web',
    Type: 'service',
    Version: version,
    JobModifyIndex: 10 + version,
    TaskGroups: [
      {
        Name: 'web',
        Count: 3,
        Update: { MaxParallel: 1 },
        Tasks: [{ Name: 't', Driver: 'docker', Config: { image } }],
      },
    ],
  };
}

function rolling(deploymentStatus?: string) {
  const doc: Record<string, unknown> = {
    Now: '2026-01-01T00:00:00Z',
    EvalID: 'e',
    Job: job(1, 'b'),
    JobVersions: [job(0, 'a')],
    Nodes: [{ ID: 'n1', Status: 'ready' }],
    Allocations: [0, 1, 2].map((i) => ({
      ID: `a${i}`,
      Name: `web.web[${i}]`,
      TaskGroup: 'web',
      NodeID: 'n1',
      JobVersion: 0,
    })),
  };
  if (deploymentStatus) {
    doc.Deployment = {
      ID: 'd1',
      JobID: 'web',
      JobVersion: 1,
      JobModifyIndex: 11,
      JobCreateIndex: 0,
      Status: deploymentStatus,
      TaskGroups: { web: { DesiredTotal: 3 } },
    };
  }
  const r = handleRun({ type: 'run', seq: 1, texts: splitScenario(doc) });
  if (r.type !== 'result' || !r.ok) throw new Error(JSON.stringify(r));
  return r;
}

describe('planNotes', () => {
  it('says that max_parallel 1 replaces the other allocations later', () => {
    const r = rolling();
    expect(planLines(r.document).map(formatGroupLine)).toEqual([
      'Task Group: "web" (1 create/destroy update, 2 ignore)',
    ]);
    const notes = planNotes(r.scenario, r.document, r.trace);
    expect(notes).toHaveLength(1);
    expect(notes[0]?.group).toBe('web');
    expect(notes[0]?.text).toMatch(
      /3 allocations need replacing.*max_parallel is 1: 1 is replaced now.*other 2.*later evaluations/,
    );
  });

  it('says that a paused deployment holds placements', () => {
    const r = rolling('paused');
    const text = planNotes(r.scenario, r.document, r.trace)
      .map((n) => n.text)
      .join('\n');
    expect(text).toMatch(/d1 is paused/);
  });

  it('reads the trace by its codes: rewording every reason changes no note', () => {
    for (const status of [undefined, 'paused', 'failed']) {
      const r = rolling(status);
      const trace = r.trace!;
      const reworded = {
        ...trace,
        deploymentNote: 'reworded',
        groups: trace.groups.map((g) => ({
          ...g,
          canaryReason: 'reworded',
          limitReason: 'reworded',
          steps: g.steps.map((s) => ({ ...s, note: 'reworded' })),
          decisions: g.decisions.map((d) => ({ ...d, reason: 'reworded' })),
        })),
      };
      const notes = planNotes(r.scenario, r.document, trace);
      expect(planNotes(r.scenario, r.document, reworded)).toEqual(notes);
    }
    // And the codes are what the notes follow: without them, no limit note.
    const r = rolling();
    const uncoded = {
      ...r.trace!,
      groups: r.trace!.groups.map((g) => ({
        ...g,
        decisions: g.decisions.map((d) => ({ ...d, code: 'untainted' as const })),
      })),
    };
    expect(planNotes(r.scenario, r.document, r.trace)).toHaveLength(1);
    expect(planNotes(r.scenario, r.document, uncoded)).toEqual([]);
  });

  it('says nothing when the counts tell the whole story', () => {
    const r = rolling();
    const one = { ...r, document: { ...r.document } };
    const noTrace = planNotes(one.scenario, one.document, {
      jobStopped: false,
      deploymentCode: 'none',
      deploymentNote: '',
      groups: [],
    });
    expect(noTrace).toEqual([]);
  });
});
