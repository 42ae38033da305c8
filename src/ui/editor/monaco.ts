// Monaco, as much of it as the playground uses: the editor API, the JSON
// language with its worker, and the editor features people expect (hover,
// completion, formatting, folding, find, bracket matching, go to error).
// The package root would pull every language (megabytes); this module is
// loaded lazily, so the graph draws before the editor arrives.

import * as monaco from 'monaco-editor/editor/editor.api';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
// HCL for jobspecs in the Job tab: this registers the language only; its
// grammar is loaded when a model first uses it.
import 'monaco-editor/languages/definitions/hcl/register';
import 'monaco-editor/features/hover/register';
import 'monaco-editor/features/suggest/register';
import 'monaco-editor/editor/contrib/suggest/browser/suggestController';
import 'monaco-editor/features/format/register';
import 'monaco-editor/features/folding/register';
import 'monaco-editor/features/find/register';
import 'monaco-editor/features/bracketMatching/register';
import 'monaco-editor/features/gotoError/register';
import 'monaco-editor/features/codicon/register';
import 'monaco-editor/features/contextmenu/register';
import 'monaco-editor/features/clipboard/register';
import 'monaco-editor/features/linesOperations/register';
import 'monaco-editor/features/multicursor/register';
import 'monaco-editor/features/wordHighlighter/register';
import 'monaco-editor/features/cursorUndo/register';
import 'monaco-editor/features/smartSelect/register';
import 'monaco-editor/features/indentation/register';
// Ctrl+M makes Tab move the focus out of the editor instead of indenting.
import 'monaco-editor/features/toggleTabFocusMode/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker';
import { CLUSTER_SCHEMA, JOB_SCHEMA } from './schema.ts';
import { MODEL_URIS } from './modelUris.ts';

/** Monaco is the namespace of the editor API. */
export type Monaco = typeof monaco;

let configured = false;

/**
 * setupMonaco configures Monaco once: its workers (bundled by Vite, never
 * fetched from elsewhere) and the JSON schemas of the two tabs. The JSON
 * language's own diagnostics are off: the scenario reader's markers are
 * the only ones, so that a problem is never reported twice.
 */
export function setupMonaco(): Monaco {
  if (configured) return monaco;
  configured = true;
  self.MonacoEnvironment = {
    getWorker(_id: string, label: string) {
      return label === 'json' ? new JsonWorker() : new EditorWorker();
    },
  };
  jsonDefaults.setDiagnosticsOptions({
    validate: true,
    allowComments: false,
    enableSchemaRequest: false,
    schemas: [
      { uri: 'inmemory://schemas/job.json', fileMatch: [MODEL_URIS.job], schema: JOB_SCHEMA },
      { uri: 'inmemory://schemas/cluster.json', fileMatch: [MODEL_URIS.cluster], schema: CLUSTER_SCHEMA },
    ],
  });
  jsonDefaults.setModeConfiguration({
    documentFormattingEdits: true,
    documentRangeFormattingEdits: true,
    completionItems: true,
    hovers: true,
    documentSymbols: true,
    tokens: true,
    colors: false,
    foldingRanges: true,
    diagnostics: false,
    selectionRanges: true,
  });
  return monaco;
}
