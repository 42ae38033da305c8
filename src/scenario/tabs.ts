// The editor tabs and the one scenario document they make together: the
// Job tab holds the job the person would submit (the scenario's `Job`, or,
// in HCL, its `JobSpec`), the Running tab the job the cluster runs, and the
// Cluster tab every other field. Pure: text in, text or values out.

import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { parseWithinBudget } from './budget.ts';

/** TabID names an editor tab. */
export type TabID = 'job' | 'running' | 'cluster';

/** TABS lists the tabs in the order they are shown. */
export const TABS: readonly TabID[] = ['job', 'running', 'cluster'];

/**
 * TabTexts is the raw text of each tab, exactly as the person typed it.
 * `running` is the job the cluster runs (HCL or API JSON), `job` the job
 * submitted over it. An absent `running` is the Job tab's text: a document
 * opened as it was written runs its own job, and nothing is submitted
 * until the Job tab is edited (runningText).
 */
export interface TabTexts {
  job: string;
  cluster: string;
  running?: string;
}

/** tabText is the text of one tab; the Running tab without a text of its own shows the Job tab's. */
export function tabText(texts: TabTexts, tab: TabID): string {
  return tab === 'running' ? runningText(texts) : texts[tab];
}

/** runningText is the running job's text: the Running tab's own, or else the Job tab's. */
export function runningText(texts: TabTexts): string {
  return texts.running ?? texts.job;
}

/** sameTexts tells whether two editor states hold the same text in every tab, the running job's included. */
export function sameTexts(a: TabTexts, b: TabTexts): boolean {
  return a.job === b.job && a.cluster === b.cluster && runningText(a) === runningText(b);
}

/** TAB_NAMES are the tabs' names as the page shows them. */
export const TAB_NAMES: Record<TabID, string> = { job: 'Job', running: 'Running', cluster: 'Cluster' };

/** JOB_KEY is the scenario field the Job tab holds; paths under it belong to that tab. */
export const JOB_KEY = 'Job';

/** JOBSPEC_KEY is the scenario field the Job tab holds when its text is HCL. */
export const JOBSPEC_KEY = 'JobSpec';

/** RUNNING_JOBSPEC_KEY is the optional document field that keeps the running job's HCL text once a submitted job replaces it (the reconciler ignores it). */
export const RUNNING_JOBSPEC_KEY = 'RunningJobSpec';

/** RUNNING_VARIABLES_KEY is the optional document field that keeps the running jobspec's variable values beside its text. */
export const RUNNING_VARIABLES_KEY = 'RunningJobSpecVariables';

/** RUNNING_VERSION_KEY is the optional document field that names the running job's version among JobVersions (the reconciler ignores it). */
export const RUNNING_VERSION_KEY = 'RunningJobVersion';

/**
 * isHclText says whether a Job tab's text is an HCL jobspec rather than
 * JSON: once blanks and comments are skipped, a jobspec starts with a name
 * (`job`), JSON with `{`. Anything else (an empty tab, `[`) is read as JSON
 * and reported as such.
 */
export function isHclText(text: string): boolean {
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === ' ' || c === '\t' || c === '\r' || c === '\n' || c === '\uFEFF') i++;
    else if (c === '#' || (c === '/' && text[i + 1] === '/')) {
      const nl = text.indexOf('\n', i);
      i = nl < 0 ? text.length : nl + 1;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
    } else return /[A-Za-z_]/.test(c ?? '');
  }
  return false;
}

/** TabSyntaxProblem is a JSON syntax error in one tab, 1-based like Monaco. */
export interface TabSyntaxProblem {
  tab: TabID;
  message: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** JoinResult is the scenario document made of both tabs, or the syntax errors that prevent it. */
export type JoinResult = { ok: true; document: Record<string, unknown> } | { ok: false; problems: TabSyntaxProblem[] };

const INDENT = 2;

/**
 * splitScenario turns a scenario document into the text of each tab: the
 * Job tab gets the value of `Job` (an empty object when there is none), the
 * Cluster tab the rest, in the document's own field order; the job runs as
 * it is (no Running text of its own).
 */
export function splitScenario(doc: Record<string, unknown>): TabTexts {
  const { [JOB_KEY]: job, [JOBSPEC_KEY]: spec, ...rest } = doc;
  const cluster = JSON.stringify(rest, null, INDENT) + '\n';
  // A jobspec is shown as the HCL it is.
  const jobText =
    job == null && typeof spec === 'string'
      ? spec.endsWith('\n')
        ? spec
        : spec + '\n'
      : JSON.stringify(job ?? {}, null, INDENT) + '\n';
  return { job: jobText, cluster };
}

// Messages for jsonc-parser's error codes, in plain words.
const SYNTAX_MESSAGES: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'not a valid number',
  PropertyNameExpected: 'a property name in double quotes is expected here',
  ValueExpected: 'a value is expected here',
  ColonExpected: 'a colon is expected here',
  CommaExpected: 'a comma is expected here',
  CloseBraceExpected: 'a closing brace } is expected here',
  CloseBracketExpected: 'a closing bracket ] is expected here',
  EndOfFileExpected: 'nothing may follow the document',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'unterminated comment',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'unterminated number',
  InvalidUnicode: 'invalid unicode escape',
  InvalidEscapeCharacter: 'invalid escape character',
  InvalidCharacter: 'invalid character in a string',
};

