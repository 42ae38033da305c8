// The header's choice of reconciler: Nomad 0.12 (the seed) or Nomad 1.6.
// Choosing writes the scenario's NomadVersion into the Cluster tab, so a
// link, a draft or a file carries the choice with the scenario.

import { NOMAD_VERSIONS, type NomadVersion, isNomadVersion } from '../../scenario/nomadVersion.ts';
import { useActions, useNomadVersion } from '../storeContext.tsx';

/** NOMAD_LABELS names each reconciler as the views write it. */
export const NOMAD_LABELS: Record<NomadVersion, string> = { '0.12': 'Nomad 0.12', '1.6': 'Nomad 1.6' };

/** VersionPicker chooses which Nomad's reconciler decides the scenario. */
export function VersionPicker() {
  const version = useNomadVersion();
  const { setNomadVersion } = useActions();
  return (
    <select
      className="button version-picker"
      data-testid="nomad-version"
      aria-label="Reconciler: which Nomad decides"
      title="Which Nomad's reconciler decides; the choice is written into the scenario (NomadVersion)"
      value={version}
      onChange={(e) => {
        if (isNomadVersion(e.target.value)) setNomadVersion(e.target.value);
      }}
    >
      {/* The version alone: the header has no room for "Nomad" twice; the tooltip and the label say it. */}
      {NOMAD_VERSIONS.map((v) => (
        <option key={v} value={v} aria-label={NOMAD_LABELS[v]}>
          v{v}
        </option>
      ))}
    </select>
  );
}
