// The graph model and React Flow's nodes, rebuilt from the previous ones so
// that unchanged boxes and cards keep their objects (and memoised parts skip
// their render).

import { useState } from 'react';
import type { ReconcileTrace } from '../../engine/types.ts';
import { buildGraph } from '../../graph/buildGraph.ts';
import type { Fold } from '../../graph/fold.ts';
import { type FlowGraph, toFlow } from '../../graph/flow.ts';
import type { Shape } from '../../graph/layout.ts';
import type { GraphModel } from '../../graph/model.ts';
import type { ResultDocument } from '../../result/document.ts';
import type { Scenario } from '../../scenario/read.ts';

// The graph as last built, with what it was built from.
interface Built {
  scenario: Scenario;
  document: ResultDocument;
  trace: ReconcileTrace | null;
  shape: Shape | null;
  fold: Fold;
  model: GraphModel;
  flow: FlowGraph;
}

/**
 * useBuiltGraph builds the graph model and React Flow's nodes again when
 * their inputs change, from the previous ones (so unchanged boxes and cards
 * keep their objects). Kept as state, brought up to date while rendering.
 */
export function useBuiltGraph(
  scenario: Scenario,
  document: ResultDocument,
  trace: ReconcileTrace | null,
  shape: Shape | null,
  fold: Fold,
): Pick<Built, 'model' | 'flow'> {
  const [built, setBuilt] = useState<Built | null>(null);
  if (
    built !== null &&
    built.scenario === scenario &&
    built.document === document &&
    built.trace === trace &&
    built.shape === shape &&
    built.fold === fold
  )
    return built;
  const model = buildGraph(scenario, document, trace, built?.model ?? null, shape, fold);
  const next = { scenario, document, trace, shape, fold, model, flow: toFlow(model, built?.flow ?? null) };
  setBuilt(next);
  return next;
}
