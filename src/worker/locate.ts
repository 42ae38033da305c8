// Where a reader diagnostic belongs in the editors: the reader names a JSON
// path of the whole scenario (`Job.TaskGroups[0].Count`, `Nodes[2].Status`);
// this finds the tab that holds it and the range of the value in that tab.

import { findNodeAtLocation, parseTree, type Node as JsonNode } from 'jsonc-parser';
import type { Diagnostic } from '../scenario/diagnostics.ts';
import { splitPath } from '../scenario/path.ts';
import { JOB_KEY, positionAt, type TabID, type TabTexts, tabText } from '../scenario/tabs.ts';

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

/** TreeCache keeps each tab's last parse tree with the text it is of, so that locating in an unchanged tab does not parse it again. */
export type TreeCache = Map<TabID, { text: string; tree: JsonNode | undefined }>;

/** Locator finds paths in the tabs; it parses each tab once, however many diagnostics there are (and, with a TreeCache, once per text). */
export class Locator {
  private readonly trees = new Map<TabID, JsonNode | undefined>();

  constructor(
    private readonly texts: TabTexts,
    private readonly cache?: TreeCache,
    private readonly jobTab: TabID = 'job',
  ) {}

  /** locate places one diagnostic, at its value or, when that is absent, at the nearest enclosing value's key. */
  locate(d: Diagnostic): LocatedDiagnostic {
    const { tab, segments } = tabOfPath(d.path, this.jobTab);
    const text = tabText(this.texts, tab);
    const node = this.nearest(tab, segments);
    let start = 0;
    let end = 0;
    if (node) {
      const property = node.parent?.type === 'property' ? node.parent : undefined;
      const key = property?.children?.[0];
      if (this.depthOf(node) === segments.length) {
        // The value is there: underline `"Key": value` (or the array element).
        const found = property ?? node;
        start = found.offset;
        end = found.offset + found.length;
      } else if (key) {
        // A field is missing: underline the key of the object that lacks it.
        start = key.offset;
        end = key.offset + key.length;
      } else {
        start = node.offset;
        end = node.offset + 1;
      }
    }
    const s = positionAt(text, start);
    // Long values (a whole task group) are underlined on their first line only.
    const e = positionAt(text, Math.max(end, start + 1));
    const endLine = s.line;
    const endColumn = e.line === s.line ? e.column : lineLength(text, s.line) + 1;
    const located: LocatedDiagnostic = {
      code: d.code,
      path: d.path,
      message: d.message,
      tab,
      line: s.line,
      column: s.column,
      endLine,
      endColumn: Math.max(endColumn, s.column + 1),
    };
    if (d.severity) located.severity = d.severity;
    return located;
  }

  // nearest finds the node at the path, or at the longest prefix of it that exists.
  private nearest(tab: TabID, segments: (string | number)[]): JsonNode | undefined {
    const root = this.tree(tab);
    if (!root) return undefined;
    for (let n = segments.length; n >= 0; n--) {
      const node = n === 0 ? root : findNodeAtLocation(root, segments.slice(0, n));
      if (node) {
        this.depths.set(node, n);
        return node;
      }
    }
    return root;
  }

  private readonly depths = new WeakMap<JsonNode, number>();

  private depthOf(node: JsonNode): number {
    return this.depths.get(node) ?? 0;
  }

  private tree(tab: TabID): JsonNode | undefined {
    if (!this.trees.has(tab)) {
      const text = tabText(this.texts, tab);
      const cached = this.cache?.get(tab);
      const tree = cached !== undefined && cached.text === text ? cached.tree : parseTree(text);
      this.cache?.set(tab, { text, tree });
      this.trees.set(tab, tree);
    }
    return this.trees.get(tab);
  }
}

// lineLength is the length of a 1-based line, without its line break.
function lineLength(text: string, line: number): number {
  let start = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf('\n', start);
    if (nl < 0) return 0;
    start = nl + 1;
  }
  const nl = text.indexOf('\n', start);
  const end = nl < 0 ? text.length : nl;
  return end - start - (text[end - 1] === '\r' ? 1 : 0);
}

/**
 * locateAll places every diagnostic of one read in the tabs (reusing the
 * trees of a TreeCache for tabs whose text it has); `jobTab` is the tab
 * that holds the read document's `Job`.
 */
export function locateAll(
  diagnostics: readonly Diagnostic[],
  texts: TabTexts,
  cache?: TreeCache,
  jobTab: TabID = 'job',
): LocatedDiagnostic[] {
  const locator = new Locator(texts, cache, jobTab);
  return diagnostics.map((d) => locator.locate(d));
}
