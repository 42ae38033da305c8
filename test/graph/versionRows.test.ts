// Compare versions as the Plan and Explanation show it: the rows made from
// the worker's comparison of two examples that differ, and the headline.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STEP_NAMES } from '../../src/graph/stepNames.ts';
import { versionRows, versionsHeadline } from '../../src/graph/versionRows.ts';
import type { NomadVersion } from '../../src/scenario/nomadVersion.ts';
import { splitScenario } from '../../src/scenario/tabs.ts';
import { handleRunAsync } from '../../src/worker/handle.ts';

async function compared(id: string) {
  const doc = JSON.parse(readFileSync(new URL(`../../src/examples/${id}.json`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;
  const r = await handleRunAsync({ type: 'run', seq: 1, texts: splitScenario(doc), compare: true });
  if (r.type !== 'result' || !r.ok || r.versions === undefined || 'refused' in r.versions)
    throw new Error(`${id}: expected a comparison`);
  const here: NomadVersion = r.scenario.NomadVersion ?? '0.12';
  return { here, versions: r.versions };
}

describe('versionRows', () => {
  it('disconnect-reconnect (1.6 against 0.12): the counts beside each other, and 0.12’s decision with its step', async () => {
    const { here, versions } = await compared('disconnect-reconnect');
    expect(here).toBe('1.6');
    const rows = versionRows(versions.comparison, here, versions.decisions);
    const api = rows.groups.get('api');
    expect(api?.counts).toEqual([{ label: 'destroy', kind: 'destroy', here: 1, there: 0 }]);
    expect(api?.followups).toBeNull();
    expect(api?.allocs.map((a) => a.allocID)).toEqual([...rows.allocs.keys()]);
    const original = rows.allocs.get('7f2e4b80-3d9c-4e5f-a01b-2c3d4e5f6a03');
    expect(original).toMatchObject({
      name: 'api.api[2]',
      group: 'api',
      here: 'reconnects, kept (client status running)',
      there: 'ignore',
      step: STEP_NAMES.filterByRescheduleable,
      upstream: 'filterByRescheduleable',
      reason: 'already replaced by a newer allocation',
    });
    const replacement = rows.allocs.get('8a3f5c91-4ead-4f60-b12c-3d4e5f6a7b04');
    expect(replacement).toMatchObject({ there: 'ignore', upstream: 'computeUpdates' });
    expect(replacement?.here).toMatch(/^stop /);
    expect(versionsHeadline(rows, 'Nomad 0.12')).toBe('Nomad 0.12 decides differently: 1 task group, 2 allocations.');
  });

  it('node-down (0.12 against 1.6): 1.6 replaces the lost allocations naming them, decided as lost in filterByTainted', async () => {
    const { here, versions } = await compared('node-down');
    expect(here).toBe('0.12');
    const rows = versionRows(versions.comparison, here, versions.decisions);
    expect(rows.groups.get('web')?.counts).toEqual([]);
    expect(rows.allocs.size).toBe(2);
    for (const a of rows.allocs.values()) {
      expect(a.there).toMatch(/; replaced \(lost\)$/);
      expect(a.here).not.toMatch(/replaced/);
      expect(a).toMatchObject({ upstream: 'filterByTainted', step: STEP_NAMES.filterByTainted });
    }
  });

  it('a comparison with no difference has no rows, and says the other version decides the same', () => {
    const rows = versionRows({ Same: true, Groups: [], Allocations: [] }, '0.12', []);
    expect(rows.groups.size).toBe(0);
    expect(versionsHeadline(rows, 'Nomad 1.6')).toBe('Nomad 1.6 decides the same.');
  });

  it('an allocation the other version’s trace has no decision for keeps its actions, with no step', () => {
    const rows = versionRows(
      {
        Same: false,
        Groups: [],
        Allocations: [
          {
            AllocID: 'a',
            Name: 'web.web[0]',
            TaskGroup: 'web',
            Decisions: {
              '0.12': { Actions: [{ Action: 'ignore' }], Code: null },
              '1.6': { Actions: [{ Action: 'inplace-update' }], Code: null },
            },
          },
        ],
      },
      '0.12',
      [],
    );
    expect(rows.allocs.get('a')).toMatchObject({ here: 'ignore', there: 'in-place update', step: null, reason: null });
    expect(versionsHeadline(rows, 'Nomad 1.6')).toBe('Nomad 1.6 decides differently: 1 task group, 1 allocation.');
  });
});
