// The side panel of one card: for an allocation, the reconciler's decision
// and why, what the result document does with it, and its fields; for a
// placement (a ghost card), what will be placed and why.

import { type RefObject, useEffect, useMemo, useRef } from 'react';
import type { ReconcileTrace } from '../../engine/types.ts';
import { traceDecisions } from '../../graph/actions.ts';
import { buildGraph } from '../../graph/buildGraph.ts';
import { allocCard } from '../../graph/cards.ts';
import { indexResult } from '../../graph/resultIndex.ts';
import { groupRules } from '../../graph/rules.ts';
import { findGhost, findMore } from '../../graph/why.ts';
import type { ResultDocument } from '../../result/document.ts';
import { laterChangesOfAlloc, laterIndex } from '../../result/laterReleases.ts';
import type { Scenario } from '../../scenario/read.ts';
import { NOMAD_LABELS } from '../versions/VersionPicker.tsx';
import { OtherDecision } from '../versions/VersionMarks.tsx';
import { useVersionRows } from '../versions/useVersionRows.ts';
import { AllocDecisionView } from './AllocDecisionView.tsx';
import { allocFacts } from './allocFacts.ts';
import { GhostDetails, MoreDetails } from './GhostDetails.tsx';
import { useEscapeToClose } from './useEscapeToClose.ts';
import './theme.css';
import './details.css';

/** AllocDetailsProps are what the shell passes to the details panel. */
export interface AllocDetailsProps {
  scenario: Scenario;
  document: ResultDocument;
  trace: ReconcileTrace | null;
  allocID: string;
  onClose: () => void;
}

/** AllocDetails shows one allocation's decision, the result's entries about it, and its fields; Escape closes it. */
export function AllocDetails({ scenario, document, trace, allocID, onClose }: AllocDetailsProps) {
  const alloc = useMemo(() => scenario.Allocations.find((a) => a.ID === allocID), [scenario, allocID]);
  const node = useMemo(
    () => (alloc ? scenario.Nodes.find((n) => n.ID === alloc.NodeID) : undefined),
    [scenario, alloc],
  );
  const result = useMemo(() => indexResult(document).get(allocID), [document, allocID]);
  const decided = useMemo(() => traceDecisions(trace).get(allocID), [trace, allocID]);
  const later = useMemo(
    () => laterChangesOfAlloc(laterIndex(scenario, document), allocID),
    [scenario, document, allocID],
  );
  // Not an allocation: the key of a ghost card or of the lane's aggregate, found in the graph as drawn.
  const { ghost, more } = useMemo(() => {
    if (alloc !== undefined) return { ghost: null, more: null };
    const model = buildGraph(scenario, document, trace);
    return { ghost: findGhost(model, allocID), more: findMore(model, allocID) };
  }, [alloc, scenario, document, trace, allocID]);
  // While Compare versions is on: what the other Nomad does to it, when that differs.
  const versions = useVersionRows();
  const otherRow = versions.state === 'compared' ? versions.rows.allocs.get(allocID) : undefined;
  const closeRef = useRef<HTMLButtonElement>(null);
  // A newly chosen allocation takes the focus to the panel, so that Tab continues from there.
  useEffect(() => {
    closeRef.current?.focus();
  }, [allocID]);
  useEscapeToClose(onClose);

  if (alloc === undefined && ghost !== null) {
    const g = ghost.ghost;
    return (
      <div className="ad" data-testid="alloc-details" data-ghost-key={allocID} data-kind={g.kind}>
        <DetailsHeader title={`${g.name} (to be placed)`} closeRef={closeRef} onClose={onClose} />
        <GhostDetails found={ghost} rules={groupRules(scenario.Job, g.group, trace)} />
      </div>
    );
  }
  if (alloc === undefined && more !== null) {
    return (
      <div className="ad" data-testid="alloc-details" data-ghost-key={allocID} data-kind="more">
        <DetailsHeader
          title={`${more.count.toLocaleString('en-US')} more placements of ${more.group}`}
          closeRef={closeRef}
          onClose={onClose}
        />
        <MoreDetails more={more} rules={groupRules(scenario.Job, more.group, trace)} />
      </div>
    );
  }
  if (alloc === undefined) {
    return (
      <div className="ad" data-testid="alloc-details" data-alloc-id={allocID}>
        <DetailsHeader title={allocID} closeRef={closeRef} onClose={onClose} />
        <p>This allocation is not in the scenario any more.</p>
      </div>
    );
  }

  const card = allocCard(alloc, decided, result, scenario.Job.Version, later);
  return (
    <div className="ad" data-testid="alloc-details" data-alloc-id={alloc.ID} data-action={card.action}>
      <DetailsHeader title={alloc.Name} closeRef={closeRef} onClose={onClose} />
      <AllocDecisionView
        card={card}
        decided={decided}
        rules={groupRules(scenario.Job, alloc.TaskGroup, trace)}
        result={result}
        jobVersion={scenario.Job.Version}
      />
      {otherRow !== undefined && versions.state === 'compared' && (
        <p className="ad__other" data-testid="details-versions">
          <span aria-hidden="true">≠ </span>
          <OtherDecision row={otherRow} other={NOMAD_LABELS[versions.other]} />
        </p>
      )}
      <dl className="ad__facts">
        {allocFacts(alloc, node).map((f) => (
          <div key={f.label} className="ad__fact">
            <dt>{f.label}</dt>
            <dd>{f.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

// DetailsHeader is the panel's title and its close button.
function DetailsHeader({
  title,
  closeRef,
  onClose,
}: {
  title: string;
  closeRef: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
}) {
  return (
    <header className="ad__header">
      <h2>{title}</h2>
      <button ref={closeRef} type="button" className="ad__close" aria-label="Close details" onClick={onClose}>
        ×
      </button>
    </header>
  );
}
