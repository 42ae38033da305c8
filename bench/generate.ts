// Deterministic scenario documents of any size, for the benchmark and for
// tests that want a large, realistic cluster: a service job mid-rollout with
// running, failed, lost, draining and canary allocations and allocations of
// older job versions. The same options always give the same text.

/** GenerateOptions sizes a generated scenario. */
export interface GenerateOptions {
  /** allocs is the number of allocations (approximately: rounded to whole groups). */
  allocs: number;
  nodes: number;
  /** groups is the number of task groups; default 10. */
  groups?: number;
  /** seed makes a different but equally deterministic cluster; default 1. */
  seed?: number;
}

/** mulberry32 is a small seeded PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Doc = Record<string, unknown>;

const NOW_MS = Date.UTC(2026, 0, 1, 12, 0, 0);
const NS_PER_MS = 1e6;
const JOB_ID = 'bench';
const CURRENT_VERSION = 3;
const DEPLOYMENT_ID = 'dep-bench-v3';

function iso(ms: number): string {
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

// The tasks of each job version: v1 runs another image (a destructive update
// to v3), v2 differs from v3 only in priority (an in-place update).
function tasks(version: number): Doc[] {
  const image = version <= 1 ? 'registry.local/app:1.0' : 'registry.local/app:2.0';
  return [
    {
      Name: 'app',
      Driver: 'docker',
      Config: { image, ports: ['http'] },
      Env: { LOG_LEVEL: 'info' },
      Resources: { CPU: 250, MemoryMB: 256 },
      KillTimeout: 5_000_000_000,
    },
    { Name: 'sidecar', Driver: 'docker', Config: { image: 'envoy:1.30' }, Resources: { CPU: 50, MemoryMB: 64 } },
  ];
}

function groupName(g: number): string {
  return `group-${String(g).padStart(3, '0')}`;
}

// Groups whose number is a multiple of 4 roll out with two canaries.
function isCanaryGroup(g: number): boolean {
  return g % 4 === 0;
}

function job(version: number, groups: number, count: number): Doc {
  return {
    ID: JOB_ID,
    Name: JOB_ID,
    Namespace: 'default',
    Type: 'service',
    Version: version,
    Priority: version === 2 ? 60 : 50,
    CreateIndex: 10,
    ModifyIndex: 100 * version + 10,
    JobModifyIndex: 100 * version + 10,
    Datacenters: ['dc1', 'dc2'],
    Update: { MaxParallel: 5, MinHealthyTime: '10s', HealthyDeadline: '5m' },
    TaskGroups: Array.from({ length: groups }, (_, g) => ({
      Name: groupName(g),
      Count: count,
      ...(isCanaryGroup(g) ? { Update: { Canary: 2 } } : {}),
      ReschedulePolicy: { Delay: '30s', DelayFunction: 'exponential', MaxDelay: '1h', Unlimited: true },
      Migrate: { MaxParallel: 2 },
      Tasks: tasks(version),
    })),
  };
}

interface NodePools {
  ready: string[];
  down: string[];
  draining: string[];
}

function nodes(n: number): { docs: Doc[]; pools: NodePools } {
  const pools: NodePools = { ready: [], down: [], draining: [] };
  const docs: Doc[] = [];
  for (let i = 0; i < n; i++) {
    const id = `node-${String(i).padStart(5, '0')}`;
    // One node in twenty is down and one in twenty draining, at least one of each.
    const kind = i % 20 === 7 || i === 1 ? 'down' : i % 20 === 13 || i === 2 ? 'draining' : 'ready';
    pools[kind].push(id);
    docs.push({
      ID: id,
      Name: `client-${i}`,
      Datacenter: i % 2 === 0 ? 'dc1' : 'dc2',
      NodeClass: 'general',
      Status: kind === 'down' ? 'down' : 'ready',
      Drain: kind === 'draining',
      ...(kind === 'draining' ? { DrainStrategy: { Deadline: 3_600_000_000_000 } } : {}),
      SchedulingEligibility: kind === 'ready' ? 'eligible' : 'ineligible',
      NodeResources: { Cpu: { CpuShares: 8000 }, Memory: { MemoryMB: 16384 }, Disk: { DiskMB: 100000 } },
      Attributes: { 'kernel.name': 'linux', 'driver.docker': '1' },
    });
  }
  return { docs, pools };
}

/** generateScenario builds a scenario document (as an object) of about `allocs` allocations over `nodes` nodes. */
export function generateScenario(options: GenerateOptions): Doc {
  const rand = mulberry32(options.seed ?? 1);
  const groups = options.groups ?? 10;
  const perGroup = Math.max(4, Math.round(options.allocs / groups));
  // About 3% of each group's allocations are stopped history, which do not count towards Count.
  const count = perGroup - Math.floor(perGroup * 0.03);
  const { docs: nodeDocs, pools } = nodes(Math.max(3, options.nodes));
  const pick = (pool: string[]): string => pool[Math.floor(rand() * pool.length)] as string;

  const allocs: Doc[] = [];
  const deploymentGroups: Record<string, Doc> = {};
  let seq = 0;
  for (let g = 0; g < groups; g++) {
    const tg = groupName(g);
    const canaryIDs: string[] = [];
    let healthy = 0;
    // Before promotion a canary group runs only the previous version besides its canaries.
    const steady = isCanaryGroup(g) ? 2 : CURRENT_VERSION;
    for (let i = 0; i < perGroup; i++) {
      const id = `alloc-${String(seq++).padStart(7, '0')}`;
      const index = i < count ? i : i - count;
      const base: Doc = { ID: id, Name: `${JOB_ID}.${tg}[${index}]`, JobID: JOB_ID, TaskGroup: tg };
      const modifyTime = (NOW_MS - Math.floor(rand() * 3_600_000)) * NS_PER_MS;
      const r = rand();
      let alloc: Doc;
      if (i >= count) {
        alloc = { ...base, NodeID: pick(pools.ready), JobVersion: 1, DesiredStatus: 'stop', ClientStatus: 'complete' };
      } else if (isCanaryGroup(g) && canaryIDs.length < 2) {
        canaryIDs.push(id);
        healthy++;
        alloc = {
          ...base,
          NodeID: pick(pools.ready),
          JobVersion: CURRENT_VERSION,
          ClientStatus: 'running',
          DeploymentID: DEPLOYMENT_ID,
          DeploymentStatus: { Healthy: true, Canary: true },
        };
      } else if (r < 0.05) {
        // Failed: half long enough ago to be replaced now, half still within their delay.
        const finished = NOW_MS - (rand() < 0.5 ? 300_000 : 20_000);
        alloc = {
          ...base,
          NodeID: pick(pools.ready),
          JobVersion: steady,
          ClientStatus: 'failed',
          TaskStates: { app: { State: 'dead', Failed: true, FinishedAt: iso(finished) } },
          RescheduleTracker: {
            Events: [
              {
                RescheduleTime: (finished - 600_000) * NS_PER_MS,
                PrevAllocID: `${id}-prev`,
                PrevNodeID: pick(pools.ready),
                Delay: 30_000_000_000,
              },
            ],
          },
        };
      } else if (r < 0.08) {
        alloc = { ...base, NodeID: pick(pools.down), JobVersion: steady, ClientStatus: 'running' };
      } else if (r < 0.12) {
        alloc = {
          ...base,
          NodeID: pick(pools.draining),
          JobVersion: steady,
          ClientStatus: 'running',
          DesiredTransition: { Migrate: true },
        };
      } else if (r < 0.2) {
        alloc = { ...base, NodeID: pick(pools.ready), JobVersion: 2, ClientStatus: 'running' };
      } else if (r < 0.27) {
        alloc = { ...base, NodeID: pick(pools.ready), JobVersion: 1, ClientStatus: 'running' };
      } else if (steady !== CURRENT_VERSION) {
        alloc = { ...base, NodeID: pick(pools.ready), JobVersion: steady, ClientStatus: 'running' };
      } else {
        healthy++;
        alloc = {
          ...base,
          NodeID: pick(pools.ready),
          JobVersion: CURRENT_VERSION,
          ClientStatus: 'running',
          DeploymentID: DEPLOYMENT_ID,
          DeploymentStatus: { Healthy: true, Canary: false },
        };
      }
      alloc.ModifyTime = modifyTime;
      alloc.CreateIndex = 1000 + seq;
      allocs.push(alloc);
    }
    deploymentGroups[tg] = {
      AutoRevert: false,
      AutoPromote: false,
      ProgressDeadline: 600_000_000_000,
      Promoted: false,
      PlacedCanaries: canaryIDs,
      DesiredCanaries: isCanaryGroup(g) ? 2 : 0,
      DesiredTotal: count,
      PlacedAllocs: healthy,
      HealthyAllocs: healthy,
      UnhealthyAllocs: 0,
    };
  }

  return {
    Name: `Generated: ${allocs.length} allocations on ${nodeDocs.length} nodes`,
    Now: iso(NOW_MS),
    EvalID: 'eval-bench',
    Job: job(CURRENT_VERSION, groups, count),
    JobVersions: [job(1, groups, count), job(2, groups, count)],
    Nodes: nodeDocs,
    Allocations: allocs,
    Deployment: {
      ID: DEPLOYMENT_ID,
      JobID: JOB_ID,
      Namespace: 'default',
      JobVersion: CURRENT_VERSION,
      JobCreateIndex: 10,
      JobModifyIndex: 100 * CURRENT_VERSION + 10,
      Status: 'running',
      StatusDescription: 'Deployment is running but requires manual promotion',
      TaskGroups: deploymentGroups,
    },
  };
}

/** generateScenarioText is generateScenario as the JSON text a user would paste. */
export function generateScenarioText(options: GenerateOptions): string {
  return JSON.stringify(generateScenario(options));
}
