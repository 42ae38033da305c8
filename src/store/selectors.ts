// Module-level selectors over the store, so that components subscribe to
// exactly what they draw and selector identity is stable across renders.

import type { NomadVersion } from '../scenario/nomadVersion.ts';
import type { PlacementFailure } from '../result/failure.ts';
import { isHclText } from '../scenario/tabs.ts';
import type { VersionComparison } from '../worker/versions.ts';
import type { AppState } from './state.ts';

/** selectTexts is the raw text of each tab. */
export const selectTexts = (s: AppState) => s.texts;
/** selectActiveTab is the tab shown in the editor. */
export const selectActiveTab = (s: AppState) => s.activeTab;
/** selectResult is the last good result, or null before the first one. */
export const selectResult = (s: AppState) => s.result;
/** selectStale tells whether the result on screen is of an older text. */
export const selectStale = (s: AppState) => s.stale;
/** selectStatus is where the latest run stands. */
export const selectStatus = (s: AppState) => s.status;
/** selectDiagnostics are the latest text's problems. */
export const selectDiagnostics = (s: AppState) => s.diagnostics;
/** selectJobSpecJob is the API job an HCL Job tab maps to, or null. */
export const selectJobSpecJob = (s: AppState) => s.jobSpecJob;
/** selectJobSpec is what an HCL Job tab's read found besides its job (variables, hints), or null. */
export const selectJobSpec = (s: AppState) => s.jobSpec;
/** selectNotice is a message about the worker itself, or null. */
export const selectNotice = (s: AppState) => s.notice;
/** selectLastMillis is how long the latest run took. */
export const selectLastMillis = (s: AppState) => s.lastMillis;
/** selectTheme is the person's theme choice. */
export const selectTheme = (s: AppState) => s.theme;
/** selectFold tells whether the graph folds what nothing happens to. */
export const selectFold = (s: AppState) => s.fold;
/** selectOpenedFolds are the folds opened on the graph and the scenario they were opened in. */
export const selectOpenedFolds = (s: AppState) => s.openedFolds;
/** selectResultTab is the result panel's tab. */
export const selectResultTab = (s: AppState) => s.resultTab;
/** selectSelectedAllocID is the allocation whose details are open. */
export const selectSelectedAllocID = (s: AppState) => s.selectedAllocID;
/** selectHighlight is the set of allocations the explanation points at. */
export const selectHighlight = (s: AppState) => s.highlight;

/** selectJobIsHcl tells whether the Job tab holds an HCL jobspec (rather than API JSON). */
export const selectJobIsHcl = (s: AppState) => isHclText(s.texts.job);
/** selectClusterText is the Cluster tab's raw text. */
export const selectClusterText = (s: AppState) => s.texts.cluster;
/** selectScenarioName is the last good result's scenario name, or undefined. */
export const selectScenarioName = (s: AppState) => s.result?.scenario.Name;
/** selectScenarioDescription is the last good result's scenario description (Markdown), or undefined. */
export const selectScenarioDescription = (s: AppState) => s.result?.scenario.Description;

/** selectRollout is the rollout simulator's state. */
export const selectRollout = (s: AppState) => s.rollout;
/** selectRolloutOpen tells whether the rollout simulator is open. */
export const selectRolloutOpen = (s: AppState) => s.rollout.open;
/** selectRolloutFrame is the frame the timeline shows (1-based). */
export const selectRolloutFrame = (s: AppState) => s.rollout.frame;
/** selectInRollout tells whether the views show a frame of a film: the rollout is open and has one. */
export const selectInRollout = (s: AppState) => s.rollout.open && s.rollout.film !== null;
/** selectShownFailures are the placement failures of the rollout frame shown, or none outside a rollout. */
export const selectShownFailures = (s: AppState): readonly PlacementFailure[] => {
  const { open, film, frame } = s.rollout;
  if (!open || film === null) return NO_FAILURES;
  return film.Steps[frame - 1]?.Failures ?? NO_FAILURES;
};
const NO_FAILURES: readonly PlacementFailure[] = [];
/**
 * selectShownResult is the result the views draw: the rollout's frame
 * while the rollout is open and has a film, else the last good result.
 */
export const selectShownResult = (s: AppState) =>
  s.rollout.open && s.rollout.shown !== null ? s.rollout.shown : s.result;

/** AppActions are the store's actions; they never change, so a component reads them once instead of subscribing. */
export type AppActions = Pick<
  AppState,
  | 'setText'
  | 'setActiveTab'
  | 'loadTexts'
  | 'setVariable'
  | 'makeRunning'
  | 'runOnCluster'
  | 'runNow'
  | 'setNomadVersion'
  | 'setCompareVersions'
  | 'setTheme'
  | 'setFold'
  | 'setOpenedFolds'
  | 'setResultTab'
  | 'selectAlloc'
  | 'setHighlight'
  | 'reveal'
  | 'setRolloutOpen'
  | 'selectFrame'
  | 'setCompareFrame'
  | 'addEvent'
  | 'removeEvent'
  | 'restoreView'
>;

/** selectSubmission is what submitting the Job tab over the running job gave, or null. */
export const selectSubmission = (s: AppState) => s.submission;

/** selectFilmVersions is the other Nomad's film compared with the rollout's, while Compare versions is on; null otherwise. */
export const selectFilmVersions = (s: AppState) => (s.compareVersions ? s.rollout.versions : null);

/** selectNomadVersion is the reconciler the last good result ran: the scenario's NomadVersion, "0.12" by default. */
export const selectNomadVersion = (s: AppState): NomadVersion => s.result?.scenario.NomadVersion ?? '0.12';

/** selectCompareVersions tells whether Compare versions is on (the person's switch). */
export const selectCompareVersions = (s: AppState) => s.compareVersions;

/** selectVersions is what the other Nomad version decides differently, while Compare versions is on; null otherwise. */
export const selectVersions = (s: AppState) => (s.compareVersions ? (s.result?.versions ?? null) : null);

// Each comparison's mark, made once, so that subscribers see the same set while the comparison is unchanged.
const MARKS = new WeakMap<VersionComparison, ReadonlySet<string>>();
const UNMARKED: ReadonlySet<string> = new Set();

/**
 * selectVersionsMark is the allocations the two versions treat differently,
 * which the graph marks while Compare versions is on; none in a rollout,
 * whose graph is a film's frame rather than the result compared.
 */
export const selectVersionsMark = (s: AppState): ReadonlySet<string> => {
  const v = selectVersions(s);
  if (v === null || !('comparison' in v) || selectInRollout(s)) return UNMARKED;
  let mark = MARKS.get(v);
  if (mark === undefined) {
    mark = new Set(v.comparison.Allocations.map((a) => a.AllocID));
    MARKS.set(v, mark);
  }
  return mark;
};

/** selectPageOptions names the address's options in force. */
export const selectPageOptions = (s: AppState) => s.pageOptions;
