// The decision part of an allocation's details: what the reconciler decided
// and why (the step in plain words, the rule behind it, upstream's name),
// and what the result document does with the allocation.

import type { AllocDecision as TracedDecision } from '../../engine/types.ts';
import { ERAS } from '../../graph/era.ts';
import type { AllocCard } from '../../graph/model.ts';
import type { AllocResult } from '../../graph/resultIndex.ts';
import type { GroupRules } from '../../graph/rules.ts';
import { allocWhy } from '../../graph/why.ts';
import { ACTIONS, healthLabel } from '../../graph/vocabulary.ts';
import { WhyView } from './WhyView.tsx';

/** AllocDecisionViewProps are an allocation's card, the trace's last decision about it, its group's rules and the result's entries. */
export interface AllocDecisionViewProps {
  card: AllocCard;
  decided: TracedDecision | undefined;
  rules: GroupRules;
  result: AllocResult | undefined;
  /** jobVersion is the version an in-place update brings the allocation to. */
  jobVersion: number;
}

/** AllocDecisionView shows an allocation's decision and why, and the result document's entries about it. */
export function AllocDecisionView({ card, decided, rules, result, jobVersion }: AllocDecisionViewProps) {
  const term = ACTIONS[card.action];
  return (
    <section className="ad__decision" data-action={card.action} aria-label="Decision">
      <p className="ad__fate">
        <span aria-hidden="true">{term.symbol}</span> {term.label}
        <span className={`cg-card__version cg-era--${card.era}`}>v{card.version}</span>
        <span className="ad__era">{ERAS[card.era].label}</span>
        {card.canary && <span className="cg-badge cg-badge--canary">canary</span>}
        {(card.canary || card.healthy !== null) && <span className="ad__health">{healthLabel(card.healthy)}</span>}
      </p>
      <WhyView why={allocWhy(card, decided, rules)} />
      {card.step === '' && decided && (
        <p className="ad__step">
          Read from the result document; the trace’s last word was <code>{decided.step}</code>:{' '}
          {ACTIONS[decided.action].label}, {decided.reason}.
        </p>
      )}
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
