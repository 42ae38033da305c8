// Binds a Monaco editor to the store: one model per tab holding the raw
// text, markers from the reader's diagnostics, the active tab, and the
// keyboard shortcuts. Imperative by nature, so kept out of React.

import type { AppStore } from '../../store/createAppStore.ts';
import { TABS, type TabID, isHclText, tabText } from '../../scenario/tabs.ts';
import type { Monaco } from './monaco.ts';
import { CONFUSABLE_OWNER, confusableMarkers, MARKER_OWNER, markersForTab } from './markers.ts';
import { MODEL_URIS } from './modelUris.ts';

type Editor = ReturnType<Monaco['editor']['create']>;
type Model = NonNullable<ReturnType<Editor['getModel']>>;
type ViewState = ReturnType<Editor['saveViewState']>;

/** MountedEditor is a live editor; dispose ends it. */
export interface MountedEditor {
  editor: Editor;
  dispose(): void;
}

/**
 * mountEditor creates the editor in `host`. Text flows one way at a time:
 * typing goes to the store; a text replaced in the store from outside (a
 * scenario loaded) goes into the model. Nothing parsed ever rewrites it.
 */
export function mountEditor(monaco: Monaco, host: HTMLElement, store: AppStore, theme: string): MountedEditor {
  const state = store.getState();
  const models = new Map<TabID, Model>();
  const views = new Map<TabID, ViewState>();
  for (const tab of TABS) {
    const uri = monaco.Uri.parse(MODEL_URIS[tab]);
    const text = tabText(state.texts, tab);
    const model = monaco.editor.getModel(uri) ?? monaco.editor.createModel(text, languageOf(tab, text), uri);
    if (model.getValue() !== text) model.setValue(text);
    models.set(tab, model);
  }
  // The Job and Running tabs are JSON or an HCL jobspec, as their text says; highlight them so.
  const syncLanguage = (tab: TabID, model: Model) => {
    const language = languageOf(tab, model.getValue());
    if (model.getLanguageId() !== language) monaco.editor.setModelLanguage(model, language);
  };
  for (const [tab, model] of models) syncLanguage(tab, model);
  const editor = monaco.editor.create(host, {
    model: models.get(state.activeTab) ?? null,
    theme,
    automaticLayout: true,
    minimap: { enabled: false },
    fontSize: 13,
    tabSize: 2,
    scrollBeyondLastLine: false,
    fixedOverflowWidgets: true,
    renderValidationDecorations: 'on',
    ariaLabel: 'Scenario editor. Press Ctrl+M to make Tab move the focus out of the editor.',
    accessibilitySupport: 'auto',
    // Invisible and direction-changing characters are drawn, and flagged below.
    renderControlCharacters: true,
    unicodeHighlight: { invisibleCharacters: true, ambiguousCharacters: true },
  });
  const flagConfusable = (model: Model) =>
    monaco.editor.setModelMarkers(
      model,
      CONFUSABLE_OWNER,
      confusableMarkers(model.getValue(), (o) => model.getPositionAt(o)),
    );
  for (const model of models.values()) flagConfusable(model);

  // Typing goes to the store; `applying` marks changes that came from it.
  let applying = false;
  const subscriptions = [...models].map(([tab, model]) =>
    model.onDidChangeContent(() => {
      syncLanguage(tab, model);
      flagConfusable(model);
      if (!applying) store.getState().setText(tab, model.getValue());
    }),
  );

  // Pasting short lines over long ones would leave the view scrolled far to
  // the right, looking empty: a paste starts the view at the left edge.
  const pasted = editor.onDidPaste(() => editor.setScrollLeft(0));

  editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => store.getState().runNow());
  // Shift+Alt+F is Monaco's own format binding; registering it again keeps
  // it working when the context menu's keybinding set changes.
  editor.addCommand(monaco.KeyMod.Shift | monaco.KeyMod.Alt | monaco.KeyCode.KeyF, () => {
    void editor.getAction('editor.action.formatDocument')?.run();
  });

  let shown = state.activeTab;
  const applyDiagnostics = () => {
    const { diagnostics, jobSpec } = store.getState();
    for (const [tab, model] of models)
      monaco.editor.setModelMarkers(model, MARKER_OWNER, markersForTab(diagnostics, tab, jobSpec?.hints));
  };
  applyDiagnostics();

  const unsubscribe = store.subscribe((s, prev) => {
    if (s.texts !== prev.texts) {
      for (const [tab, model] of models) {
        const text = tabText(s.texts, tab);
        if (model.getValue() !== text) {
          applying = true;
          // An edit operation, not setValue, so that undo still works.
          model.pushEditOperations([], [{ range: model.getFullModelRange(), text }], () => null);
          applying = false;
          if (tab === shown) editor.setScrollLeft(0);
        }
      }
    }
    if (s.activeTab !== shown) {
      views.set(shown, editor.saveViewState());
      shown = s.activeTab;
      editor.setModel(models.get(shown) ?? null);
      const view = views.get(shown);
      if (view) editor.restoreViewState(view);
    }
    if (s.diagnostics !== prev.diagnostics || s.jobSpec !== prev.jobSpec) applyDiagnostics();
    if (s.revealRequest && s.revealRequest !== prev.revealRequest) {
      const { line, column } = s.revealRequest;
      editor.setPosition({ lineNumber: line, column });
      editor.revealLineInCenter(line);
      editor.focus();
    }
  });

  return {
    editor,
    dispose() {
      unsubscribe();
      pasted.dispose();
      for (const s of subscriptions) s.dispose();
      editor.dispose();
      for (const model of models.values()) model.dispose();
    },
  };
}

// languageOf is the Monaco language of a tab's text.
function languageOf(tab: TabID, text: string): string {
  return tab !== 'cluster' && isHclText(text) ? 'hcl' : 'json';
}
