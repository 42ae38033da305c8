// The marks Compare versions adds to the Plan and the Explanation: a
// headline, a group's counts beside this version's, and the other version's
// decision for an allocation with the step that made it.

import type { AllocVersions, GroupVersions } from '../../graph/versionRows.ts';
import { versionsHeadline } from '../../graph/versionRows.ts';
import type { VersionsShown } from './useVersionRows.ts';
import { NOMAD_LABELS } from './VersionPicker.tsx';
import './versions.css';

/**
 * VersionsHeadline says in one line whether the other version decides
 * differently. It is drawn from the moment the switch is on, waiting
 * included, so that the answer arriving moves nothing below it.
 */
export function VersionsHeadline({ shown, testid }: { shown: VersionsShown; testid: string }) {
  if (shown.state === 'off') return null;
  const other = NOMAD_LABELS[shown.other];
  const text =
    shown.state === 'waiting'
      ? `Comparing with ${other}…`
      : shown.state === 'refused'
        ? `${other} cannot reconcile this scenario: ${shown.refused}`
        : versionsHeadline(shown.rows, other) + (shown.readAsDown === null ? '' : ` ${shown.readAsDown}.`);
  return (
    <p className="versions-headline" data-testid={testid} data-state={shown.state} role="status">
      <span aria-hidden="true">⇄ </span>
      {text}
    </p>
  );
}

/** CountsBeside shows a group's counts the other version gives differently: "destroy 1 · Nomad 0.12: 0". */
export function CountsBeside({ group, other }: { group: GroupVersions; other: string }) {
  if (group.counts.length === 0) return null;
  return (
    <span className="versions-counts" data-testid="versions-counts">
      {group.counts.map((c, i) => (
        <span key={c.label}>
          {i > 0 && '; '}
          {c.label} {c.here} · {other}: <strong>{c.there}</strong>
        </span>
      ))}
    </span>
  );
}

/** OtherDecision is what the other version does to an allocation, why, and the step of its reconciler that decided. */
export function OtherDecision({ row, other }: { row: AllocVersions; other: string }) {
  const upstream = row.upstream ?? '';
  return (
    <span className="versions-other" data-testid="versions-other">
      <strong>{other}</strong>: {row.there}
      {row.reason !== null && <> — {row.reason}</>}
      {row.step !== null && (
        <span className="versions-step">
          {' '}
          (decided in: {row.step}
          {upstream !== '' && (
            <>
              {' '}
              <code className="versions-upstream">{upstream}</code>
            </>
          )}
          )
        </span>
      )}
    </span>
  );
}
