// Editing the job as API JSON, to register it as a new version after the
// frame shown: the text must be a JSON object; the simulator reads it as
// the scenario reader reads a job.

import { useState } from 'react';
import { readJobText } from './jobText.ts';

/** JobEditor edits the job as API JSON in a small dialog and registers it as a new version. */
export function JobEditor({
  job,
  onApply,
}: {
  job: Record<string, unknown>;
  onApply: (job: Record<string, unknown>) => void;
}) {
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (text === null) {
    return (
      <button
        type="button"
        className="button"
        data-testid="event-edit-job"
        onClick={() => setText(JSON.stringify(job, null, 2))}
      >
        Edit job…
      </button>
    );
  }
  const apply = () => {
    const read = readJobText(text);
    if (!read.ok) {
      setError(read.message);
      return;
    }
    onApply(read.job);
    setText(null);
    setError(null);
  };
  return (
    <div className="rollout-job-editor" role="dialog" aria-label="Edit the job">
      <textarea
        aria-label="Job (API JSON)"
        data-testid="event-job-text"
        value={text}
        onChange={(e) => setText(e.target.value)}
        spellCheck={false}
        rows={14}
      />
      {error !== null && (
        <p className="rollout-problem" role="alert" data-visible="true">
          {error}
        </p>
      )}
      <div className="rollout-row">
        <button type="button" className="button" data-testid="event-job-apply" onClick={apply}>
          Register this version
        </button>
        <button type="button" className="button" onClick={() => setText(null)}>
          Cancel
        </button>
      </div>
    </div>
  );
}
