// Reader diagnostics as Monaco markers. Pure (no Monaco import), so the
// mapping is tested without a browser.

import { findConfusable } from '../confusable.ts';
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

// Monaco's MarkerSeverity.Error, MarkerSeverity.Warning and MarkerSeverity.Info.
const SEVERITY_ERROR = 8;
const SEVERITY_WARNING = 4;
const SEVERITY_INFO = 2;

/**
 * markersForTab turns the diagnostics placed in one tab into markers (the
 * path is part of the message), and the hints (a jobspec's settings this
 * reconciler does not read) into information markers: never errors.
 */
export function markersForTab(
  diagnostics: readonly LocatedDiagnostic[],
  tab: TabID,
  hints: readonly LocatedDiagnostic[] = [],
): MarkerData[] {
  return [...markers(diagnostics, tab, SEVERITY_ERROR), ...markers(hints, tab, SEVERITY_INFO)];
}

function markers(diagnostics: readonly LocatedDiagnostic[], tab: TabID, severity: number): MarkerData[] {
  return diagnostics
    .filter((d) => d.tab === tab)
    .map((d) => ({
      severity: d.severity === 'warning' ? SEVERITY_WARNING : severity,
      message: diagnosticText(d),
      source: 'scenario',
      code: d.code,
      startLineNumber: d.line,
      startColumn: d.column,
      endLineNumber: d.endLine,
      endColumn: d.endColumn,
    }));
}

/** CONFUSABLE_OWNER is the owner of the markers on invisible and bidi-control characters. */
export const CONFUSABLE_OWNER = 'confusable';

/** confusableMarkers flags each invisible or bidi-control character of a text as a warning; positionAt gives 1-based lines and columns. */
export function confusableMarkers(
  text: string,
  positionAt: (offset: number) => { lineNumber: number; column: number },
): MarkerData[] {
  return findConfusable(text).map((c) => {
    const at = positionAt(c.offset);
    return {
      severity: SEVERITY_WARNING,
      message: c.message,
      source: 'scenario',
      code: 'confusable',
      startLineNumber: at.lineNumber,
      startColumn: at.column,
      endLineNumber: at.lineNumber,
      endColumn: at.column + 1,
    };
  });
}
