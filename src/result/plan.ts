// The result document as `nomad job plan` shows it: per task group, the
// counts of what the scheduler will do, in Nomad's words (upstream:
// scheduler/annotate.go for the words, command/job_plan.go formatTaskGroupDiff
// for the order and the layout, at dccea99f7e). The job diff that `nomad job
// plan` prints around the annotations is not modelled: there is no previous
// job to compare with.

import type { ResultDocument } from './document.ts';

/** PlanKind is what a count means, so that a UI can colour it as the CLI does. */
export type PlanKind = 'create' | 'destroy' | 'update' | 'inplace' | 'ignore' | 'canary' | 'migrate';

/** PlanCount is one annotation of a task group: "2 canary". */
export interface PlanCount {
  label: string;
  count: number;
  kind: PlanKind;
}

/** PlanGroup is a task group with its non-zero annotations, in Nomad's order. */
export interface PlanGroup {
  group: string;
  counts: PlanCount[];
}

type DesiredKey = keyof ResultDocument['DesiredTGUpdates'][string];

/** PlanAnnotation is a DesiredUpdates field with the word Nomad's annotate.go gives it and the colour it is shown in. */
export interface PlanAnnotation {
  field: DesiredKey;
  label: string;
  kind: PlanKind;
}

/** PLAN_ANNOTATIONS are the DesiredUpdates fields in annotate.go's order: what a view names a count by. */
export const PLAN_ANNOTATIONS: readonly PlanAnnotation[] = [
  { field: 'Ignore', label: 'ignore', kind: 'ignore' },
  { field: 'Place', label: 'create', kind: 'create' },
  { field: 'Migrate', label: 'migrate', kind: 'migrate' },
  { field: 'Stop', label: 'destroy', kind: 'destroy' },
  { field: 'Canary', label: 'canary', kind: 'canary' },
  { field: 'InPlaceUpdate', label: 'in-place update', kind: 'inplace' },
  { field: 'DestructiveUpdate', label: 'create/destroy update', kind: 'update' },
];

// Go's sort.Strings compares bytes; so does this, unlike localeCompare.
function byteOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * planLines lists every task group of the result, sorted by name, with its
 * non-zero counts sorted by their wording as `nomad job plan` sorts them
 * (canary, create, create/destroy update, destroy, ignore, in-place update,
 * migrate).
 */
export function planLines(doc: ResultDocument): PlanGroup[] {
  const groups = Object.keys(doc.DesiredTGUpdates).sort(byteOrder);
  return groups.map((group) => {
    const desired = doc.DesiredTGUpdates[group];
    const counts: PlanCount[] = [];
    if (desired) {
      for (const a of PLAN_ANNOTATIONS) {
        const count = desired[a.field];
        if (count !== 0) counts.push({ label: a.label, count, kind: a.kind });
      }
    }
    counts.sort((x, y) => byteOrder(x.label, y.label));
    return { group, counts };
  });
}

/** formatGroupLine renders one group as `Task Group: "web" (1 create, 3 ignore)`. */
export function formatGroupLine(g: PlanGroup): string {
  const head = `Task Group: ${JSON.stringify(g.group)}`;
  if (g.counts.length === 0) return head;
  return `${head} (${g.counts.map((c) => `${c.count} ${c.label}`).join(', ')})`;
}

// followupAllocs counts, per follow-up evaluation ID, the allocations that
// wait for it: failed ones annotated for a later reschedule and lost ones
// whose stop is delayed.
function followupAllocs(doc: ResultDocument): Map<string, number> {
  const counts = new Map<string, number>();
  const refs = [...doc.AttributeUpdates, ...doc.Stop].map((a) => a.FollowupEvalID);
  for (const id of refs) {
    if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * formatPlan renders a result document as text: the task group annotations
 * of `nomad job plan`, then the deployment it creates, the updates to the
 * existing deployment, and the follow-up evaluations with their WaitUntil
 * times. The text ends with a newline.
 */
export function formatPlan(doc: ResultDocument): string {
  const out: string[] = planLines(doc).map(formatGroupLine);

  const d = doc.Deployment;
  if (d) {
    out.push('');
    out.push(`Deployment created: ${d.ID} (status ${JSON.stringify(d.Status)}: ${d.StatusDescription})`);
    for (const name of Object.keys(d.TaskGroups ?? {}).sort(byteOrder)) {
      const s = d.TaskGroups[name];
      if (!s) continue;
      const canaries = s.DesiredCanaries ? `, ${plural(s.DesiredCanaries, 'desired canary')}` : '';
      out.push(`  Task Group ${JSON.stringify(name)}: ${s.DesiredTotal} desired total${canaries}`);
    }
  }

  if (doc.DeploymentUpdates.length > 0) out.push('');
  for (const u of doc.DeploymentUpdates) {
    out.push(`Deployment update: ${u.DeploymentID} -> ${JSON.stringify(u.Status)} (${u.StatusDescription})`);
  }

  const waiting = followupAllocs(doc);
  const evalGroups = Object.keys(doc.DesiredFollowupEvals).sort(byteOrder);
  const evals = evalGroups.flatMap((g) => (doc.DesiredFollowupEvals[g] ?? []).map((e) => ({ g, e })));
  if (evals.length > 0) out.push('');
  for (const { g, e } of evals) {
    const n = waiting.get(e.ID) ?? 0;
    out.push(
      `Follow-up evaluation for ${JSON.stringify(g)}: ${e.ID} waits until ${e.WaitUntil} ` +
        `(${e.TriggeredBy}, ${plural(n, 'allocation')})`,
    );
  }

  return out.join('\n') + '\n';
}
