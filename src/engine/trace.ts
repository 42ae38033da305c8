// The reconciler's explanation of itself: which sets each step of
// computeGroup produced and which branch decided each allocation's fate.
// Upstream has no such thing (it logs a summary); the playground's explain
// view and the runner's --explain are built on it.

import type { AllocAction, AllocDecision, GroupTrace, ReconcileTrace } from './types.ts';
import type { Allocation } from './structs.ts';

/**
 * GroupTracer records the reasoning for one group. Its methods take
 * functions for anything costly, so that the NO_TRACE variant costs nothing
 * on the hot path.
 */
export interface GroupTracer {
  step(step: string, note: string, sets: () => Record<string, Iterable<string>>): void;
  decide(allocs: Iterable<Allocation>, action: AllocAction, step: string, reason: string | ((a: Allocation) => string)): void;
  set<K extends 'existingDeployment' | 'canaryState' | 'canaryReason' | 'requireCanary' | 'limit' | 'limitReason' | 'deploymentComplete'>(
    key: K,
    value: GroupTrace[K],
  ): void;
}

const noop = (): void => {};

/** NO_TRACE is the tracer used when no explanation was asked for. */
export const NO_TRACE: GroupTracer = { step: noop, decide: noop, set: noop };

/** ReconcileTracer collects the traces of all groups of one reconciliation. */
export class ReconcileTracer {
  private readonly trace: ReconcileTrace = { jobStopped: false, deploymentNote: '', groups: [] };
  private readonly pending: { g: GroupTrace; decisions: Map<string, AllocDecision> }[] = [];

  /** note records something about the whole reconciliation. */
  note(patch: Partial<Pick<ReconcileTrace, 'jobStopped' | 'deploymentNote'>>): void {
    Object.assign(this.trace, patch);
  }

  /** finish returns the trace, with each group's decisions, the latest for each allocation. */
  finish(): ReconcileTrace {
    for (const { g, decisions } of this.pending) g.decisions = [...decisions.values()];
    return this.trace;
  }

  /** group starts the trace of one group and returns its recorder. */
  group(name: string, removed: boolean): GroupTracer {
    const g: GroupTrace = {
      group: name,
      removed,
      steps: [],
      existingDeployment: false,
      canaryState: false,
      canaryReason: '',
      requireCanary: false,
      limit: 0,
      limitReason: '',
      deploymentComplete: false,
      decisions: [],
    };
    this.trace.groups.push(g);
    // The latest decision for an allocation wins: later steps refine earlier ones.
    const decisions = new Map<string, AllocDecision>();
    this.pending.push({ g, decisions });
    return {
      step(step, note, sets) {
        const out: Record<string, string[]> = {};
        for (const [k, v] of Object.entries(sets())) out[k] = [...v];
        g.steps.push({ step, note, sets: out });
      },
      decide(allocs, action, step, reason) {
        for (const a of allocs) {
          decisions.delete(a.ID);
          decisions.set(a.ID, {
            allocID: a.ID,
            name: a.Name,
            action,
            step,
            reason: typeof reason === 'string' ? reason : reason(a),
          });
        }
      },
      set(key, value) {
        g[key] = value;
      },
    };
  }
}
