// Each existing allocation's fate: from the reconciler's trace when there is
// one, otherwise read back from the result document.

import type { Allocation } from '../engine/structs.ts';
import type { AllocAction, AllocDecision, ReconcileTrace } from '../engine/types.ts';
import type { AllocResult } from './resultIndex.ts';

/** Decision is the fate of one allocation and why; `step` is "" when read from the result document. */
export interface Decision {
  action: AllocAction;
  step: string;
  reason: string;
}

/** traceDecisions maps each allocation ID the trace decided to its decision (the trace's own object, not a copy). */
export function traceDecisions(trace: ReconcileTrace | null): Map<string, AllocDecision> {
  const out = new Map<string, AllocDecision>();
  if (trace === null) return out;
  for (const g of trace.groups) {
    for (const d of g.decisions) out.set(d.allocID, d);
  }
  return out;
}

/**
 * documentDecision infers an allocation's fate from the result document alone.
 * A placement that names it as previous allocation says most (it is
 * rescheduled or migrated, and also listed as stopped), then a stop, a
 * destructive or in-place update, a follow-up evaluation (a later
 * reschedule); a canary that nothing touches is kept as a canary.
 */
export function documentDecision(alloc: Allocation, r: AllocResult | undefined): Decision {
  if (r?.replacement) {
    return r.replacement.Reschedule
      ? {
          action: 'reschedule-now',
          step: '',
          reason: r.stop?.StatusDescription || 'replaced now by a rescheduled allocation',
        }
      : { action: 'migrate', step: '', reason: r.stop?.StatusDescription || 'moved to another node' };
  }
  if (r?.stop) {
    return { action: r.stop.ClientStatus === 'lost' ? 'lost' : 'stop', step: '', reason: r.stop.StatusDescription };
  }
  if (r?.destructive) return { action: 'destructive', step: '', reason: r.destructive.StopStatusDescription };
  if (r?.inplace) return { action: 'inplace', step: '', reason: 'updated in place' };
  if (r?.attribute) {
    const when = r.followup ? ` at ${r.followup.WaitUntil}` : '';
    return { action: 'reschedule-later', step: '', reason: `replaced later, by a follow-up evaluation${when}` };
  }
  if (alloc.DeploymentStatus?.Canary) return { action: 'canary', step: '', reason: 'canary of the deployment' };
  return { action: 'ignore', step: '', reason: 'left as it is' };
}

/**
 * chooseDecision picks the decision to draw: the trace's, unless the trace
 * left the allocation alone while the result document acts on it (the
 * trace's last word can be a later step's "ignore", as computeUpdates
 * ignoring an allocation whose replacement was already set for later); what
 * the result does is what the graph must show.
 */
export function chooseDecision(traced: Decision | undefined, fromDocument: Decision): Decision {
  if (traced === undefined) return fromDocument;
  if (traced.action === 'ignore' && fromDocument.action !== 'ignore' && fromDocument.action !== 'canary')
    return fromDocument;
  return traced;
}
