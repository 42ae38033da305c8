// The notice for a job edited without a new JobModifyIndex, with the one
// click that submits it as a new version (the texts replaced are set aside
// as a draft first, like any replacement).

import { useState } from 'react';
import { useShareActions } from '../share/shareContext.tsx';
import { useResult, useStale, useTexts } from '../storeContext.tsx';
import { type JobBaseline, findStaleIndex, nextBaseline, submitAsNewVersion } from './newVersion.ts';

/** JobVersionNotice says when the reconciler cannot see an edit of the job, and offers to register it as a new version. */
export function JobVersionNotice() {
  const result = useResult();
  const stale = useStale();
  const texts = useTexts();
  const { replaceTexts } = useShareActions();
  // The job as it was before the person's edits, kept across results (as
  // state, brought up to date while rendering when a new result arrives).
  const [kept, setKept] = useState<{ seen: number | null; baseline: JobBaseline | null }>({
    seen: null,
    baseline: null,
  });
  let baseline = kept.baseline;
  if (result && !stale && kept.seen !== result.seq) {
    baseline = nextBaseline(kept.baseline, texts, result.scenario);
    setKept({ seen: result.seq, baseline });
  }
  if (!result || stale) return null;
  const found = findStaleIndex(result.scenario, baseline);
  if (!found) return null;
  const submit = () => {
    const next = submitAsNewVersion(texts, result.scenario, found);
    if (next) replaceTexts(next, 'before submitting the job as a new version');
  };
  const who = found.allocations === 1 ? 'its allocation runs' : `its ${found.allocations} allocations run`;
  return (
    <p className="notice" data-testid="job-version-notice" role="status">
      The job differs from version {found.version}, which {who}, but keeps its JobModifyIndex {found.jobModifyIndex}.
      Nomad gives every change of a job a new one, so as written the reconciler sees no change.{' '}
      <button
        type="button"
        className="button"
        data-testid="submit-new-version"
        onClick={submit}
        title="Register the edited job as the next version, with a new JobModifyIndex; your text is kept under Drafts"
      >
        Submit as a new version
      </button>
    </p>
  );
}
