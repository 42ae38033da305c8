// The difference between two moments of a rollout, allocation by
// allocation: which are new, and what changed in the others (client and
// desired status, health, job version, node, the drainer's mark).

import type { Allocation } from '../engine/structs.ts';
import type { Scenario } from '../scenario/read.ts';

/** AllocChange is one allocation that differs between two moments. */
export interface AllocChange {
  AllocID: string;
  Name: string;
  /** New is true for an allocation the earlier moment did not have. */
  New: boolean;
  /** Changes says what changed, one phrase per field ("ClientStatus pending → running"). */
  Changes: string[];
}

// The fields compared, with how each is shown.
const FIELDS: { name: string; show: (a: Allocation) => string }[] = [
  { name: 'ClientStatus', show: (a) => a.ClientStatus },
  { name: 'DesiredStatus', show: (a) => a.DesiredStatus },
  {
    name: 'Health',
    show: (a) => (a.DeploymentStatus?.Healthy == null ? 'unset' : a.DeploymentStatus.Healthy ? 'healthy' : 'unhealthy'),
  },
  { name: 'Canary', show: (a) => (a.DeploymentStatus?.Canary ? 'yes' : 'no') },
  { name: 'JobVersion', show: (a) => String(a.Job.Version) },
  { name: 'NodeID', show: (a) => a.NodeID },
  { name: 'Migrate', show: (a) => (a.DesiredTransition.Migrate ? 'marked' : 'not marked') },
];

/** compareScenarios lists the allocations of `later` that are new or changed since `earlier`, in `later`'s order. */
export function compareScenarios(earlier: Scenario, later: Scenario): AllocChange[] {
  const before = new Map(earlier.Allocations.map((a) => [a.ID, a]));
  const out: AllocChange[] = [];
  for (const a of later.Allocations) {
    const b = before.get(a.ID);
    if (b === undefined) {
      out.push({ AllocID: a.ID, Name: a.Name, New: true, Changes: [] });
      continue;
    }
    if (a === b) continue;
    const changes = FIELDS.filter((f) => f.show(a) !== f.show(b)).map((f) => `${f.name} ${f.show(b)} → ${f.show(a)}`);
    if (changes.length > 0) out.push({ AllocID: a.ID, Name: a.Name, New: false, Changes: changes });
  }
  return out;
}
