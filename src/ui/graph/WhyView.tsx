// A card's answer to "why?", as the details panel shows it: the decision,
// the step that made it in plain words with upstream's name beside it, the
// rule behind it, and what later Nomad releases decide otherwise.

import type { Why } from '../../graph/why.ts';
import { LaterChanges } from './LaterChanges.tsx';

/** WhyView draws a card's "why": decision, step (and upstream's name), rule, and changes after Nomad 1.6. */
export function WhyView({ why }: { why: Why }) {
  return (
    <dl className="ad__why" data-testid="card-why">
      <dt>Why</dt>
      <dd className="ad__reason" data-testid="alloc-details-reason">
        {why.decision}
      </dd>
      <dt>Decided by</dt>
      <dd data-testid="why-step">
        {why.step} <code className="ad__upstream">{why.upstream}</code>
      </dd>
      <dt>Rule</dt>
      <dd data-testid="why-rule">{why.rule}</dd>
      {why.later.length > 0 && (
        <>
          <dt>Changed after Nomad 1.6</dt>
          <dd data-testid="why-later">
            <LaterChanges later={why.later} className="ad__later" />
          </dd>
        </>
      )}
    </dl>
  );
}
