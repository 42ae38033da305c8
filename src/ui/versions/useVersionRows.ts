// What the Plan and Explanation tabs show of Compare versions: nothing while
// it is off (or a film's frame is shown: the comparison is of the scenario,
// not of the frame), a wait until the first compared result, the other
// version's refusal, or the comparison's rows (with 0.12's note when it
// read disconnected nodes as down).

import { useMemo } from 'react';
import { versionRows, type VersionRows } from '../../graph/versionRows.ts';
import { type NomadVersion, otherNomadVersion } from '../../scenario/nomadVersion.ts';
import { useCompareVersions, useInRollout, useNomadVersion, useVersions } from '../storeContext.tsx';

/** VersionsShown is Compare versions as the tabs show it. */
export type VersionsShown =
  | { state: 'off' }
  | { state: 'waiting'; other: NomadVersion }
  | { state: 'refused'; other: NomadVersion; refused: string }
  | { state: 'compared'; other: NomadVersion; rows: VersionRows; readAsDown: string | null };

const OFF: VersionsShown = { state: 'off' };

/** useVersionRows is Compare versions as the tabs show it, the same object while the comparison is unchanged. */
export function useVersionRows(): VersionsShown {
  const on = useCompareVersions();
  const inRollout = useInRollout();
  const versions = useVersions();
  const here = useNomadVersion();
  return useMemo((): VersionsShown => {
    if (!on || inRollout) return OFF;
    if (versions === null) return { state: 'waiting', other: otherNomadVersion(here) };
    if ('refused' in versions) return { state: 'refused', other: versions.other, refused: versions.refused };
    const rows = versionRows(versions.comparison, otherNomadVersion(versions.other), versions.decisions);
    return { state: 'compared', other: versions.other, rows, readAsDown: versions.readAsDown?.Text ?? null };
  }, [on, inRollout, versions, here]);
}
