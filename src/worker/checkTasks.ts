// The tasks the check worker does for the page, each of which could hold
// the page for ever, or for seconds, on a hostile text: reading a link's
// (or Copy link's) scenario, taking a picked or dropped file apart, and
// previewing what an import from a cluster would load.

import type { ImportSource } from '../import/build.ts';
import { type ImportPreview, previewImport } from '../import/preview.ts';
import { splitScenario, type TabTexts } from '../scenario/tabs.ts';
import { importFile, type FileImport } from '../share/importFile.ts';
import { checkDocument, type DocumentCheck } from '../share/linkCodec.ts';

/** ScenarioCheckTask asks whether a scenario document's text reads as a scenario. */
export interface ScenarioCheckTask {
  type: 'check-scenario';
  text: string;
}

/** ImportPreviewTask asks for the preview of an import's pasted bodies, evaluated at `now` (RFC 3339). */
export interface ImportPreviewTask {
  type: 'preview-import';
  texts: Partial<Record<ImportSource, string>>;
  now: string;
}

/** FileImportTask asks what a picked or dropped file loads into the editors (see share/importFile.ts). */
export interface FileImportTask {
  type: 'import-file';
  name: string;
  size: number;
  text: string;
  current: TabTexts;
}

/** CheckTask is any task of the check worker. */
export type CheckTask = ScenarioCheckTask | ImportPreviewTask | FileImportTask;

/**
 * ImportPreviewAnswer is an import's preview as the page gets it: the
 * scenario it would load comes as the editors' texts, not as the document
 * (a large cluster's document would cost the page its copy, object by
 * object; texts are copied whole).
 */
export type ImportPreviewAnswer =
  | Extract<ImportPreview, { ok: false }>
  | (Omit<Extract<ImportPreview, { ok: true }>, 'document'> & { texts: TabTexts });

/** mentionsJobSpec tells whether a document's text may hold an HCL jobspec, whose reader must then be loaded. */
export function mentionsJobSpec(task: CheckTask): boolean {
  return task.type === 'check-scenario' && task.text.includes('"JobSpec"');
}

/** doCheckTask does one task where it is called. */
export async function doCheckTask(task: CheckTask): Promise<DocumentCheck | ImportPreviewAnswer | FileImport> {
  if (task.type === 'check-scenario') return await checkDocument(task.text);
  if (task.type === 'import-file') return importFile(task.name, task.size, task.text, task.current);
  const preview = previewImport(task.texts, task.now);
  if (!preview.ok) return preview;
  const { document, ...rest } = preview;
  return { ...rest, texts: splitScenario(document) };
}
