// The store reaches components through context, and components read it
// through the named hooks below, each over a module-level selector.

import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { AppStore } from '../store/createAppStore.ts';
import * as sel from '../store/selectors.ts';
import type { AppActions } from '../store/selectors.ts';

const StoreContext = createContext<AppStore | null>(null);

/** StoreProvider makes one store available to the app below it. */
export function StoreProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

/** useStoreApi is the store itself, for effects that read without subscribing. */
export function useStoreApi(): AppStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useStoreApi: no StoreProvider above this component');
  return store;
}

/** useActions returns the store's actions; they never change, so nothing re-renders for them. */
export function useActions(): AppActions {
  return useStoreApi().getState();
}

/** useTexts is the raw text of each tab. */
export const useTexts = () => useStore(useStoreApi(), sel.selectTexts);
/** useActiveTab is the tab the editor shows. */
export const useActiveTab = () => useStore(useStoreApi(), sel.selectActiveTab);
/** useResult is the last good result. */
export const useResult = () => useStore(useStoreApi(), sel.selectResult);
/** useShownResult is the result the views draw: the rollout's frame while it is open, else the last good result. */
export const useShownResult = () => useStore(useStoreApi(), sel.selectShownResult);
/** useJobIsHcl tells whether the Job tab holds an HCL jobspec. */
export const useJobIsHcl = () => useStore(useStoreApi(), sel.selectJobIsHcl);
/** useClusterText is the Cluster tab's raw text. */
export const useClusterText = () => useStore(useStoreApi(), sel.selectClusterText);
/** useScenarioName is the last good result's scenario name, or undefined. */
export const useScenarioName = () => useStore(useStoreApi(), sel.selectScenarioName);
/** useScenarioDescription is the last good result's scenario description, or undefined. */
export const useScenarioDescription = () => useStore(useStoreApi(), sel.selectScenarioDescription);
/** useRollout is the rollout simulator's state, for the views that draw the film. */
export const useRollout = () => useStore(useStoreApi(), sel.selectRollout);
/** useRolloutOpen tells whether the rollout simulator is open. */
export const useRolloutOpen = () => useStore(useStoreApi(), sel.selectRolloutOpen);
/** useRolloutFrame is the frame the timeline shows. */
export const useRolloutFrame = () => useStore(useStoreApi(), sel.selectRolloutFrame);
/** useInRollout tells whether the views show a frame of a film. */
export const useInRollout = () => useStore(useStoreApi(), sel.selectInRollout);
/** useShownFailures are the placement failures of the rollout frame shown, or none. */
export const useShownFailures = () => useStore(useStoreApi(), sel.selectShownFailures);
/** useStale tells whether the result on screen is of an older text. */
export const useStale = () => useStore(useStoreApi(), sel.selectStale);
/** useStatus is where the latest run stands. */
export const useStatus = () => useStore(useStoreApi(), sel.selectStatus);
/** useDiagnostics are the latest text's problems. */
export const useDiagnostics = () => useStore(useStoreApi(), sel.selectDiagnostics);
/** useJobSpecJob is the API job an HCL Job tab maps to, or null. */
export const useJobSpecJob = () => useStore(useStoreApi(), sel.selectJobSpecJob);
/** useJobSpec is what an HCL Job tab's read found besides its job (its variables, its hints), or null. */
export const useJobSpec = () => useStore(useStoreApi(), sel.selectJobSpec);
/** useSubmission is what submitting the Job tab over the running job gave, or null. */
export const useSubmission = () => useStore(useStoreApi(), sel.selectSubmission);
/** useNotice is a message about the worker, or null. */
export const useNotice = () => useStore(useStoreApi(), sel.selectNotice);
/** useFilmVersions is the other Nomad's film compared with the rollout's, or null. */
export const useFilmVersions = () => useStore(useStoreApi(), sel.selectFilmVersions);
/** useNomadVersion is the reconciler the last good result ran. */
export const useNomadVersion = () => useStore(useStoreApi(), sel.selectNomadVersion);
/** useCompareVersions tells whether Compare versions is on (the person's switch). */
export const useCompareVersions = () => useStore(useStoreApi(), sel.selectCompareVersions);
/** useVersionsMark is the allocations the two versions treat differently, which the graph marks (none while not comparing). */
export const useVersionsMark = () => useStore(useStoreApi(), sel.selectVersionsMark);
/** useVersions is what the other Nomad version decides differently, or null. */
export const useVersions = () => useStore(useStoreApi(), sel.selectVersions);
/** usePageOptions names the address's options in force. */
export const usePageOptions = () => useStore(useStoreApi(), sel.selectPageOptions);
/** useLastMillis is how long the latest run took in the worker. */
export const useLastMillis = () => useStore(useStoreApi(), sel.selectLastMillis);
/** useThemePreference is the person's theme choice. */
export const useThemePreference = () => useStore(useStoreApi(), sel.selectTheme);
/** useFoldPreference tells whether the graph folds what nothing happens to (the person’s switch). */
export const useFoldPreference = () => useStore(useStoreApi(), sel.selectFold);
/** useOpenedFolds are the folds opened on the graph and the scenario they were opened in. */
export const useOpenedFolds = () => useStore(useStoreApi(), sel.selectOpenedFolds);
/** useResultTab is the result panel's tab. */
export const useResultTab = () => useStore(useStoreApi(), sel.selectResultTab);
/** useSelectedAllocID is the allocation whose details are open. */
export const useSelectedAllocID = () => useStore(useStoreApi(), sel.selectSelectedAllocID);
