import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DiagnosticCode } from '../../src/scenario/diagnostics.ts';
import { type EventProblemCode, type EventProblemFacts, eventProblem } from '../../src/simulator/eventProblem.ts';
import { eventProblemWords } from '../../src/ui/rollout/eventProblem.tsx';

const words = (facts: EventProblemFacts) =>
  renderToStaticMarkup(createElement(Fragment, null, eventProblemWords(eventProblem(facts))));
const text = (facts: EventProblemFacts) =>
  words(facts)
    .replace(/<[^>]+>/g, '')
    .replaceAll('&quot;', '"');

// One problem of every code (the Record makes a new code without an entry a type error).
const EXAMPLES: Record<EventProblemCode, Omit<EventProblemFacts, 'code'>> = {
  'unknown-node': { subject: 'node-9' },
  'node-already-down': { subject: 'node-1' },
  'node-already-disconnected': { subject: 'node-1' },
  'node-already-ready': { subject: 'node-1' },
  'node-already-draining': { subject: 'node-2' },
  'node-already-ineligible': { subject: 'node-3' },
  'node-already-eligible': { subject: 'node-3' },
  'node-draining': { subject: 'node-2' },
  'unknown-alloc': { subject: 'nope' },
  'alloc-stopped': { subject: 'web.web[0]' },
  'alloc-node-down': { subject: 'web.web[0]' },
  'alloc-node-disconnected': { subject: 'web.web[0]' },
  'alloc-health-reported': { subject: 'web.web[1]' },
  'no-deployment': {},
  'deployment-ended': { status: 'successful' },
  'canaries-unhealthy': {
    shortfalls: [
      { group: 'web', healthy: 0, desired: 2 },
      { group: 'api', healthy: 1, desired: 3 },
    ],
  },
  'unknown-group': { subject: 'api' },
  'job-already-stopped': {},
  'job-already-running': {},
  'job-invalid': {
    diagnostic: { code: DiagnosticCode.WrongType, path: 'Job.TaskGroups', message: 'expected an array, got "web"' },
  },
  'job-id-changed': { subject: 'api', expected: 'web' },
};

describe('eventProblemWords', () => {
  it.each(Object.entries(EXAMPLES))('%s reads as the simulator’s sentence', (code, facts) => {
    const p = { code: code as EventProblemCode, ...facts };
    expect(text(p)).toBe(eventProblem(p).message);
  });

  it('makes its words from the code and facts, not from the message', () => {
    const p = { ...eventProblem({ code: 'node-already-down', subject: 'node-1' }), message: 'SIMULATOR SENTENCE' };
    expect(renderToStaticMarkup(createElement(Fragment, null, eventProblemWords(p)))).toBe(
      '<strong>node-1</strong> is already down',
    );
    expect(words({ code: 'unknown-alloc', subject: 'nope' })).toBe(
      'no allocation has ID <code>&quot;nope&quot;</code>',
    );
  });
});
