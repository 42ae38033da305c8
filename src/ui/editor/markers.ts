// Reader diagnostics as Monaco markers. Pure (no Monaco import), so the
// mapping is tested without a browser.

import type { LocatedDiagnostic } from '../../worker/locate.ts';
import type { TabID } from '../../worker/tabs.ts';

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

// Monaco's MarkerSeverity.Error and MarkerSeverity.Info.
const SEVERITY_ERROR = 8;
const SEVERITY_INFO = 2;

/**
 * markersForTab turns the diagnostics placed in one tab into markers (the
 * path is part of the message), and the hints (a jobspec's settings this
 * reconciler does not read) into information markers: never errors.
 */
export function markersForTab(diagnostics: readonly LocatedDiagnostic[], tab: TabID, hints: readonly LocatedDiagnostic[] = []): MarkerData[] {
  return [...markers(diagnostics, tab, SEVERITY_ERROR), ...markers(hints, tab, SEVERITY_INFO)];
}

function markers(diagnostics: readonly LocatedDiagnostic[], tab: TabID, severity: number): MarkerData[] {
  return diagnostics
    .filter((d) => d.tab === tab)
    .map((d) => ({
      severity,
      message: d.path ? `${d.path}: ${d.message}` : d.message,
      source: 'scenario',
      code: d.code,
      startLineNumber: d.line,
      startColumn: d.column,
      endLineNumber: d.endLine,
      endColumn: d.endColumn,
    }));
}
