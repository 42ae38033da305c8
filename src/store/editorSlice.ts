// The editor slice: the raw text of each tab.

import type { StoreApi } from 'zustand/vanilla';
import { hasEvents } from '../scenario/eventsText.ts';
import { withNomadVersion } from '../scenario/nomadVersion.ts';
import type { ReconcileClient } from '../worker/reconcileClient.ts';
import type { TabTexts } from '../scenario/tabs.ts';
import type { AppState, EditorActions, EditorState } from './state.ts';
import { madeRunning, withText, withVariable } from './texts.ts';

type SetState = StoreApi<AppState>['setState'];
type Get = StoreApi<AppState>['getState'];

/** createEditorSlice makes the editor state and its actions; edits go to the client to be run. */
export function createEditorSlice(
  set: SetState,
  get: Get,
  client: ReconcileClient,
  initial: TabTexts,
): EditorState & EditorActions {
  return {
    texts: initial,
    activeTab: 'job',
    revision: 0,
    setText(tab, text) {
      const texts = withText(get().texts, tab, text);
      set({ texts, revision: get().revision + 1 });
      client.update(texts);
    },
    setActiveTab(tab) {
      set({ activeTab: tab });
    },
    setNomadVersion(version) {
      const { texts } = get();
      const cluster = withNomadVersion(texts.cluster, version);
      // Unchanged: the version was already chosen, or the tab is not a JSON object, which its diagnostics say.
      if (cluster === texts.cluster) return;
      set({ texts: { ...texts, cluster }, revision: get().revision + 1 });
      client.update(get().texts);
    },
    setVariable(name, value) {
      const edit = withVariable(get().texts, name, value);
      if (!edit.ok) return edit.message;
      set({ texts: edit.texts, revision: get().revision + 1 });
      client.update(edit.texts);
      return null;
    },
    makeRunning() {
      const { submission, texts, stale } = get();
      if (stale || submission === null)
        return 'The submitted job has not been read yet: wait for the plan, then try again.';
      const next = madeRunning(texts, submission);
      if (next) get().loadTexts(next);
      return null;
    },
    runOnCluster(request) {
      // The job becomes the running one: the Running tab shows it again.
      const texts = { job: get().texts.job, cluster: get().texts.cluster };
      set({ texts, revision: get().revision + 1 });
      client.runNow(texts, request);
    },
    loadTexts(texts) {
      set({ texts, revision: get().revision + 1 });
      client.runNow(texts);
      // A scenario that carries a rollout's events (an example, an imported file) opens on it.
      if (hasEvents(texts.cluster)) get().setRolloutOpen(true);
    },
  };
}
