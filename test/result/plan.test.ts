import { describe, expect, it } from 'vitest';
import type { ResultDocument } from '../../src/result/document.ts';
import { formatGroupLine, formatPlan, planLines } from '../../src/result/plan.ts';

type Counts = ResultDocument['DesiredTGUpdates'][string];

const zero: Counts = { Ignore: 0, Place: 0, Migrate: 0, Stop: 0, InPlaceUpdate: 0, DestructiveUpdate: 0, Canary: 0 };

// doc builds a result document with only the fields the plan reads filled in.
function doc(groups: Record<string, Partial<Counts>>, extra: Partial<ResultDocument> = {}): ResultDocument {
  const DesiredTGUpdates: Record<string, Counts> = {};
  for (const [g, c] of Object.entries(groups)) DesiredTGUpdates[g] = { ...zero, ...c };
  return {
    Deployment: null,
    DeploymentUpdates: [],
    Place: [],
    DestructiveUpdate: [],
    InplaceUpdate: [],
    Stop: [],
    AttributeUpdates: [],
    DesiredTGUpdates,
    DesiredFollowupEvals: {},
    ...extra,
  };
}

describe('planLines', () => {
  it("uses Nomad's words for every count", () => {
    const [web] = planLines(
      doc({ web: { Ignore: 3, Place: 1, Migrate: 1, Stop: 4, InPlaceUpdate: 1, DestructiveUpdate: 1, Canary: 2 } }),
    );
    expect(web?.counts).toEqual([
      { label: 'canary', count: 2, kind: 'canary' },
      { label: 'create', count: 1, kind: 'create' },
      { label: 'create/destroy update', count: 1, kind: 'update' },
      { label: 'destroy', count: 4, kind: 'destroy' },
      { label: 'ignore', count: 3, kind: 'ignore' },
      { label: 'in-place update', count: 1, kind: 'inplace' },
      { label: 'migrate', count: 1, kind: 'migrate' },
    ]);
  });

  it('leaves out zero counts', () => {
    expect(planLines(doc({ web: { Ignore: 2, Migrate: 1 } }))[0]?.counts.map((c) => c.label)).toEqual([
      'ignore',
      'migrate',
    ]);
  });

  it('sorts groups by name, byte-wise as Go does', () => {
    const groups = planLines(doc({ web: { Place: 1 }, api: { Place: 1 }, Zeta: { Place: 1 }, cache: {} }));
    expect(groups.map((g) => g.group)).toEqual(['Zeta', 'api', 'cache', 'web']);
  });
});

describe('formatGroupLine', () => {
  it('prints the annotations as nomad job plan does', () => {
    const [web] = planLines(
      doc({ web: { Canary: 2, Place: 1, DestructiveUpdate: 1, Ignore: 3, InPlaceUpdate: 1, Migrate: 1 } }),
    );
    expect(formatGroupLine(web!)).toBe(
      'Task Group: "web" (2 canary, 1 create, 1 create/destroy update, 3 ignore, 1 in-place update, 1 migrate)',
    );
  });

  it('prints a group with nothing to do without parentheses', () => {
    expect(formatGroupLine({ group: 'web', counts: [] })).toBe('Task Group: "web"');
  });
});

describe('formatPlan', () => {
  it('prints groups, the created deployment, deployment updates and follow-up evaluations', () => {
    const text = formatPlan(
      doc(
        { web: { Place: 1, Stop: 1, Ignore: 2 }, api: { Canary: 1, Ignore: 2 } },
        {
          Deployment: {
            ID: 'dep-new',
            Status: 'running',
            StatusDescription: 'Deployment is running but requires manual promotion',
            TaskGroups: { api: { DesiredTotal: 2, DesiredCanaries: 1 } },
          } as unknown as ResultDocument['Deployment'],
          DeploymentUpdates: [
            {
              DeploymentID: 'dep-old',
              Status: 'cancelled',
              StatusDescription: 'Cancelled due to newer version of job',
            },
          ] as ResultDocument['DeploymentUpdates'],
          AttributeUpdates: [{ AllocID: 'a2', Name: 'web.web[2]', FollowupEvalID: 'eval-later' }],
          DesiredFollowupEvals: {
            web: [{ ID: 'eval-later', WaitUntil: '2026-01-01T00:10:50Z', TriggeredBy: 'alloc-failure' }],
          } as unknown as ResultDocument['DesiredFollowupEvals'],
        },
      ),
    );
    expect(text).toBe(
      [
        'Task Group: "api" (1 canary, 2 ignore)',
        'Task Group: "web" (1 create, 1 destroy, 2 ignore)',
        '',
        'Deployment created: dep-new (status "running": Deployment is running but requires manual promotion)',
        '  Task Group "api": 2 desired total, 1 desired canary',
        '',
        'Deployment update: dep-old -> "cancelled" (Cancelled due to newer version of job)',
        '',
        'Follow-up evaluation for "web": eval-later waits until 2026-01-01T00:10:50Z (alloc-failure, 1 allocation)',
        '',
      ].join('\n'),
    );
  });
});
