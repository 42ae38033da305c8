// One thing a Nomad version's film does at a frame, in the Rollout tab's
// words, made from the fact's typed code (simulator/filmVersions.ts): a
// happening in happeningWords' words, a plan's fact in the graph's
// vocabulary for allocations' fates.

import type { ReactNode } from 'react';
import type { Instant } from '../../engine/structs.ts';
import { ACTIONS } from '../../graph/vocabulary.ts';
import type { FilmFact, PlanFact } from '../../simulator/filmVersions.ts';
import { sinceStart } from './describe.ts';
import { happeningWords } from './happening.tsx';

/** filmFactWords says what a fact is, as markup; `start` is the film's first instant, which times are counted from. */
export function filmFactWords(f: FilmFact, start: Instant): ReactNode {
  switch (f.Code) {
    case 'happening':
      return happeningWords(f.Happening);
    case 'plan':
      return planFactWords(f.Plan, start);
    case 'time':
      return <>the evaluation runs at {sinceStart(start, f.Time)}</>;
    case 'end':
      return (
        <>
          the film ends <strong>{f.Status}</strong>: {f.Reason}
        </>
      );
    case 'end-deployment':
      return (
        <>
          the deployment of job version {f.JobVersion} ends <strong>{f.Status}</strong>
        </>
      );
  }
}

// planFactWords says what a plan does to an allocation or a group.
function planFactWords(p: PlanFact, start: Instant): ReactNode {
  const alloc = (
    <>
      <strong>{p.Name}</strong> v{p.JobVersion}
    </>
  );
  switch (p.Code) {
    case 'place':
      return <>the plan places {alloc}</>;
    case 'canary':
      return <>the plan places {alloc} as a canary</>;
    case 'stop':
      return (
        <>
          the plan stops {alloc}: {p.Detail}
        </>
      );
    case 'lost':
      return (
        <>
          {alloc} is {ACTIONS.lost.description}; the plan stops it
        </>
      );
    case 'unknown':
      return <>the plan marks {alloc} unknown: it may reconnect until its max_client_disconnect runs out</>;
    case 'reconnect':
      return <>the plan keeps {alloc}, which reconnected</>;
    case 'destructive':
      return (
        <>
          {alloc}: {ACTIONS.destructive.description}
        </>
      );
    case 'inplace':
      return <>the plan updates {alloc} in place</>;
    case 'followup':
      return (
        <>
          the plan asks for an evaluation of group <strong>{p.Name}</strong> (<code>{p.TriggeredBy}</code>) at{' '}
          {sinceStart(start, p.WaitUntil ?? start)}
        </>
      );
  }
}
