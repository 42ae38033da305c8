// One happening of a rollout, in the Rollout tab's own words, made from its
// kind and facts (never from the simulator's sentence). Allocations are
// named with a short ID and their job version beside the name: two
// allocations of a rollout often share a name (the old version's web[0]
// and its replacement).

import type { ReactNode } from 'react';
import type { Happening, HappeningAlloc } from '../../simulator/happenings.ts';
import { eventProblemWords } from './eventProblem.tsx';

/** AllocName shows an allocation's name, short ID and job version. */
function AllocName({ a }: { a: HappeningAlloc }) {
  return (
    <span title={`allocation ${a.ID}, job version ${a.JobVersion}`}>
      <strong>{a.Name}</strong> <code>{a.ID.slice(0, 8)}</code> v{a.JobVersion}
    </span>
  );
}

// allocOf is the allocation a happening of one allocation concerns.
function allocOf(h: Happening): HappeningAlloc {
  return { ID: h.AllocID ?? '', Name: h.Name ?? '', JobVersion: h.JobVersion ?? 0 };
}

const deployment = (h: Happening) => (h.DeploymentID ? <code>{h.DeploymentID.slice(0, 8)}</code> : null);

/** happeningWords says what a happening is, as markup. */
export function happeningWords(h: Happening): ReactNode {
  const alloc = <AllocName a={allocOf(h)} />;
  const node = <strong>{h.Name}</strong>;
  switch (h.Kind) {
    case 'event-ignored':
      return <>an event was ignored: {h.Problem === undefined ? null : eventProblemWords(h.Problem)}</>;
    case 'node-down':
      return <>node {node} is down</>;
    case 'node-disconnected':
      return <>node {node} missed its heartbeats: disconnected, its allocations may reconnect</>;
    case 'node-reconnected':
      return <>node {node} is back: it reconnects</>;
    case 'node-ready':
      return <>node {node} is ready again</>;
    case 'node-draining':
      return <>node {node} starts draining</>;
    case 'node-ineligible':
      return <>node {node} is ineligible for new allocations</>;
    case 'node-eligible':
      return <>node {node} is eligible again</>;
    case 'node-drained':
      return <>node {node} finished draining and stays ineligible</>;
    case 'drain-marked':
      return (
        <>
          the drainer marks{' '}
          {(h.Allocs ?? []).map((a, i) => (
            <span key={a.ID}>
              {i > 0 && ', '}
              <AllocName a={a} />
            </span>
          ))}{' '}
          for migration
        </>
      );
    case 'job-registered':
      return <>job version {h.JobVersion} is registered</>;
    case 'job-unchanged':
      return <>the job is registered again, unchanged (version {h.JobVersion})</>;
    case 'job-reverted':
      return (
        <>
          job version {h.FromVersion} is registered again, as version {h.JobVersion}
        </>
      );
    case 'alloc-running':
      return <>{alloc} is running</>;
    case 'alloc-unknown':
      return <>{alloc} is unknown: it may reconnect until its max_client_disconnect runs out</>;
    case 'alloc-reconnected':
      return <>{alloc} reconnected and keeps running</>;
    case 'alloc-healthy':
      return <>{alloc} is healthy</>;
    case 'alloc-unhealthy':
      return <>{alloc} is unhealthy: its healthy deadline passed</>;
    case 'alloc-failed':
      return <>{alloc} failed</>;
    case 'alloc-completed':
      return <>{alloc} completed</>;
    case 'alloc-never-healthy':
      return <>{alloc} will never pass its health checks</>;
    case 'replace-allowed':
      return <>the deployment watcher allows {alloc} to be replaced</>;
    case 'deployment-created':
      return (
        <>
          deployment {deployment(h)} created for job version {h.JobVersion}
        </>
      );
    case 'deployment-status':
      return (
        <>
          deployment {deployment(h)} is <strong>{h.Status}</strong>: {h.Detail}
        </>
      );
    case 'deployment-failed':
      return (
        <>
          deployment {deployment(h)} <strong>failed</strong>: {h.Detail}
        </>
      );
    case 'canaries-auto-promoted':
      return <>the deployment watcher promoted the canaries (auto_promote)</>;
    case 'canaries-promoted':
      return <>the canaries are promoted</>;
    case 'deployment-paused':
      return <>the deployment is paused</>;
    case 'deployment-resumed':
      return <>the deployment is resumed</>;
  }
}
