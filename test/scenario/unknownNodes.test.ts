// Allocations on nodes that Nodes does not list: Nomad takes such a node
// for garbage-collected, so they are lost; the reader says so, once.

import { describe, expect, it } from 'vitest';
import { readScenario } from '../../src/scenario/read.ts';
import { FIXED_OPTIONS, minimalDoc } from './helpers.ts';

const alloc = (id: string, node: string) => ({ ID: id, Name: `web.web[${id}]`, TaskGroup: 'web', NodeID: node });

describe('allocations on unknown nodes', () => {
  it('are one warning, at the first of them, with how many and why they are lost', () => {
    const doc = minimalDoc({
      Nodes: [{ ID: 'n1', Status: 'ready' }],
      Allocations: [alloc('0', 'n1'), alloc('1', 'gone'), alloc('2', 'gone-too')],
    });
    const r = readScenario(JSON.stringify(doc), FIXED_OPTIONS);
    if (!r.ok) throw new Error('expected a scenario');
    expect(r.warnings).toMatchObject([
      {
        code: 'unknown-node',
        path: 'Allocations[1].NodeID',
        message:
          '2 allocations are on nodes not in Nodes (this one\'s: "gone"): Nomad treats a node it does not know as garbage-collected, so they are lost',
        line: 1,
      },
    ]);
  });

  it('say nothing when every node is known or an allocation has no node yet', () => {
    const doc = minimalDoc({
      Nodes: [{ ID: 'n1' }],
      Allocations: [alloc('0', 'n1'), { ID: 'p', Name: 'web.web[1]', TaskGroup: 'web' }],
    });
    const r = readScenario(JSON.stringify(doc), FIXED_OPTIONS);
    expect(r.ok && r.warnings).toBeUndefined();
  });
});
