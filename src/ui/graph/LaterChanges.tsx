// What Nomad releases after 1.6.5 changed in one decision, as a short list:
// the release, the change in the changelog's terms, and a link to it.

import { LATER_CHANGES, type LaterChangeCode } from '../../result/laterReleases.ts';

/** LaterChanges lists the later changes that concern a decision, or nothing when none does. */
export function LaterChanges({ later, className }: { later: readonly LaterChangeCode[]; className: string }) {
  if (later.length === 0) return null;
  return (
    <ul className={className} data-testid="later-changes">
      {later.map((code) => {
        const c = LATER_CHANGES[code];
        return (
          <li key={code} data-later={code}>
            <strong>Nomad {c.release}</strong>: {c.change}.{' '}
            <a href={c.source} target="_blank" rel="noreferrer">
              changelog
            </a>
          </li>
        );
      })}
    </ul>
  );
}
