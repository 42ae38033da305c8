// The details of a placement (a ghost card, or the aggregate that counts
// the rest of a group's): what will be placed, of which job version, what
// it replaces, and why.

import type { MorePlacements } from '../../graph/model.ts';
import type { GroupRules } from '../../graph/rules.ts';
import { type FoundGhost, ghostWhy, moreWhy } from '../../graph/why.ts';
import { ghostTag } from '../../graph/labels.ts';
import { WhyView } from './WhyView.tsx';

/** GhostDetails shows a placement's kind, version and what it replaces, then its "why". */
export function GhostDetails({ found, rules }: { found: FoundGhost; rules: GroupRules }) {
  const { ghost, replaced } = found;
  return (
    <section className="ad__decision ad__decision--new" data-kind={ghost.kind} aria-label="Decision">
      <p className="ad__fate">
        <span className={`cg-ghost__tag cg-ghost__tag--${ghostTag(ghost)}`}>{ghostTag(ghost)}</span>
        <span className="cg-card__version cg-era--new">+v{ghost.version}</span>
        <span className="ad__era">new: the scheduler chooses its node after the reconciler</span>
      </p>
      <WhyView why={ghostWhy(ghost, replaced, rules)} />
      {replaced && (
        <p className="ad__step">
          Replaces {replaced.name} <code>{replaced.id.slice(0, 8)}</code>, job version {replaced.version}.
        </p>
      )}
    </section>
  );
}

/** MoreDetails shows the aggregate of a group's placements past the lane's cap, and their "why". */
export function MoreDetails({ more, rules }: { more: MorePlacements; rules: GroupRules }) {
  return (
    <section className="ad__decision ad__decision--new" data-kind="more" aria-label="Decision">
      <p className="ad__fate">
        <span className="cg-ghost__tag cg-ghost__tag--create">more</span>
        <span className="cg-card__version cg-era--new">+v{more.version}</span>
        <span className="ad__era">new: the scheduler chooses their nodes after the reconciler</span>
      </p>
      <WhyView why={moreWhy(more, rules)} />
    </section>
  );
}
