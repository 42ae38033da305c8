// The header's Compare versions switch, beside the version picker: while it
// is on, every run also asks the other Nomad, the graph marks where the two
// decide differently, and the Plan, Explanation and Versions tabs say how.

import { otherNomadVersion } from '../../scenario/nomadVersion.ts';
import { useActions, useCompareVersions, useNomadVersion } from '../storeContext.tsx';
import { NOMAD_LABELS } from './VersionPicker.tsx';
import { useHighlightDifferences } from './useHighlightDifferences.ts';

/** CompareSwitch turns Compare versions on and off; it names the version compared with. */
export function CompareSwitch() {
  const on = useCompareVersions();
  const other = otherNomadVersion(useNomadVersion());
  const { setCompareVersions } = useActions();
  useHighlightDifferences();
  return (
    <button
      type="button"
      role="switch"
      className="button compare-switch"
      data-testid="compare-versions"
      aria-checked={on}
      aria-label={`Compare versions, vs v${other}`}
      title={
        on
          ? `Comparing with ${NOMAD_LABELS[other]}: the graph marks the allocations it treats differently; the Plan and Explanation say how. Click to stop.`
          : `Also run ${NOMAD_LABELS[other]}, and show where it decides differently in the graph, the Plan and the Explanation`
      }
      onClick={() => setCompareVersions(!on)}
    >
      {/* Short, so that the header keeps room for the scenario's name; under 1280 px the sign alone (styles.css). The label and the tooltip say it in full. */}
      <span aria-hidden="true">⇄</span>
      <span className="label-long"> vs v{other}</span>
    </button>
  );
}
