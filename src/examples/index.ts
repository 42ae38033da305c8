// The library of teaching scenarios: one scenario document per file beside
// this one, each with a Name and a Markdown Description of what to notice.
// Each document is loaded only when it is chosen, so the library costs the
// first page load nothing but this list. test/examples/ asserts what the
// reconciler decides for each, worked out by hand from upstream.

/** ExampleDocument is a scenario document as it is stored: parsed JSON. */
export type ExampleDocument = Record<string, unknown>;

/** Example is one entry of the library. */
export interface Example {
  /** id is the file name without `.json`, stable for links and tests. */
  id: string;
  title: string;
  /** summary is one line for the menu. */
  summary: string;
  /** surprise marks the behaviours Nomad users keep asking about. */
  surprise?: boolean;
  /** rollout marks a scenario that carries events: it opens on the rollout simulator. */
  rollout?: boolean;
  /** load reads the scenario document. */
  load: () => Promise<ExampleDocument>;
}

// json turns a JSON module import into its document.
const json = (p: Promise<{ default: unknown }>) => p.then((m) => m.default as ExampleDocument);

/** EXAMPLES lists the library in the order the menu shows it: basics first, then failures, surprises, and whole rollouts. */
export const EXAMPLES: readonly Example[] = [
  {
    id: 'first-placement',
    title: 'First placement',
    summary: 'A new job: count allocations placed, a deployment created.',
    load: () => json(import('./first-placement.json')),
  },
  {
    id: 'scale-up-and-down',
    title: 'Scale up and down',
    summary: 'Which indexes are added and which are stopped.',
    load: () => json(import('./scale-up-and-down.json')),
  },
  {
    id: 'in-place-update',
    title: 'In-place update',
    summary: 'A service tag change updates every allocation where it runs.',
    load: () => json(import('./in-place-update.json')),
  },
  {
    id: 'rolling-update',
    title: 'Rolling update with max_parallel',
    summary: 'An image change replaced max_parallel at a time, mid-rollout.',
    load: () => json(import('./rolling-update.json')),
  },
  {
    id: 'canary-manual-promotion',
    title: 'Canary deployment awaiting promotion',
    summary: 'Two canaries placed beside the old version; nothing else moves.',
    load: () => json(import('./canary-manual-promotion.json')),
  },
  {
    id: 'canary-auto-promote',
    title: 'Auto-promoted canary',
    summary: 'auto_promote: a canary pending automatic promotion.',
    load: () => json(import('./canary-auto-promote.json')),
  },
  {
    id: 'canary-promoted',
    title: 'Canary promoted: the rollout continues',
    summary: 'After promotion the old twin stops and the rolling update starts.',
    load: () => json(import('./canary-promoted.json')),
  },
  {
    id: 'failed-deployment',
    title: 'Failed deployment',
    summary: 'The unhealthy canary is stopped and the rollout is frozen.',
    load: () => json(import('./failed-deployment.json')),
  },
  {
    id: 'node-down',
    title: 'Node down: lost allocations',
    summary: 'Allocations on a down node are lost and placed again.',
    load: () => json(import('./node-down.json')),
  },
  {
    id: 'node-drain',
    title: 'Node draining: migrations',
    summary: 'Only the allocations the drainer marked are migrated.',
    load: () => json(import('./node-drain.json')),
  },
  {
    id: 'reschedule-now-and-later',
    title: 'Failed allocations rescheduled now and later',
    summary: 'One replaced now, one after an exponential delay.',
    load: () => json(import('./reschedule-now-and-later.json')),
  },
  {
    id: 'batch-finished-kept',
    title: 'Batch job: finished allocations are kept',
    summary: 'Completed batch work is not run again; a failure is.',
    load: () => json(import('./batch-finished-kept.json')),
  },
  {
    id: 'stop-after-client-disconnect',
    title: 'stop_after_client_disconnect',
    summary: 'A lost allocation replaced only after the client stops it.',
    load: () => json(import('./stop-after-client-disconnect.json')),
  },
  {
    id: 'multiregion-paused',
    title: 'Multiregion: waiting for the peer region',
    summary: 'The second region creates a paused deployment and places nothing.',
    load: () => json(import('./multiregion-paused.json')),
  },
  {
    id: 'multiregion-blocked',
    title: 'Multiregion: complete, blocked on the peer',
    summary: 'A finished region blocks instead of succeeding.',
    load: () => json(import('./multiregion-blocked.json')),
  },
  {
    id: 'removed-group',
    title: 'Removed task group',
    summary: 'A group gone from the job: its allocations stop.',
    load: () => json(import('./removed-group.json')),
  },
  {
    id: 'stopped-job',
    title: 'Stopped job',
    summary: 'Everything stops and the running deployment is cancelled.',
    load: () => json(import('./stopped-job.json')),
  },
  {
    id: 'surprise-meta-destructive',
    title: 'Surprise: a meta-only change is destructive',
    summary: 'Changing meta replaces allocations.',
    surprise: true,
    load: () => json(import('./surprise-meta-destructive.json')),
  },
  {
    id: 'surprise-datacenter-inplace',
    title: 'Surprise: a datacenter change is in place',
    summary: 'Adding a datacenter moves nothing.',
    surprise: true,
    load: () => json(import('./surprise-datacenter-inplace.json')),
  },
  {
    id: 'surprise-max-parallel-inplace',
    title: 'Surprise: max_parallel does not limit in-place updates',
    summary: 'One destructive update at a time, every in-place update at once.',
    surprise: true,
    load: () => json(import('./surprise-max-parallel-inplace.json')),
  },
  {
    id: 'surprise-max-parallel-above-count',
    title: 'Surprise: max_parallel larger than count',
    summary: 'Every allocation replaced at once.',
    surprise: true,
    load: () => json(import('./surprise-max-parallel-above-count.json')),
  },
  {
    id: 'disconnect-max-client-disconnect',
    title: 'Nomad 1.6: a client disconnects (max_client_disconnect)',
    summary: 'The allocation turns unknown, is replaced after its delay, lost at the timeout.',
    load: () => json(import('./disconnect-max-client-disconnect.json')),
  },
  {
    id: 'disconnect-without-max-client-disconnect',
    title: 'Nomad 1.6: a client disconnects (no max_client_disconnect)',
    summary: 'Lost at once, replaced under its name, at its own job version.',
    load: () => json(import('./disconnect-without-max-client-disconnect.json')),
  },
  {
    id: 'disconnect-reconnect',
    title: 'Nomad 1.6: a disconnected client reconnects',
    summary: 'The original is kept; its replacement stops.',
    load: () => json(import('./disconnect-reconnect.json')),
  },
  {
    id: 'canary-downgrade',
    title: 'Nomad 1.6: a failure during canaries is replaced at its own version',
    summary: 'Replaced at the promoted version under 1.6, at the new one under 0.12.',
    load: () => json(import('./canary-downgrade.json')),
  },
  {
    id: 'drain-during-canaries',
    title: 'Nomad 1.6: draining a node while canaries await promotion',
    summary: 'Replaced at the promoted version, or as a canary if it was one (1.6).',
    load: () => json(import('./drain-during-canaries.json')),
  },
  {
    id: 'memory-max-destructive',
    title: 'Nomad 1.6: raising memory_max replaces allocations',
    summary: 'A change 1.6 compares and 0.12 does not see: replaced, not in place.',
    load: () => json(import('./memory-max-destructive.json')),
  },
  {
    id: 'datacenter-left',
    title: 'Nomad 1.6: leaving a datacenter replaces its allocations',
    summary: 'Nodes outside the job’s datacenters: replaced under 1.6, in place under 0.12.',
    load: () => json(import('./datacenter-left.json')),
  },
  {
    id: 'node-pool-moved',
    title: 'Nomad 1.6: moving a job to another node pool',
    summary: 'Nodes outside the new pool: replaced under 1.6, in place under 0.12.',
    load: () => json(import('./node-pool-moved.json')),
  },
  {
    id: 'batch-preempted',
    title: 'Nomad 1.6: a preempted batch allocation runs again',
    summary: 'Evicted, its task killed: placed again under 1.6, counted as done under 0.12.',
    load: () => json(import('./batch-preempted.json')),
  },
  {
    id: 'rollout-canary',
    title: 'Rollout: canaries, promotion, success',
    summary: 'The whole canary rollout, evaluation by evaluation, with a promotion.',
    rollout: true,
    load: () => json(import('./rollout-canary.json')),
  },
  {
    id: 'rollout-auto-revert',
    title: 'Rollout: a failing canary is reverted',
    summary: 'An unhealthy canary, the progress deadline, and auto_revert.',
    rollout: true,
    load: () => json(import('./rollout-auto-revert.json')),
  },
  {
    id: 'rollout-disconnect',
    title: 'Rollout (Nomad 1.6): a client disconnects and comes back',
    summary: 'Unknown, replaced after 30 s, reconnected: the original stays.',
    rollout: true,
    load: () => json(import('./rollout-disconnect.json')),
  },
  {
    id: 'rollout-drain',
    title: 'Rollout: draining a node',
    summary: 'The drainer migrates one allocation at a time (migrate max_parallel).',
    rollout: true,
    load: () => json(import('./rollout-drain.json')),
  },
];

/** findExample is the library entry with this id, or undefined. */
export function findExample(id: string): Example | undefined {
  return EXAMPLES.find((e) => e.id === id);
}
