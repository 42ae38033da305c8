// The side panel of one allocation: the reconciler's decision and its
// reason, what the result document does with it, and its fields.

import { useEffect, useMemo, useRef } from 'react';
import type { ReconcileTrace } from '../../engine/types.ts';
import { traceDecisions } from '../../graph/actions.ts';
import { allocCard } from '../../graph/cards.ts';
import { indexResult } from '../../graph/resultIndex.ts';
import type { ResultDocument } from '../../result/document.ts';
import type { Scenario } from '../../scenario/read.ts';
import { allocFacts } from './allocFacts.ts';
import { ACTIONS, healthLabel } from './vocabulary.ts';
import './theme.css';
import './details.css';

// typing is true for keys meant for an editor or a form field, which Escape must not close the panel from.
function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.closest !== 'function') return false;
  return el.isContentEditable || el.closest('input, textarea, select, .monaco-editor') !== null;
}

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
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    closeRef.current?.focus();
  }, [allocID]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape' && !typing(e.target)) onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  if (alloc === undefined) {
    return (
      <div className="ad" data-testid="alloc-details" data-alloc-id={allocID}>
        <header className="ad__header">
          <h2>{allocID}</h2>
          <button ref={closeRef} type="button" className="ad__close" aria-label="Close details" onClick={onClose}>
            ×
          </button>
        </header>
        <p>This allocation is not in the scenario any more.</p>
      </div>
    );
  }

  const card = allocCard(alloc, decided, result);
  const term = ACTIONS[card.action];
  return (
    <div className="ad" data-testid="alloc-details" data-alloc-id={alloc.ID} data-action={card.action}>
      <header className="ad__header">
        <h2>{alloc.Name}</h2>
        <button ref={closeRef} type="button" className="ad__close" aria-label="Close details" onClick={onClose}>
          ×
        </button>
      </header>
      <section className="ad__decision" data-action={card.action} aria-label="Decision">
        <p className="ad__fate">
          <span aria-hidden="true">{term.symbol}</span> {term.label}
          {card.canary && <span className="cg-badge cg-badge--canary">canary</span>}
          {(card.canary || card.healthy !== null) && <span className="ad__health">{healthLabel(card.healthy)}</span>}
        </p>
        <p className="ad__reason" data-testid="alloc-details-reason">
          {card.reason}
        </p>
        <p className="ad__step">
          {card.step ? (
            <>
              Decided in <code>{card.step}</code>.
            </>
          ) : decided ? (
            <>
              Read from the result document; the trace’s last word was <code>{decided.step}</code>:{' '}
              {ACTIONS[decided.action].label}, {decided.reason}.
            </>
          ) : (
            'Read from the result document (no trace).'
          )}
        </p>
        <ul className="ad__result">
          {result?.stop && (
            <li>
              Stopped: “{result.stop.StatusDescription}”
              {result.stop.ClientStatus ? `, client status set to ${result.stop.ClientStatus}` : ''}
              {result.stop.FollowupEvalID ? `, follow-up evaluation ${result.stop.FollowupEvalID}` : ''}
            </li>
          )}
          {result?.destructive && (
            <li>
              Destructive update: “{result.destructive.StopStatusDescription}”; {result.destructive.Name} is placed anew
            </li>
          )}
          {result?.inplace && <li>Updated in place to job version {scenario.Job.Version}</li>}
          {result?.replacement && (
            <li>
              Replaced by a new placement of {result.replacement.Name}
              {result.replacement.Reschedule ? ' (rescheduled)' : ''}
              {result.replacement.Canary ? ' (canary)' : ''}
            </li>
          )}
          {result?.followup && (
            <li>
              Follow-up evaluation at {result.followup.WaitUntil} ({result.followup.TriggeredBy})
            </li>
          )}
        </ul>
      </section>
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
