// Reader diagnostics as Monaco markers. Pure (no Monaco import), so the
// mapping is tested without a browser.

import type { LocatedDiagnostic } from '../../worker/locate.ts';
import type { TabID } from '../../scenario/tabs.ts';
import { diagnosticText } from '../../scenario/diagnostics.ts';

/** MarkerData is the part of Monaco's IMarkerData the playground fills. */
export interface MarkerData {
  severity: number;
  message: string;
  source: string;
  code: string;
  startLineNumber: number;
  startColumn: number;
  endLineNumber: number;
  endColumn: number;
}

/** MARKER_OWNER is the owner of the reader's markers in Monaco. */
export const MARKER_OWNER = 'scenario';

// Monaco's MarkerSeverity.Error.
const SEVERITY_ERROR = 8;

/** markersForTab turns the diagnostics placed in one tab into markers; the path is part of the message. */
export function markersForTab(diagnostics: readonly LocatedDiagnostic[], tab: TabID): MarkerData[] {
  return diagnostics
    .filter((d) => d.tab === tab)
    .map((d) => ({
      severity: SEVERITY_ERROR,
      message: diagnosticText(d),
      source: 'scenario',
      code: d.code,
      startLineNumber: d.line,
      startColumn: d.column,
      endLineNumber: d.endLine,
      endColumn: d.endColumn,
    }));
}
