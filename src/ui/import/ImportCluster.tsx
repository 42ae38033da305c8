// "Import from cluster": a dialog with a field for each API body (pasted,
// or a file dropped on it), the commands that print it, a preview of what
// was found, and a button that loads the scenario, setting the person's
// text aside as a draft first.

import { type DragEvent, useId, useMemo, useRef, useState } from 'react';
import { IMPORT_SOURCES, type ImportSource } from '../../import/build.ts';
import { sourceInfo } from '../../import/commands.ts';
import { type ImportPreview, previewImport } from '../../import/preview.ts';
import { describeSummary } from '../../import/summary.ts';
import { formatInstant } from '../../engine/time.ts';
import { splitScenario } from '../../scenario/tabs.ts';
import { useShareActions } from '../share/shareContext.tsx';
import './import.css';

const HINTS: Record<ImportSource, string> = {
  job: 'the job being scheduled (or what nomad job inspect prints)',
  versions: 'its versions, for the allocations of earlier ones',
  allocations: 'its allocations: the list, or a list of GET /v1/allocation/:id bodies (those also carry DeploymentID)',
  nodes: 'the client nodes',
  deployment: 'its latest deployment (null when none)',
};

/** ImportCluster is the header's "Import from cluster" button and its dialog. */
export function ImportCluster() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [texts, setTexts] = useState<Partial<Record<ImportSource, string>>>({});
  const [jobID, setJobID] = useState('');
  const { replaceTexts } = useShareActions();
  const id = useId();
  // The evaluation time is when the dialog was opened: the bodies were printed just before.
  const [now, setNow] = useState(() => formatInstant(Date.now() * 1e6));
  const preview = useMemo(() => previewImport(texts, now), [texts, now]);

  const open = () => {
    setNow(formatInstant(Date.now() * 1e6));
    dialog.current?.showModal();
  };
  const close = () => dialog.current?.close();
  const load = () => {
    if (!preview.ok) return;
    replaceTexts(splitScenario(preview.document), 'before importing from a cluster');
    close();
  };
  const drop = (source: ImportSource) => (e: DragEvent<HTMLTextAreaElement>) => {
    const file = e.dataTransfer.files[0];
    if (!file) return;
    // The field takes the file (the page-wide drop leaves data-own-file-drop fields alone).
    e.preventDefault();
    void file.text().then((text) => setTexts((t) => ({ ...t, [source]: text })));
  };

  return (
    <>
      <button
        type="button"
        className="button"
        data-testid="import-cluster"
        title="Build a scenario from what a running Nomad cluster's API prints"
        onClick={open}
      >
        Import from cluster…
      </button>
      <dialog
        ref={dialog}
        className="import-dialog"
        data-testid="import-cluster-dialog"
        aria-labelledby={`${id}-title`}
      >
        <h2 id={`${id}-title`}>Import from cluster</h2>
        <p className="import-lead">
          Paste what each command prints, or drop its file on the field. Only the job (or its versions) is required;
          without the nodes every allocation would be lost.
        </p>
        <label className="import-jobid">
          Job ID in the commands{' '}
          <input
            value={jobID}
            onChange={(e) => setJobID(e.target.value)}
            placeholder="JOB"
            data-testid="import-job-id"
            spellCheck={false}
          />
        </label>
        <div className="import-fields">
          {IMPORT_SOURCES.map((source) => {
            const info = sourceInfo(source, jobID);
            const problem = !preview.ok ? preview.problems[source] : undefined;
            return (
              <div key={source} className="import-field">
                <label htmlFor={`${id}-${source}`}>
                  <strong>{info.label}</strong> <span className="muted">— {HINTS[source]}</span>
                </label>
                <code className="import-command" title={info.commands.join('\n')}>
                  {info.commands[0]}
                </code>
                <textarea
                  id={`${id}-${source}`}
                  data-testid={`import-${source}`}
                  rows={3}
                  spellCheck={false}
                  placeholder={`GET ${info.endpoint}`}
                  value={texts[source] ?? ''}
                  aria-invalid={problem !== undefined}
                  onChange={(e) => setTexts((t) => ({ ...t, [source]: e.target.value }))}
                  data-own-file-drop
                  onDragOver={acceptFiles}
                  onDrop={drop(source)}
                />
                <p className="import-problem" role={problem ? 'alert' : undefined}>
                  {problem ?? ''}
                </p>
              </div>
            );
          })}
        </div>
        <ImportPreviewView preview={preview} />
        <div className="import-buttons">
          <button type="button" className="button" onClick={close}>
            Cancel
          </button>
          <button
            type="button"
            className="button import-load"
            data-testid="import-cluster-load"
            disabled={!preview.ok}
            onClick={load}
            title="Replace both tabs with this scenario; your current text is kept under Drafts"
          >
            Load scenario
          </button>
        </div>
      </dialog>
    </>
  );
}

// acceptFiles lets a file be dropped on a field.
function acceptFiles(e: DragEvent<HTMLTextAreaElement>): void {
  if (e.dataTransfer.types.includes('Files')) e.preventDefault();
}

// ImportPreviewView says what the bodies hold, what the person should know, and what the reader will mark.
function ImportPreviewView({ preview }: { preview: ImportPreview }) {
  if (!preview.ok) {
    return (
      <div className="import-preview" data-testid="import-preview" data-ok="false">
        {preview.empty ? 'Nothing pasted yet.' : 'Fix the fields marked above to see the scenario.'}
      </div>
    );
  }
  return (
    <div className="import-preview" data-testid="import-preview" data-ok="true">
      <ul>
        {describeSummary(preview.summary).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {preview.notes.length > 0 && (
        <ul className="import-notes">
          {preview.notes.map((n) => (
            <li key={n.code} data-testid="import-note" data-code={n.code}>
              ⚠ {n.message}
            </li>
          ))}
        </ul>
      )}
      {preview.invalid.length > 0 && (
        <p className="import-invalid">
          The scenario has {preview.invalid.length} problem{preview.invalid.length === 1 ? '' : 's'} the editor will
          mark, the first: {preview.invalid[0]}
        </p>
      )}
    </div>
  );
}
