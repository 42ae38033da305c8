// A file the person picks or drops, turned into editor texts. A scenario
// document replaces both tabs; a job alone (`nomad job inspect` output, or
// an API job) replaces the Job tab only; an HCL jobspec (.hcl, .nomad) goes
// into the Job tab as text, for the reader to judge. Pure.

import { overBudget } from '../scenario/budget.ts';
import { splitDocument } from './documentText.ts';
import { formatBytes } from './linkCodec.ts';
import type { TabTexts } from '../scenario/tabs.ts';

/** MAX_IMPORT_BYTES caps the size of an imported file. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

/** FileImport is the texts to load and a sentence on what was done, or why the file cannot be loaded. */
export type FileImport = { ok: true; texts: TabTexts; summary: string } | { ok: false; message: string };

const HCL_EXTENSIONS = /\.(hcl|nomad)$/i;

// looksLikeHcl tells a jobspec from a damaged JSON file by its first word.
function looksLikeHcl(text: string): boolean {
  return /^\s*(#[^\n]*\n\s*|\/\/[^\n]*\n\s*)*(job|variable|locals)\s/.test(text);
}

/** importFile turns a file's name, size and text into editor texts, keeping the tab the file does not concern. */
export function importFile(name: string, size: number, text: string, current: TabTexts): FileImport {
  if (size > MAX_IMPORT_BYTES) {
    return {
      ok: false,
      message: `${name} is ${formatBytes(size)}; files over ${formatBytes(MAX_IMPORT_BYTES)} are not imported.`,
    };
  }
  // A NUL, or bytes that are not UTF-8 (read as U+FFFD), is a binary file, whatever its name says.
  // eslint-disable-next-line no-control-regex -- a NUL is what marks a binary file
  if (/[\u0000\uFFFD]/.test(text)) {
    return {
      ok: false,
      message: `${name} is not a text file (it holds binary data), so it is neither a scenario nor a jobspec. Nothing was changed.`,
    };
  }
  if (HCL_EXTENSIONS.test(name) || looksLikeHcl(text)) {
    return {
      ok: true,
      texts: { job: text, cluster: current.cluster },
      summary: `Loaded ${name} into the Job tab as an HCL jobspec.`,
    };
  }
  const over = overBudget(text);
  if (over !== null) return { ok: false, message: `${name} ${over}. Nothing was changed.` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return {
      ok: false,
      message: `${name} is not JSON (${e instanceof Error ? e.message : String(e)}), nor an HCL jobspec. Nothing was changed.`,
    };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return {
      ok: false,
      message: `${name} holds JSON that is not an object, so it is neither a scenario nor a job. Nothing was changed.`,
    };
  }
  const doc = value as Record<string, unknown>;
  const keys = Object.keys(doc);
  // `nomad job inspect` prints {"Job": {…}}: the job, without a cluster.
  if (keys.length === 1 && keys[0] === 'Job' && typeof doc.Job === 'object' && doc.Job !== null) {
    return {
      ok: true,
      texts: { job: JSON.stringify(doc.Job, null, 2) + '\n', cluster: current.cluster },
      summary: `Loaded the job in ${name} into the Job tab; the Cluster tab is unchanged.`,
    };
  }
  if (!('Job' in doc) && !('JobSpec' in doc) && 'TaskGroups' in doc) {
    return {
      ok: true,
      texts: { job: text.trim() + '\n', cluster: current.cluster },
      summary: `Loaded the job in ${name} into the Job tab; the Cluster tab is unchanged.`,
    };
  }
  const texts = splitDocument(text);
  if (!texts)
    return { ok: false, message: `${name} could not be split into the Job and Cluster tabs. Nothing was changed.` };
  return { ok: true, texts, summary: `Loaded the scenario in ${name}.` };
}

/** exportFileName names the download for a scenario: its Name as a slug, else "scenario". */
export function exportFileName(scenarioName: string | undefined): string {
  const slug = (scenarioName ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'scenario'}.json`;
}
