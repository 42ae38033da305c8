// Why an event changed nothing, as data: a code from one union that views
// and tests tell problems apart by, the facts a view makes its own words
// from, and the simulator's sentence, which the command line prints.

import { type Diagnostic, diagnosticText } from '../scenario/diagnostics.ts';

/** EventProblemCode names every reason the simulator ignores an event, as the Nomad API call it stands for would refuse it. */
export type EventProblemCode =
  | 'unknown-node'
  | 'node-already-down'
  | 'node-already-disconnected'
  | 'node-already-ready'
  | 'node-already-draining'
  | 'node-already-ineligible'
  | 'node-already-eligible'
  | 'node-draining'
  | 'unknown-alloc'
  | 'alloc-stopped'
  | 'alloc-node-down'
  | 'alloc-node-disconnected'
  | 'alloc-health-reported'
  | 'no-deployment'
  | 'deployment-ended'
  | 'canaries-unhealthy'
  | 'unknown-group'
  | 'job-already-stopped'
  | 'job-already-running'
  | 'job-invalid'
  | 'job-id-changed';

/** CanaryShortfall is a task group with fewer healthy canaries than it wants, which keeps a deployment from promotion. */
export interface CanaryShortfall {
  group: string;
  healthy: number;
  desired: number;
}

/**
 * EventProblemFacts are what a problem concerns. Which are set depends on
 * the code: `subject` for the node, allocation, task group or edited job ID
 * named; `status` for an ended deployment; `expected` for the job ID an
 * edit must keep; `shortfalls` for a promotion refused; `diagnostic` for an
 * edited job the reader refused.
 */
export interface EventProblemFacts {
  code: EventProblemCode;
  subject?: string;
  status?: string;
  expected?: string;
  shortfalls?: CanaryShortfall[];
  diagnostic?: Diagnostic;
}

/** EventProblem is why one event changed nothing: its code and facts, and the simulator's sentence for it. */
export interface EventProblem extends EventProblemFacts {
  message: string;
}

/** eventProblem makes a problem from its code and facts, with the simulator's sentence. */
export function eventProblem(facts: EventProblemFacts): EventProblem {
  return { ...facts, message: problemMessage(facts) };
}

// problemMessage is the simulator's sentence for a problem, in the words of the API's refusal.
function problemMessage(p: EventProblemFacts): string {
  const subject = p.subject ?? '';
  switch (p.code) {
    case 'unknown-node':
      return `no node has ID ${JSON.stringify(subject)}`;
    case 'node-already-down':
      return `${subject} is already down`;
    case 'node-already-disconnected':
      return `${subject} is already disconnected; it comes back with Up, or is marked down when none of its allocations may reconnect`;
    case 'node-already-ready':
      return `${subject} is already ready`;
    case 'node-already-draining':
      return `${subject} is already draining`;
    case 'node-already-ineligible':
      return `${subject} is already ineligible`;
    case 'node-already-eligible':
      return `${subject} is already eligible`;
    case 'node-draining':
      return `${subject} is draining; it becomes eligible once the drain is done and it is marked eligible`;
    case 'unknown-alloc':
      return `no allocation has ID ${JSON.stringify(subject)}`;
    case 'alloc-stopped':
      return `${subject} has already stopped`;
    case 'alloc-node-down':
      return `${subject} is on a node that is down, which reports nothing`;
    case 'alloc-node-disconnected':
      return `${subject} is on a disconnected node, which reports nothing until it is back`;
    case 'alloc-health-reported':
      return `${subject} has already reported its health`;
    case 'no-deployment':
      return 'the job has no deployment';
    case 'deployment-ended':
      return `deployment has terminal status ${JSON.stringify(p.status ?? '')}`;
    case 'canaries-unhealthy':
      return (p.shortfalls ?? [])
        .map((s) => `task group ${JSON.stringify(s.group)} has ${s.healthy}/${s.desired} healthy allocations`)
        .join('; ');
    case 'unknown-group':
      return `the job has no task group ${JSON.stringify(subject)}`;
    case 'job-already-stopped':
      return 'the job is already stopped';
    case 'job-already-running':
      return 'the job is already running';
    case 'job-invalid':
      return `the edited job is not valid: ${p.diagnostic === undefined ? '' : diagnosticText(p.diagnostic)}`;
    case 'job-id-changed':
      return `the edited job has ID ${JSON.stringify(subject)}, not ${JSON.stringify(p.expected ?? '')}`;
  }
}
