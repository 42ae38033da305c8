// Where a reader diagnostic belongs in the editors: the reader names a JSON
// path of the whole scenario (`Job.TaskGroups[0].Count`, `Nodes[2].Status`);
// this finds the tab that holds it and the range of the value in that tab.

import { LineIndex } from '../hcl/syntax/lines.ts';
import type { Diagnostic } from '../scenario/diagnostics.ts';
import { splitPath } from '../scenario/path.ts';
import { type Range, placePaths } from '../scenario/pathPlaces.ts';
import { JOB_KEY, type TabID, type TabTexts, tabText } from '../scenario/tabs.ts';

/** LocatedDiagnostic is a diagnostic placed in one tab, 1-based like Monaco. */
export interface LocatedDiagnostic {
  code: Diagnostic['code'];
  path: string;
  message: string;
  tab: TabID;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** severity is "warning" for a problem that does not make the scenario invalid; absent for an error. */
  severity?: 'warning';
}

/** TabPath is a scenario path split into the tab that holds it and the segments inside that tab. */
export interface TabPath {
  tab: TabID;
  segments: (string | number)[];
}

/**
 * tabOfPath says which tab holds a scenario path: `Job` and everything under
 * it is the Job tab (whose text is the job object itself, so the `Job`
 * segment is dropped), or `jobTab` for a document whose job is another
 * tab's (the running job's cluster); everything else, the document itself
 * included, is the Cluster tab.
 */
export function tabOfPath(path: string, jobTab: TabID = 'job'): TabPath {
  const segments = splitPath(path);
  if (segments[0] === JOB_KEY) return { tab: jobTab, segments: segments.slice(1) };
  return { tab: 'cluster', segments };
}

/**
 * Locator finds paths in the tabs: each tab is scanned once for all the
 * paths of its diagnostics (placePaths, which builds nothing and stops at
 * the last place), so a read with warnings costs about what one without
 * does, however long the tab.
 */
class Locator {
  constructor(
    private readonly texts: TabTexts,
    private readonly jobTab: TabID,
  ) {}

  /** locateAll places diagnostics: at the field (`"Key": value`) or array item they name, or, when it is absent, at the key of the nearest enclosing value. */
  locateAll(diagnostics: readonly Diagnostic[]): LocatedDiagnostic[] {
    const byTab = new Map<TabID, { index: number; segments: (string | number)[] }[]>();
    diagnostics.forEach((d, index) => {
      const { tab, segments } = tabOfPath(d.path, this.jobTab);
      let list = byTab.get(tab);
      if (list === undefined) byTab.set(tab, (list = []));
      list.push({ index, segments });
    });
    const located: LocatedDiagnostic[] = new Array<LocatedDiagnostic>(diagnostics.length);
    for (const [tab, wanted] of byTab) {
      const text = tabText(this.texts, tab);
      const places = placePaths(
        text,
        wanted.map((w) => w.segments),
      );
      wanted.forEach((w, i) => {
        located[w.index] = this.place(diagnostics[w.index]!, tab, text, places.lineStarts, places.ranges[i] ?? null);
      });
    }
    return located;
  }

  // place makes one located diagnostic from the range its path points at.
  private place(
    d: Diagnostic,
    tab: TabID,
    text: string,
    lineStarts: readonly number[],
    range: Range | null,
  ): LocatedDiagnostic {
    const start = range === null ? 0 : (range.key ?? range.offset);
    const end = range === null ? 0 : range.offset + range.length;
    const lines = new LineIndex(lineStarts);
    const s = lines.position(start);
    // Long values (a whole task group) are underlined on their first line only.
    const e = lines.position(Math.min(Math.max(end, start + 1), text.length));
    const endColumn = e.line === s.line ? e.column : lineLength(text, lineStarts[s.line - 1] ?? 0) + 1;
    const located: LocatedDiagnostic = {
      code: d.code,
      path: d.path,
      message: d.message,
      tab,
      line: s.line,
      column: s.column,
      endLine: s.line,
      endColumn: Math.max(endColumn, s.column + 1),
    };
    if (d.severity) located.severity = d.severity;
    return located;
  }
}

// lineLength is the length of the line that starts at `start`, without its line break.
function lineLength(text: string, start: number): number {
  const nl = text.indexOf('\n', start);
  const end = nl < 0 ? text.length : nl;
  return end - start - (text[end - 1] === '\r' ? 1 : 0);
}

/**
 * locateAll places every diagnostic of one read in the tabs, one scan of
 * each tab that has any; `jobTab` is the tab that holds the read
 * document's `Job`.
 */
export function locateAll(
  diagnostics: readonly Diagnostic[],
  texts: TabTexts,
  jobTab: TabID = 'job',
): LocatedDiagnostic[] {
  return diagnostics.length === 0 ? [] : new Locator(texts, jobTab).locateAll(diagnostics);
}
