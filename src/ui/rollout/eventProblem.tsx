// Why an event changed nothing, in the Rollout tab's own words, made from
// the problem's code and facts (never from the simulator's sentence): what
// it names is set apart, an ID as code, a name in bold.

import type { ReactNode } from 'react';
import { diagnosticText } from '../../scenario/diagnostics.ts';
import type { EventProblem } from '../../simulator/eventProblem.ts';

/** eventProblemWords says why an event was ignored, as markup. */
export function eventProblemWords(p: EventProblem): ReactNode {
  const name = <strong>{p.subject}</strong>;
  const id = <code>{JSON.stringify(p.subject ?? '')}</code>;
  switch (p.code) {
    case 'unknown-node':
      return <>no node has ID {id}</>;
    case 'node-already-down':
      return <>{name} is already down</>;
    case 'node-already-disconnected':
      return (
        <>
          {name} is already disconnected; it comes back with Up, or is marked down when none of its allocations may
          reconnect
        </>
      );
    case 'node-already-ready':
      return <>{name} is already ready</>;
    case 'node-already-draining':
      return <>{name} is already draining</>;
    case 'node-already-ineligible':
      return <>{name} is already ineligible</>;
    case 'node-already-eligible':
      return <>{name} is already eligible</>;
    case 'node-draining':
      return <>{name} is draining; it becomes eligible once the drain is done and it is marked eligible</>;
    case 'unknown-alloc':
      return <>no allocation has ID {id}</>;
    case 'alloc-stopped':
      return <>{name} has already stopped</>;
    case 'alloc-node-down':
      return <>{name} is on a node that is down, which reports nothing</>;
    case 'alloc-node-disconnected':
      return <>{name} is on a disconnected node, which reports nothing until it is back</>;
    case 'alloc-health-reported':
      return <>{name} has already reported its health</>;
    case 'no-deployment':
      return <>the job has no deployment</>;
    case 'deployment-ended':
      return (
        <>
          deployment has terminal status <strong>{JSON.stringify(p.status ?? '')}</strong>
        </>
      );
    case 'canaries-unhealthy':
      return (p.shortfalls ?? []).map((s, i) => (
        <span key={s.group}>
          {i > 0 && '; '}task group <strong>{JSON.stringify(s.group)}</strong> has {s.healthy}/{s.desired} healthy
          allocations
        </span>
      ));
    case 'unknown-group':
      return (
        <>
          the job has no task group <strong>{JSON.stringify(p.subject ?? '')}</strong>
        </>
      );
    case 'job-already-stopped':
      return <>the job is already stopped</>;
    case 'job-already-running':
      return <>the job is already running</>;
    case 'job-invalid':
      return (
        <>
          the edited job is not valid: {p.diagnostic === undefined ? null : <code>{diagnosticText(p.diagnostic)}</code>}
        </>
      );
    case 'job-id-changed':
      return (
        <>
          the edited job has ID {id}, not <code>{JSON.stringify(p.expected ?? '')}</code>
        </>
      );
  }
}
