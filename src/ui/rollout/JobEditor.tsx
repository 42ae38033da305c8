// Editing the job as API JSON, to register it as a new version after the
// frame shown: the text must be a JSON object; the simulator reads it as
// the scenario reader reads a job.

import { useState } from 'react';

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
    try {
      const value: unknown = JSON.parse(text);
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        throw new Error('the job must be a JSON object');
      onApply(value as Record<string, unknown>);
      setText(null);
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
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
