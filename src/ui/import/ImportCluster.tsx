// "Import from cluster": a dialog with a field for each API body (pasted,
// or a file dropped on it), the commands that print it, a preview of what
// was found, and a button that loads the scenario, setting the person's
// text aside as a draft first.

import { useId, useRef, useState } from 'react';
import { IMPORT_SOURCES, type ImportSource } from '../../import/build.ts';
import { formatInstant } from '../../engine/time.ts';
import { useShareActions } from '../share/shareContext.tsx';
import { ImportField } from './ImportField.tsx';
import { ImportPreviewView } from './ImportPreviewView.tsx';
import { useImportPreview } from './useImportPreview.ts';
import './import.css';

/** ImportCluster is the header's "Import from cluster" button and its dialog. */
export function ImportCluster() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [texts, setTexts] = useState<Partial<Record<ImportSource, string>>>({});
  const [jobID, setJobID] = useState('');
  const { replaceTexts } = useShareActions();
  const id = useId();
  // The evaluation time is when the dialog was opened: the bodies were printed just before.
  const [now, setNow] = useState(() => formatInstant(Date.now() * 1e6));
  const { preview, busy, stopped } = useImportPreview(texts, now);

  const open = () => {
    setNow(formatInstant(Date.now() * 1e6));
    dialog.current?.showModal();
  };
  const close = () => dialog.current?.close();
  const ready = preview?.ok === true && !busy;
  const load = () => {
    if (!preview?.ok || busy) return;
    replaceTexts(preview.texts, 'before importing from a cluster');
    close();
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
        <span className="label-long">Import from cluster…</span>
        <span className="label-short">Import…</span>
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
          {IMPORT_SOURCES.map((source) => (
            <ImportField
              key={source}
              id={`${id}-${source}`}
              source={source}
              jobID={jobID}
              text={texts[source] ?? ''}
              problem={preview?.ok === false ? preview.problems[source] : undefined}
              onText={(text) => setTexts((t) => ({ ...t, [source]: text }))}
            />
          ))}
        </div>
        <ImportPreviewView preview={preview} busy={busy} stopped={stopped} />
        <div className="import-buttons">
          <button type="button" className="button" onClick={close}>
            Cancel
          </button>
          <button
            type="button"
            className="button import-load"
            data-testid="import-cluster-load"
            disabled={!ready}
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
