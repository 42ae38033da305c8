import { describe, expect, it } from 'vitest';
import { chooseDecision, documentDecision, type Decision } from '../../src/graph/actions.ts';
import type { AllocResult } from '../../src/graph/resultIndex.ts';
import { loadScenario } from './helpers.ts';

const alloc = loadScenario('canary-awaiting-promotion').Allocations[0]!;
const canary = loadScenario('canary-awaiting-promotion').Allocations[3]!;

function place(Reschedule: boolean): AllocResult['replacement'] {
  return { Name: alloc.Name, TaskGroup: alloc.TaskGroup, Canary: false, PreviousAllocID: alloc.ID, Reschedule };
}

function stop(ClientStatus: string, StatusDescription: string): AllocResult['stop'] {
  return { AllocID: alloc.ID, Name: alloc.Name, ClientStatus, StatusDescription, FollowupEvalID: '' };
}

describe('documentDecision', () => {
  it.each<[string, AllocResult | undefined, Decision['action']]>([
    ['nothing', undefined, 'ignore'],
    ['a stop', { stop: stop('', 'alloc not needed due to job update') }, 'stop'],
    ['a lost stop', { stop: stop('lost', 'alloc is lost since its node is down') }, 'lost'],
    [
      'a destructive update',
      { destructive: { Name: alloc.Name, TaskGroup: 'web', StopAllocID: alloc.ID, StopStatusDescription: 'x' } },
      'destructive',
    ],
    ['an in-place update', { inplace: { AllocID: alloc.ID, Name: alloc.Name, TaskGroup: 'web' } }, 'inplace'],
    [
      'a rescheduling placement (and its stop)',
      { replacement: place(true), stop: stop('', 'alloc was rescheduled because it failed') },
      'reschedule-now',
    ],
    [
      'a migrating placement (and its stop)',
      { replacement: place(false), stop: stop('', 'alloc is being migrated') },
      'migrate',
    ],
    [
      'an attribute update',
      { attribute: { AllocID: alloc.ID, Name: alloc.Name, FollowupEvalID: 'e' } },
      'reschedule-later',
    ],
  ])('reads %s', (_, result, action) => {
    expect(documentDecision(alloc, result).action).toBe(action);
  });

  it('keeps an untouched canary as a canary', () => {
    expect(documentDecision(canary, undefined).action).toBe('canary');
  });

  it('gives the stop reason', () => {
    expect(documentDecision(alloc, { stop: stop('', 'alloc not needed') }).reason).toBe('alloc not needed');
  });
});

describe('chooseDecision', () => {
  const traced: Decision = { action: 'ignore', step: 'computeUpdates', reason: 'job modify index unchanged' };
  it('prefers the trace', () => {
    const d: Decision = { action: 'destructive', step: 'computeUpdates', reason: 'r' };
    expect(chooseDecision(d, documentDecision(alloc, undefined))).toBe(d);
  });
  it('lets the document override a traced ignore that the result contradicts', () => {
    const doc = documentDecision(alloc, { attribute: { AllocID: alloc.ID, Name: alloc.Name, FollowupEvalID: 'e' } });
    expect(chooseDecision(traced, doc)).toBe(doc);
  });
  it('keeps a traced ignore for an untouched canary', () => {
    expect(chooseDecision(traced, documentDecision(canary, undefined))).toBe(traced);
  });
});
