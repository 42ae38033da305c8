// The scenario document as text, made of the two editor tabs and split
// back into them, keeping the person's own text (layout, number spelling,
// field order) wherever the tabs are JSON: a shared link or an exported
// file then reproduces exactly what was typed. Where that is not possible
// (a Job tab that is not a JSON object) the document is joinTabs' value,
// printed; splitting falls back to splitScenario. Pure, and linear in the
// text: a field is cut out by its place in the text, never by a formatter
// (a link's text is untrusted, and jsonc-parser's formatter is quadratic on
// one-line text and throws on deep indentation). A text over the reader's
// budget is not taken apart at all.

import { findNodeAtLocation, parseTree, type Node as JsonNode } from 'jsonc-parser';
import { overBudget } from '../scenario/budget.ts';
import { splitSubmission } from './submissionDocument.ts';
import { JOB_KEY, joinTabs, splitScenario, type TabSyntaxProblem, type TabTexts } from '../scenario/tabs.ts';

/** ComposeResult is the document text, or the syntax problems that keep the tabs from making one. */
export type ComposeResult = { ok: true; text: string } | { ok: false; problems: TabSyntaxProblem[] };

// objectTree parses text that must be one JSON object, or gives null.
function objectTree(text: string): JsonNode | null {
  if (overBudget(text) !== null) return null;
  const errors: unknown[] = [];
  const tree = parseTree(text, errors as never, { disallowComments: true, allowTrailingComma: false });
  return errors.length === 0 && tree?.type === 'object' ? tree : null;
}

// lineIndent is the run of spaces and tabs that starts the line holding offset.
function lineIndent(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))?.[0] ?? '';
}

// sameValue tells whether a text parses to the given value.
function sameValue(text: string, value: unknown): boolean {
  try {
    return JSON.stringify(JSON.parse(text)) === JSON.stringify(value);
  } catch {
    return false;
  }
}

/**
 * withoutProperty cuts a top-level property out of an object's text with
 * the comma and blanks that separate it from its neighbour, leaving the
 * rest of the text as it was. The last of several properties takes the
 * comma before it; a first or middle one the blanks after its comma.
 */
export function withoutProperty(text: string, tree: JsonNode, key: string): string {
  const props = tree.children ?? [];
  const at = props.findIndex((p) => p.children?.[0]?.value === key);
  if (at < 0) return text;
  const prop = props[at]!;
  const next = props[at + 1];
  const prev = props[at - 1];
  if (next) return text.slice(0, prop.offset) + text.slice(next.offset);
  if (prev) return text.slice(0, prev.offset + prev.length) + text.slice(prop.offset + prop.length);
  return text.slice(0, tree.offset + 1) + text.slice(prop.offset + prop.length).replace(/^\s*/, '');
}

// withoutJob removes a `Job` written in the Cluster tab (the Job tab wins over it, as in joinTabs).
function withoutJob(text: string): string {
  const tree = objectTree(text);
  if (!tree || !findNodeAtLocation(tree, [JOB_KEY])) return text;
  return withoutProperty(text, tree, JOB_KEY);
}

// joinTextually writes the Job tab's text as the first field of the Cluster tab's object.
function joinTextually(texts: TabTexts): string | null {
  if (!objectTree(texts.job)) return null;
  const cluster = withoutJob(texts.cluster);
  const tree = objectTree(cluster);
  if (!tree) return null;
  const first = tree.children?.[0];
  const indent = first ? lineIndent(cluster, first.offset) || '  ' : '  ';
  const job = texts.job
    .trim()
    .split('\n')
    .join('\n' + indent);
  const at = tree.offset + 1;
  const insert = `\n${indent}"${JOB_KEY}": ${job}` + (first ? ',' : '\n');
  const out = cluster.slice(0, at) + insert + cluster.slice(at);
  return out.endsWith('\n') ? out : out + '\n';
}

/**
 * composeDocument makes the scenario document's text out of both tabs: the
 * Cluster tab's object with the Job tab's text as its first field, or,
 * when the tabs cannot be joined as text, joinTabs' document printed.
 */
export function composeDocument(texts: TabTexts): ComposeResult {
  const joined = joinTabs(texts);
  if (!joined.ok) return joined;
  const text = joinTextually(texts);
  if (text !== null && sameValue(text, joined.document)) return { ok: true, text };
  return { ok: true, text: JSON.stringify(joined.document, null, 2) + '\n' };
}

// splitTextually cuts the `Job` value out of the document's text, un-indented.
function splitTextually(text: string): TabTexts | null {
  const tree = objectTree(text);
  const job = tree ? findNodeAtLocation(tree, [JOB_KEY]) : undefined;
  if (!job || job.type !== 'object') return null;
  const indent = lineIndent(text, job.parent?.offset ?? job.offset);
  const jobText = text
    .slice(job.offset, job.offset + job.length)
    .split('\n')
    .map((line, i) => (i > 0 && line.startsWith(indent) ? line.slice(indent.length) : line))
    .join('\n');
  let cluster = withoutProperty(text, tree!, JOB_KEY).trim();
  // An object left with only whitespace inside reads better as {}.
  if (/^\{\s*\}$/.test(cluster)) cluster = '{}';
  return { job: jobText + '\n', cluster: cluster + '\n' };
}

/**
 * splitDocument turns a scenario document's text into the tabs' texts,
 * keeping its layout when it has a `Job` object; a submission's document
 * (it names its running version) gives the Running tab back
 * (splitSubmission); anything else goes through splitScenario. Returns
 * null when the text is not a JSON object.
 */
export function splitDocument(text: string): TabTexts | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const submitted = splitSubmission(value as Record<string, unknown>);
  if (submitted) return submitted;
  const texts = splitTextually(text);
  if (texts) {
    const joined = joinTabs(texts);
    // A document that joinTabs would read differently (a repeated key) is split by value.
    if (
      joined.ok &&
      JSON.stringify(joined.document) ===
        JSON.stringify({ [JOB_KEY]: (value as Record<string, unknown>)[JOB_KEY], ...value })
    ) {
      return texts;
    }
  }
  return splitScenario(value as Record<string, unknown>);
}
