import { describe, expect, it } from 'vitest';
import { applyClientEvent } from '../../src/store/runEvents.ts';
import { initialRunState } from '../../src/store/runSlice.ts';
import type { RunState } from '../../src/store/state.ts';
import type { RunSuccess } from '../../src/worker/protocol.ts';

const success = {
  type: 'result',
  ok: true,
  seq: 1,
  scenario: {},
  document: {},
  trace: null,
  millis: 3,
} as unknown as RunSuccess;

function withGood(): RunState {
  return { ...initialRunState(), ...applyClientEvent(initialRunState(), { type: 'response', response: success }) };
}

describe('applyClientEvent', () => {
  it('shows a good result and clears problems', () => {
    const s = withGood();
    expect(s.status).toBe('ok');
    expect(s.stale).toBe(false);
    expect(s.result?.seq).toBe(1);
  });

  it('keeps the same empty list of problems from one good result to the next', () => {
    const before = withGood();
    const s = applyClientEvent(before, { type: 'response', response: { ...success, seq: 2 } });
    expect(s.diagnostics).toBe(before.diagnostics);
  });

  it('keeps the last good result, marked stale, while the text is invalid', () => {
    const before = withGood();
    const diagnostics = [
      {
        code: 'json-syntax' as const,
        path: '',
        message: 'x',
        tab: 'job' as const,
        line: 2,
        column: 1,
        endLine: 2,
        endColumn: 2,
      },
    ];
    const s = {
      ...before,
      ...applyClientEvent(before, {
        type: 'response',
        response: { type: 'result', ok: false, seq: 2, diagnostics, millis: 1 },
      }),
    };
    expect(s.result).toBe(before.result);
    expect(s.stale).toBe(true);
    expect(s.diagnostics).toEqual(diagnostics);
  });

  it('does not mark stale when there was never a result', () => {
    const s = applyClientEvent(initialRunState(), {
      type: 'response',
      response: { type: 'result', ok: false, seq: 1, diagnostics: [], millis: 1 },
    });
    expect(s.stale).toBe(false);
  });

  it('says clearly that a slow run was stopped and restarted', () => {
    const s = applyClientEvent(withGood(), { type: 'timeout', seq: 2, millis: 3000 });
    expect(s.status).toBe('timeout');
    expect(s.stale).toBe(true);
    expect(s.notice).toMatch(/longer than 3 s.*restarted/);
  });

  it('reports a crash of the engine with its message', () => {
    const s = applyClientEvent(withGood(), { type: 'response', response: { type: 'crash', seq: 2, message: 'bug' } });
    expect(s.status).toBe('crashed');
    expect(s.notice).toMatch(/bug/);
  });
});