/** positionAt turns a 0-based UTF-16 offset into a 1-based line and column. */
export function positionAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

// syntaxProblem places one parse error in its tab; a zero-length error is
// widened by one character so that the editor can underline it.
function syntaxProblem(tab: TabID, text: string, e: ParseError): TabSyntaxProblem {
  const start = positionAt(text, e.offset);
  const stop = positionAt(text, e.offset + Math.max(e.length, 1));
  const name = printParseErrorCode(e.error);
  return {
    tab,
    message: `JSON syntax: ${SYNTAX_MESSAGES[name] ?? name}`,
    line: start.line,
    column: start.column,
    endLine: stop.line,
    endColumn: stop.line === start.line ? Math.max(stop.column, start.column + 1) : stop.column,
  };
}

/**
 * ParseCache keeps the last valid object read from each tab, so that while
 * one tab is edited the other (often a large Cluster tab) is not parsed
 * again. The cached objects are shared between documents: use a cache only
 * where nothing changes the document (the reconciler worker: its reader,
 * engine and diff never do, see test/ui/frozenInput.test.ts).
 */
export type ParseCache = Map<TabID, { text: string; value: object }>;

// parseTab reads one tab as strict JSON (no comments, no trailing commas).
// The browser's JSON.parse reads valid text about ten times faster than
// jsonc-parser (it matters on every keystroke in a large scenario); only
// text it rejects goes through jsonc-parser, for the places of its errors.
function parseTab(tab: TabID, text: string, problems: TabSyntaxProblem[], cache?: ParseCache): unknown {
  const last = cache?.get(tab);
  if (last !== undefined && last.text === text) return last.value;
  // A text over the reader's budget goes no further: jsonc-parser's
  // recursion and everything after it stay inside their limits.
  const parsed = parseWithinBudget(text);
  if (parsed.kind === 'over') {
    problems.push({
      tab,
      message: `The ${TAB_NAMES[tab]} tab's text ${parsed.over}.`,
      line: 1,
      column: 1,
      endLine: 1,
      endColumn: 2,
    });
    return undefined;
  }
  const parsedValue = parsed.kind === 'value' ? parsed.value : undefined;
  if (typeof parsedValue === 'object' && parsedValue !== null && !Array.isArray(parsedValue)) {
    cache?.set(tab, { text, value: parsedValue });
    return parsedValue;
  }
  // Not an object, or not JSON: jsonc-parser says where the problems are.
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, {
    disallowComments: true,
    allowTrailingComma: false,
    allowEmptyContent: false,
  });
  for (const e of errors) problems.push(syntaxProblem(tab, text, e));
  if (errors.length === 0 && (typeof value !== 'object' || value === null || Array.isArray(value))) {
    const end = positionAt(text, text.length);
    problems.push({
      tab,
      message: 'the tab must hold one JSON object { … }',
      line: 1,
      column: 1,
      endLine: end.line,
      endColumn: end.column,
    });
  }
  return value;
}

/**
 * joinTabs makes the scenario document out of both tabs: the Cluster tab's
 * object with the Job tab's object as its `Job`. A `Job` written in the
 * Cluster tab is overridden by the Job tab. Syntax errors come back with
 * the tab and place they are in. With a cache, a tab whose text is the
 * cached one is not parsed again and its object is shared (see ParseCache).
 */
export function joinTabs(texts: TabTexts, cache?: ParseCache): JoinResult {
  const problems: TabSyntaxProblem[] = [];
  if (isHclText(texts.job)) {
    // An HCL Job tab is the scenario's JobSpec, read (and its syntax checked) in the worker.
    const cluster = parseTab('cluster', texts.cluster, problems, cache);
    if (problems.length > 0) return { ok: false, problems };
    const rest: Record<string, unknown> = { ...(cluster as Record<string, unknown>) };
    delete rest[JOB_KEY];
    delete rest[JOBSPEC_KEY];
    return { ok: true, document: { [JOBSPEC_KEY]: texts.job, ...rest } };
  }
  const job = parseTab('job', texts.job, problems, cache);
  const cluster = parseTab('cluster', texts.cluster, problems, cache);
  if (problems.length > 0) return { ok: false, problems };
  const doc: Record<string, unknown> = { ...(cluster as Record<string, unknown>) };
  delete doc[JOB_KEY];
  // Job goes first so that reader diagnostics come in a natural order.
  return { ok: true, document: { [JOB_KEY]: job, ...doc } };
}
