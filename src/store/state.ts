// The app's state, typed as state plus actions per slice (as xyflow types
// its store). No React here: the store is a vanilla zustand store.

import type { DiffReport } from '../diff/index.ts';
import type { ReconcileTrace } from '../engine/types.ts';
import type { ResultDocument } from '../result/document.ts';
import type { Scenario } from '../scenario/read.ts';
import type { LocatedDiagnostic } from '../worker/locate.ts';
import type { TabID, TabTexts } from '../worker/tabs.ts';

/** EditorState is the raw text of each tab and which tab is shown. The text is never rewritten from parsed data. */
export interface EditorState {
  texts: TabTexts;
  activeTab: TabID;
  /** revision counts edits, so that views can tell a new text from a new result. */
  revision: number;
}

/** EditorActions change the editors' texts. */
export interface EditorActions {
  /** setText records what the person typed in one tab and schedules a run. */
  setText(tab: TabID, text: string): void;
  /** setActiveTab shows one tab. */
  setActiveTab(tab: TabID): void;
  /** loadTexts replaces both tabs (a new scenario chosen by the person) and runs them at once. */
  loadTexts(texts: TabTexts): void;
}

/** GoodResult is the latest scenario that read and reconciled without problems. */
export interface GoodResult {
  seq: number;
  scenario: Scenario;
  document: ResultDocument;
  trace: ReconcileTrace | null;
  millis: number;
  /** diff compares the job with the versions the running allocations use; absent when the worker sent none. */
  diff?: DiffReport;
}

/** RunStatus is where the latest run stands. */
export type RunStatus = 'idle' | 'running' | 'ok' | 'invalid' | 'timeout' | 'crashed';

/** RunState is what the worker last said, and the last good result kept on screen. */
export interface RunState {
  status: RunStatus;
  /** result is the last good result; it stays while the text is invalid. */
  result: GoodResult | null;
  /** stale is true when the result on screen is not of the current text. */
  stale: boolean;
  /** diagnostics are the problems of the latest text, placed in their tabs. */
  diagnostics: LocatedDiagnostic[];
  /** notice is a message about the worker itself (a timeout, a crash), or null. */
  notice: string | null;
  /** lastMillis is how long the latest run took in the worker. */
  lastMillis: number | null;
  /** jobSpecJob is the API job the latest HCL Job tab mapped to, or null (JSON, or a jobspec with errors). */
  jobSpecJob: Record<string, unknown> | null;
}

/** RunActions start runs. */
export interface RunActions {
  /** runNow runs the current texts without waiting for the debounce. */
  runNow(): void;
}

/** ThemePreference is the person's choice; 'system' follows prefers-color-scheme. */
export type ThemePreference = 'system' | 'light' | 'dark';

/** ResultTab names a tab of the result panel. */
export type ResultTab = 'plan' | 'explain' | 'diff' | 'json';

/** ViewState is how the results are shown. */
export interface ViewState {
  theme: ThemePreference;
  resultTab: ResultTab;
  /** selectedAllocID is the allocation whose details are open, or null. */
  selectedAllocID: string | null;
  /** highlight is the set of allocation IDs the explanation points at. */
  highlight: ReadonlySet<string>;
  /** revealRequest asks the editor to show a place (an error clicked in the list); nonce makes a repeat request new. */
  revealRequest: RevealRequest | null;
}

/** RevealRequest is a place in a tab to show and put the cursor at. */
export interface RevealRequest {
  tab: TabID;
  line: number;
  column: number;
  nonce: number;
}

/** ViewActions change how results are shown. */
export interface ViewActions {
  setTheme(theme: ThemePreference): void;
  setResultTab(tab: ResultTab): void;
  selectAlloc(id: string | null): void;
  setHighlight(ids: ReadonlySet<string>): void;
  /** reveal switches to a tab and shows a place in it. */
  reveal(tab: TabID, line: number, column: number): void;
}

/** AppState is the whole store. */
export type AppState = EditorState & EditorActions & RunState & RunActions & ViewState & ViewActions;
