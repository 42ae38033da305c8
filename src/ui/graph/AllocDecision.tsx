// The decision part of an allocation's details: what the reconciler decided
// and why, the step that decided it, and what the result document does with
// the allocation.

import type { Decision } from '../../graph/actions.ts';
import type { AllocCard } from '../../graph/model.ts';
import type { AllocResult } from '../../graph/resultIndex.ts';
import { ACTIONS, healthLabel } from '../../graph/vocabulary.ts';

/** AllocDecisionProps are an allocation's card, the trace's last decision about it, and the result's entries. */
export interface AllocDecisionProps {
  card: AllocCard;
  decided: Decision | undefined;
  result: AllocResult | undefined;
  /** jobVersion is the version an in-place update brings the allocation to. */
  jobVersion: number;
}

/** AllocDecision shows an allocation's decision, where it was decided, and the result document's entries about it. */
export function AllocDecision({ card, decided, result, jobVersion }: AllocDecisionProps) {
  const term = ACTIONS[card.action];
  return (
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
      <ResultEntries result={result} jobVersion={jobVersion} />
    </section>
  );
}

// ResultEntries lists what the result document does with the allocation: stop, replace, update, follow up.
function ResultEntries({ result, jobVersion }: { result: AllocResult | undefined; jobVersion: number }) {
  return (
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
      {result?.inplace && <li>Updated in place to job version {jobVersion}</li>}
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
  );
}
