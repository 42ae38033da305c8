// The Versions tab: the scenario through both reconcilers, and where they
// decide differently, per task group (counts, follow-up evaluations) and per
// existing allocation (what each does to it, and the reconciler branch that
// decided, as a secondary detail). Comparing costs a second run of the
// reconciler, so it runs only while the header's Compare versions switch is
// on; opening this tab turns it on.

import { useEffect } from 'react';
import type { AllocationDifference, Comparison } from '../../result/compare.ts';
import { formatAction } from '../../result/compareText.ts';
import type { LaterNote } from '../../result/laterReleases.ts';
import type { NomadVersion } from '../../scenario/nomadVersion.ts';
import { useActions, useNomadVersion, useVersions } from '../storeContext.tsx';
import { NOMAD_LABELS } from './VersionPicker.tsx';
import './versions.css';

const ORDER: readonly NomadVersion[] = ['0.12', '1.6'];

/** CompareVersions shows where Nomad 0.12 and Nomad 1.6 decide the scenario differently. */
export function CompareVersions() {
  const { setCompareVersions } = useActions();
  const version = useNomadVersion();
  const versions = useVersions();
  // The tab is the comparison: opening it turns the switch on (and it stays on until turned off).
  useEffect(() => setCompareVersions(true), [setCompareVersions]);

  const intro = (
    <p className="muted">
      The scenario runs on <strong>{NOMAD_LABELS[version]}</strong> (the header chooses). While the ⇄ switch beside it
      is on, it also runs on the other version; only what they decide differently is listed, and marked in the graph,
      the Plan and the Explanation.
    </p>
  );
  if (versions === null)
    return (
      <div className="versions" data-testid="versions">
        {intro}
        <p role="status">Comparing…</p>
      </div>
    );
  return (
    <div className="versions" data-testid="versions">
      {intro}
      {'refused' in versions ? (
        <p role="status" data-testid="versions-refused">
          {NOMAD_LABELS[versions.other]} cannot reconcile this scenario: {versions.refused}
        </p>
      ) : (
        <>
          {versions.readAsDown !== undefined && (
            <p role="note" data-testid="versions-read-as-down">
              {versions.readAsDown.Text}.
            </p>
          )}
          <Differences comparison={versions.comparison} />
        </>
      )}
      <LaterReleases notes={versions.later} />
    </div>
  );
}

// LaterReleases names what releases after 1.6.5 changed in decisions this
// result shows, from Nomad's public changelog.
function LaterReleases({ notes }: { notes: readonly LaterNote[] }) {
  if (notes.length === 0) return null;
  return (
    <section className="versions-later" data-testid="versions-later" aria-label="Changed after Nomad 1.6">
      <h3>Changed after Nomad 1.6</h3>
      <ul>
        {notes.map((n) => (
          <li key={`${n.change.code}/${n.group}`}>
            <strong>Nomad {n.change.release}</strong> (group <code>{n.group}</code>
            {n.allocIDs.length > 0
              ? `, ${n.allocIDs.length} allocation${n.allocIDs.length === 1 ? '' : 's'}`
              : ''}): {n.change.change}.{' '}
            <a href={n.change.source} target="_blank" rel="noreferrer">
              changelog
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

// Differences lists a comparison's group and allocation differences.
function Differences({ comparison }: { comparison: Comparison }) {
  if (comparison.Same)
    return (
      <p role="status" data-testid="versions-same">
        Both versions decide exactly the same for this scenario.
      </p>
    );
  return (
    <>
      {comparison.Groups.length > 0 && (
        <table className="versions-table" data-testid="versions-groups">
          <caption>Task groups</caption>
          <VersionsHead first={['Group', 'What']} />
          <tbody>
            {comparison.Groups.flatMap((g) => [
              ...Object.entries(g.Counts).map(([count, values]) => (
                <tr key={`${g.TaskGroup}/${count}`}>
                  <th scope="row">{g.TaskGroup}</th>
                  <td>{count}</td>
                  {ORDER.map((v) => (
                    <td key={v}>{values[v]}</td>
                  ))}
                </tr>
              )),
              ...(g.FollowupEvals
                ? [
                    <tr key={`${g.TaskGroup}/followups`}>
                      <th scope="row">{g.TaskGroup}</th>
                      <td>follow-up evaluations</td>
                      {ORDER.map((v) => (
                        <td key={v}>{g.FollowupEvals![v].join('; ') || 'none'}</td>
                      ))}
                    </tr>,
                  ]
                : []),
            ])}
          </tbody>
        </table>
      )}
      {comparison.Allocations.length > 0 && (
        <table className="versions-table" data-testid="versions-allocs">
          <caption>Allocations</caption>
          <VersionsHead first={['Allocation']} />
          <tbody>
            {comparison.Allocations.map((a) => (
              <AllocRow key={a.AllocID} a={a} />
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

// VersionsHead is a table's header row: its own columns, then one per version (v0.12, v1.6, as the picker names them).
function VersionsHead({ first }: { first: readonly string[] }) {
  return (
    <thead>
      <tr>
        {[...first, ...ORDER.map((v) => `v${v}`)].map((label) => (
          <th key={label} scope="col">
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

// AllocRow is one allocation the versions treat differently.
function AllocRow({ a }: { a: AllocationDifference }) {
  return (
    <tr data-alloc-id={a.AllocID}>
      <th scope="row">
        {a.Name} <code className="muted">{a.AllocID.slice(0, 8)}</code>
      </th>
      {ORDER.map((v) => {
        const d = a.Decisions[v];
        return (
          <td key={v}>
            {d.Actions.map(formatAction).join('; ')}
            {d.Code !== null && <code className="versions-code muted"> {d.Code}</code>}
          </td>
        );
      })}
    </tr>
  );
}
