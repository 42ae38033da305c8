import { describe, expect, it } from 'vitest';
import { formatExplain } from '../../src/cli/explain.ts';
import type { GroupTrace, ReconcileTrace } from '../../src/engine/types.ts';

const group: GroupTrace = {
  group: 'web',
  removed: false,
  steps: [
    { step: 'filterByTainted', note: 'split by node', sets: { untainted: ['a0', 'a2'], migrate: ['a1'], lost: [] } },
  ],
  existingDeployment: false,
  canaryState: false,
  canaryCode: 'none-wanted',
  canaryReason: 'no deployment asks for canaries',
  requireCanary: false,
  limit: 1,
  limitCode: 'max-parallel',
  limitReason: 'MaxParallel 1',
  deploymentComplete: true,
  decisions: [
    {
      allocID: 'a0',
      name: 'web.web[0]',
      action: 'ignore',
      step: 'computeUpdates',
      code: 'update-ignore',
      reason: 'same job version',
    },
    {
      allocID: 'a1',
      name: 'web.web[1]',
      action: 'migrate',
      step: 'computeGroup',
      code: 'migrating',
      reason: 'marked for migration',
    },
  ],
};

describe('formatExplain', () => {
  it('prints steps with their sets, canary state, limit and decisions', () => {
    const trace: ReconcileTrace = {
      jobStopped: false,
      deploymentCode: 'none',
      deploymentNote: 'There is no deployment.',
      groups: [group],
    };
    expect(formatExplain(trace)).toBe(
      [
        'There is no deployment.',
        '',
        'Task Group "web"',
        '  Steps:',
        '    filterByTainted — split by node',
        '      untainted (2): a0, a2',
        '      migrate (1): a1',
        '      lost (0): -',
        '  Existing deployment state for the group: no',
        '  Canary state: no — no deployment asks for canaries',
        '  Canaries required: no',
        '  Limit: 1 — MaxParallel 1',
        '  Deployment complete for the group: yes',
        '  Decisions:',
        '    a0 web.web[0]: ignore [computeUpdates] — same job version',
        '    a1 web.web[1]: migrate [computeGroup] — marked for migration',
        '',
      ].join('\n'),
    );
  });

  it('says when the job is stopped and when a group was removed', () => {
    const text = formatExplain({
      jobStopped: true,
      deploymentCode: null,
      deploymentNote: '',
      groups: [{ ...group, removed: true, steps: [], decisions: [] }],
    });
    expect(text.split('\n').slice(0, 3)).toEqual([
      'Job is stopped: every allocation stops.',
      '',
      'Task Group "web" (removed from the job: every allocation stops)',
    ]);
    expect(text).toContain('Decisions: none');
  });
});
