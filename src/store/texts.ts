// Edits of the tabs' texts that keep the running job and the submitted job
// apart: the first edit of the Job tab leaves the job it replaces running.

import { type TabID, type TabTexts, runningText } from '../scenario/tabs.ts';
import { isObject } from '../scenario/fields.ts';
import { clusterRunningSubmitted, withRegisteredIndexes } from '../scenario/running.ts';
import type { Submission } from '../worker/protocol.ts';
import { keepRunningVariables, setVariableValue, type VariablesEdit } from '../scenario/variablesText.ts';

/**
 * withText is `texts` with one tab's text replaced. While the Running tab
 * has no text of its own it shows the Job tab's; an edit of the Job tab is
 * then a submission over that job, so the job as it was becomes the
 * Running tab's own text first (as `nomad job plan` compares a new jobspec
 * with the registered job, which the edit does not change).
 */
export function withText(texts: TabTexts, tab: TabID, text: string): TabTexts {
  if (tab === 'job' && texts.running === undefined && text !== texts.job)
    return { ...texts, running: texts.job, job: text };
  return { ...texts, [tab]: text };
}

/**
 * madeRunning is `texts` once the submitted job is the running one: the
 * Cluster tab takes the submission's cluster, in which the running job
 * joined the versions and its allocations run the submitted one
 * (clusterRunningSubmitted), and the Running tab the Job tab's text, with
 * the Version the submission gave it; the next edit is a change again.
 * Null when the submission changes nothing.
 */
export function madeRunning(texts: TabTexts, submission: Submission): TabTexts | null {
  if (submission.submittedVersion === null) return null;
  const cluster = clusterRunningSubmitted(submission.document, submission.runningVersion, submission.submittedVersion);
  const registered = submission.document.Job;
  const job = isObject(registered) ? withRegisteredIndexes(texts.job, registered) : texts.job;
  return { job, running: job, cluster: JSON.stringify(cluster, null, 2) + '\n' };
}

/**
 * withVariable is `texts` with one of the submitted jobspec's variable
 * values set (or removed, with `undefined`): a submission too, so the
 * running job keeps its job text and its values (RunningJobSpecVariables).
 */
export function withVariable(
  texts: TabTexts,
  name: string,
  value: string | undefined,
): { ok: true; texts: TabTexts } | Extract<VariablesEdit, { ok: false }> {
  const edit = setVariableValue(keepRunningVariables(texts.cluster), name, value);
  if (!edit.ok) return edit;
  return { ok: true, texts: { ...texts, running: runningText(texts), cluster: edit.text } };
}
