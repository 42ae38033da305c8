// What a picture says about itself: a title (the scenario's name), the
// evaluation it shows and when, and the file name it is saved under
// (`canary-rollout-eval3.svg`), for one reconciliation or a film's frame.

import { formatGoDuration, formatInstant } from '../engine/time.ts';
import type { Instant } from '../engine/structs.ts';
import type { Scenario } from '../scenario/read.ts';
import type { Film } from '../simulator/simulate.ts';

/** Caption is the picture's heading: a title, a line saying which evaluation and when, and the file name's stem. */
export interface Caption {
  title: string;
  subtitle: string;
  /** file is the file name without its extension. */
  file: string;
}

// when writes an instant as a reader expects it on a slide: "2026-01-01 00:10:00 UTC".
function when(t: Instant): string {
  return formatInstant(t).replace('T', ' ').replace(/Z$/, ' UTC');
}

// STEM_CHARS is the most characters a file name takes from the title.
const STEM_CHARS = 40;

/** fileStem is a title as a file name: lower case, words joined by hyphens, cut at a word; "picture" when nothing is left. */
export function fileStem(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((w) => w !== '');
  let stem = '';
  for (const w of words) {
    const next = stem === '' ? w : `${stem}-${w}`;
    if (next.length > STEM_CHARS) break;
    stem = next;
  }
  return stem || words[0]?.slice(0, STEM_CHARS) || 'picture';
}

// titleOf is a scenario's name, or its job's ID when it has none.
function titleOf(s: Scenario): string {
  return s.Name.trim() || s.Job.ID;
}

/** scenarioCaption is the caption of one reconciliation: the scenario's evaluation ID and time, the job and its version. */
export function scenarioCaption(s: Scenario): Caption {
  const title = titleOf(s);
  return {
    title,
    subtitle: `Evaluation ${s.EvalID} · ${when(s.Now)} · job ${s.Job.ID} version ${s.Job.Version}`,
    file: fileStem(title),
  };
}

/**
 * frameCaption is the caption of a film's frame (from 1; the frame after
 * the last evaluation is the end): which evaluation of how many, its time
 * and how long after the first, and what triggered it.
 */
export function frameCaption(film: Film, frame: number): Caption {
  const step = film.Steps[frame - 1];
  const start = film.Steps[0]?.Time ?? film.End.Time;
  const count = film.Steps.length;
  const scenario = step?.Scenario ?? film.End.Scenario;
  const title = titleOf(film.Steps[0]?.Scenario ?? scenario);
  const since = (t: Instant) => (t > start ? ` (+${formatGoDuration(t - start)})` : '');
  if (step === undefined) {
    return {
      title,
      subtitle: `End of the rollout after ${count} evaluation${count === 1 ? '' : 's'}: ${film.End.Status} · ${when(film.End.Time)}${since(film.End.Time)}`,
      file: `${fileStem(title)}-end`,
    };
  }
  const job = step.JobID !== film.Steps[0]?.JobID ? ` · job ${step.JobID}` : '';
  return {
    title,
    subtitle: `Evaluation ${step.Index} of ${count} · ${when(step.Time)}${since(step.Time)} · triggered by ${step.TriggeredBy}${job}`,
    file: `${fileStem(title)}-eval${step.Index}`,
  };
}
