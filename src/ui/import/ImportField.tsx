// One API body of the import: what it is, the command that prints it for
// the job ID typed, the field to paste it into (or drop its file on), and
// its problem.

import { type ClipboardEvent, type DragEvent, useState } from 'react';
import type { ImportSource } from '../../import/build.ts';
import { sourceInfo } from '../../import/commands.ts';
import { formatBytes } from '../../share/linkCodec.ts';
import { TEXT_BUDGET, grouped } from '../../scenario/budget.ts';

const HINTS: Record<ImportSource, string> = {
  job: 'the job being scheduled (or what nomad job inspect prints)',
  versions: 'its versions, for the allocations of earlier ones',
  allocations: 'its allocations: the list, or a list of GET /v1/allocation/:id bodies (those also carry DeploymentID)',
  nodes: 'the client nodes',
  deployment: 'its latest deployment (null when none)',
};
/**
 * SHOWN_BODY_CHARS is the longest body a field shows as text. Laying out
 * megabytes of text in a field held the page for seconds on every paste and
 * keystroke (5,000 allocations are 7 MB), so a longer body, pasted or
 * dropped, is kept without being shown: the field names its length, the
 * preview reads it, and Clear empties it.
 */
const SHOWN_BODY_CHARS = 100_000;

/** ImportField is the field of one body; `onText` takes its new text, typed or from a file dropped on it. */
export function ImportField({
  id,
  source,
  jobID,
  text,
  problem,
  onText,
}: {
  id: string;
  source: ImportSource;
  jobID: string;
  text: string;
  problem: string | undefined;
  onText: (text: string) => void;
}) {
  const info = sourceInfo(source, jobID);
  // refused says why the last file dropped here was not read.
  const [refused, setRefused] = useState<string | null>(null);
  const take = (t: string) => {
    setRefused(null);
    onText(t);
  };
  const drop = (e: DragEvent<HTMLElement>) => {
    const file = e.dataTransfer.files[0];
    if (!file) return;
    // The field takes the file (the page-wide drop leaves data-own-file-drop fields alone).
    e.preventDefault();
    // A file is not read whole into the page before its size is measured: a
    // body has at least as many bytes as characters (it is JSON), so one
    // over the reader's budget in bytes would be refused after reading anyway.
    if (file.size > TEXT_BUDGET.chars) {
      setRefused(
        `${file.name} is ${formatBytes(file.size)}; a body is read up to ${formatBytes(TEXT_BUDGET.chars)}, so it was not read.`,
      );
      return;
    }
    void file.text().then(take);
  };
  // A long paste replaces the field's whole text without entering it (see SHOWN_BODY_CHARS).
  const paste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = e.clipboardData.getData('text/plain');
    if (pasted.length <= SHOWN_BODY_CHARS) return;
    e.preventDefault();
    take(pasted);
  };
  return (
    <div className="import-field">
      <label htmlFor={id}>
        <strong>{info.label}</strong> <span className="muted">— {HINTS[source]}</span>
      </label>
      <code className="import-command" title={info.commands.join('\n')}>
        {info.commands[0]}
      </code>
      {text.length > SHOWN_BODY_CHARS ? (
        <div
          className="import-long"
          data-testid={`import-${source}-long`}
          aria-invalid={refused !== null || problem !== undefined}
          data-own-file-drop
          onDragOver={acceptFiles}
          onDrop={drop}
        >
          <span>{grouped(text.length)} characters, too long to show here; the preview reads them all.</span>
          <button id={id} type="button" className="button" onClick={() => take('')}>
            Clear
          </button>
        </div>
      ) : (
        <textarea
          id={id}
          data-testid={`import-${source}`}
          rows={3}
          spellCheck={false}
          placeholder={`GET ${info.endpoint}`}
          value={text}
          aria-invalid={refused !== null || problem !== undefined}
          onChange={(e) => take(e.target.value)}
          onPaste={paste}
          data-own-file-drop
          onDragOver={acceptFiles}
          onDrop={drop}
        />
      )}
      <p className="import-problem" role={(refused ?? problem) ? 'alert' : undefined}>
        {refused ?? problem ?? ''}
      </p>
    </div>
  );
}

// acceptFiles lets a file be dropped on a field.
function acceptFiles(e: DragEvent<HTMLElement>): void {
  if (e.dataTransfer.types.includes('Files')) e.preventDefault();
}
