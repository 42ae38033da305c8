// The mark of a card whose decision a Nomad release after 1.6.5 makes
// otherwise: the first such release, "1.10+", in an outlined badge. The
// card's label and its details say which change.

import type { LaterChangeCode } from '../../result/laterReleases.ts';
import { laterMark } from '../../graph/labels.ts';

/** LaterMark draws a card's later-release mark, or nothing when no later change concerns it. */
export function LaterMark({ later }: { later: readonly LaterChangeCode[] }) {
  if (later.length === 0) return null;
  return (
    <span className="cg-badge cg-badge--later" data-testid="later-mark" aria-hidden="true">
      {laterMark(later)}
    </span>
  );
}
