// The app's state, typed as state plus actions per slice (as xyflow types
// its store). No React here: the store is a vanilla zustand store.

import type { NomadVersion } from '../scenario/nomadVersion.ts';
import type { VersionComparison } from '../worker/versions.ts';
import type { DiffReport } from '../diff/index.ts';
import type { ReconcileTrace } from '../engine/types.ts';
import type { ResultDocument } from '../result/document.ts';
import type { Scenario } from '../scenario/read.ts';
import type { SimEvent } from '../scenario/events.ts';
import type { Film } from '../simulator/simulate.ts';
import type { FilmVersions } from '../worker/filmVersions.ts';
import type { LocatedDiagnostic } from '../worker/locate.ts';
import type { TabID, TabTexts } from '../scenario/tabs.ts';
import type { LinkView } from '../share/linkView.ts';
import type { ClusterRequest, JobSpecFindings, Submission } from '../worker/protocol.ts';

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
  /** setVariable sets (or, with undefined, removes) one of the submitted jobspec's variable values; returns why it could not, or null. */
  setVariable(name: string, value: string | undefined): string | null;
  /** makeRunning makes the submitted job the running one (the allocations run it); returns why it could not, or null. */
  makeRunning(): string | null;
  /** runOnCluster runs the Job tab's job on a cluster made for it (the Cluster tab is replaced), as the running job. */
  runOnCluster(request: ClusterRequest): void;
  /** setNomadVersion chooses the reconciler: the Cluster tab's NomadVersion is set, so links and files carry it. */
  setNomadVersion(version: NomadVersion): void;
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
  /** versions is what the other Nomad version decides differently, while Compare versions is on. */
  versions?: VersionComparison;
}

/** RunStatus is where the latest run stands; `held` is a text opened without running, until the person runs or edits it. */
export type RunStatus = 'idle' | 'held' | 'running' | 'ok' | 'invalid' | 'timeout' | 'crashed';

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
  /** jobSpec is what the latest HCL Job tab's read found besides its job (its variables, its hints), or null for JSON. */
  jobSpec: JobSpecFindings | null;
  /** submission is what the latest good run's submission of the Job tab gave, or null when nothing is submitted over the running job. */
  submission: Submission | null;
  /** compareVersions is true while each run also asks the other Nomad version (Compare versions). */
  compareVersions: boolean;
}

/** RunActions start runs. */
export interface RunActions {
  /** runNow runs the current texts without waiting for the debounce. */
  runNow(): void;
  /** setCompareVersions turns Compare versions on or off. */
  setCompareVersions(on: boolean): void;
}

/** ThemePreference is the person's choice; 'system' follows prefers-color-scheme. */
export type ThemePreference = 'system' | 'light' | 'dark';

/** ResultTab names a tab of the result panel. */
export type ResultTab = 'plan' | 'explain' | 'diff' | 'json' | 'versions' | 'rollout';

/** ViewState is how the results are shown. */
export interface ViewState {
  theme: ThemePreference;
  /** fold draws the nodes and allocations nothing happens to as a summary (the default; kept across visits). */
  fold: boolean;
  /** openedFolds are the folds the person opened on the graph, kept here so that an export draws them opened too. */
  openedFolds: OpenedFolds;
  resultTab: ResultTab;
  /** selectedAllocID is the allocation whose details are open, or null. */
  selectedAllocID: string | null;
  /** pageOptions name the address's options in force (`?timeout=400: time limit 400 ms`), shown in the header. */
  pageOptions: readonly string[];
  /** highlight is the set of allocation IDs the explanation points at. */
  highlight: ReadonlySet<string>;
  /** revealRequest asks the editor to show a place (an error clicked in the list); nonce makes a repeat request new. */
  revealRequest: RevealRequest | null;
}

/**
 * OpenedFolds are the folds opened on the graph (box IDs, or the summary's
 * ID for the folded nodes) and the scenario they were opened in: they hold
 * until another scenario is loaded (see the graph's useFold).
 */
export interface OpenedFolds {
  scenario: Scenario | null;
  open: ReadonlySet<string>;
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
  setFold(on: boolean): void;
  setOpenedFolds(opened: OpenedFolds): void;
  setResultTab(tab: ResultTab): void;
  selectAlloc(id: string | null): void;
  setHighlight(ids: ReadonlySet<string>): void;
  /** reveal switches to a tab and shows a place in it. */
  reveal(tab: TabID, line: number, column: number): void;
}

/** LinkViewActions restore the view a link kept. */
export interface LinkViewActions {
  /** restoreView opens the view a link kept: its result tab, rollout frame and compared frame, selected allocation. */
  restoreView(view: LinkView): void;
}

/** RolloutStatus is where the latest film stands. */
export type RolloutStatus = 'idle' | 'running' | 'ok' | 'failed';

/**
 * RolloutView is the rollout simulator as the page shows it: whether it is
 * open, the latest film of the texts, the frame shown (evaluations count
 * from 1; the frame after the last evaluation is the end) and a frame to compare with.
 */
export interface RolloutView {
  open: boolean;
  status: RolloutStatus;
  /** message says why there is no new film (invalid texts or events, a timeout), or is null. */
  message: string | null;
  /** diagnostics are the problems of the Events list, placed in their tab. */
  diagnostics: LocatedDiagnostic[];
  film: Film | null;
  /** events are the Events list the film was made with. */
  events: SimEvent[];
  /** diffs holds each frame's job diff. */
  diffs: DiffReport[];
  frame: number;
  compareFrame: number | null;
  /** shown is the frame as a result, for the graph, the plan and the other views. */
  shown: GoodResult | null;
  /** versions is the other Nomad's film compared with this one, when the film was asked for with Compare versions on; else null. */
  versions: FilmVersions | null;
}

/** RolloutState holds the rollout. */
export interface RolloutState {
  rollout: RolloutView;
}

/** RolloutActions open the rollout, move through it and make things happen in it. */
export interface RolloutActions {
  setRolloutOpen(open: boolean): void;
  selectFrame(frame: number): void;
  setCompareFrame(frame: number | null): void;
  /**
   * addEvent adds an event to the Cluster text, timed at the frame shown
   * plus `delay` (nanoseconds); returns why it could not, or null.
   */
  addEvent(event: DistributiveOmit<SimEvent, 'After' | 'Delay'>, delay?: number): string | null;
  /** removeEvent takes an event out of the Cluster text; returns why it could not, or null. */
  removeEvent(index: number): string | null;
}

/** DistributiveOmit omits keys from each member of a union. */
export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** AppState is the whole store. */
export type AppState = EditorState &
  EditorActions &
  RunState &
  RunActions &
  ViewState &
  ViewActions &
  RolloutState &
  RolloutActions &
  LinkViewActions;
