// In the story of a frame, while Compare versions is on: what each Nomad
// does at this frame that the other does not, and the evaluations only the
// other film runs right after it. Nothing when the versions agree here, or
// when there is no comparison (the timeline says why it was skipped).

import type { Instant } from '../../engine/structs.ts';
import type { FilmFact, FramePair } from '../../simulator/filmVersions.ts';
import { factCode, frameComparison, pairDiffers } from '../../simulator/filmVersions.ts';
import type { NomadVersion } from '../../scenario/nomadVersion.ts';
import type { FilmVersions } from '../../worker/filmVersions.ts';
import { NOMAD_LABELS } from '../versions/VersionPicker.tsx';
import { sinceStart } from './describe.ts';
import { filmFactWords } from './filmFactWords.tsx';

/** FrameVersions lists where the other Nomad's film parts ways with this one at `frame`; `start` is the film's first instant. */
export function FrameVersions({
  versions,
  frame,
  start,
}: {
  versions: FilmVersions | null;
  frame: number;
  start: Instant;
}) {
  if (versions === null || !('comparison' in versions)) return null;
  const { other, version: own } = versions;
  const { pair, otherOnlyAfter } = frameComparison(versions.comparison, own, frame);
  if (pair === null) return null;
  const differs = pairDiffers(pair);
  if (!differs && otherOnlyAfter.length === 0) return null;
  return (
    <section className="rollout-versions" aria-label="The other Nomad here" data-testid="rollout-versions">
      {pair.Sides[other] === null ? (
        <p data-version={other}>
          <strong>{NOMAD_LABELS[other]} here:</strong> no such evaluation.
        </p>
      ) : (
        differs && (
          <>
            <Facts version={own} facts={pair.Differences[own]} start={start} />
            <Facts version={other} facts={pair.Differences[other]} start={start} />
          </>
        )
      )}
      {otherOnlyAfter.map((p, i) => (
        <OnlyOther key={i} pair={p} version={other} start={start} />
      ))}
    </section>
  );
}

// Facts is one version's list for the frame; "nothing of that" when the other does more.
function Facts({ version, facts, start }: { version: NomadVersion; facts: readonly FilmFact[]; start: Instant }) {
  return (
    <div data-version={version}>
      <strong>{NOMAD_LABELS[version]} here:</strong>
      {facts.length === 0 ? (
        <span> none of the other’s.</span>
      ) : (
        <ul>
          {facts.map((f, i) => (
            <li key={i} data-code={factCode(f)}>
              {filmFactWords(f, start)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

// OnlyOther is an evaluation only the other film runs, next after this frame.
function OnlyOther({ pair, version, start }: { pair: FramePair; version: NomadVersion; start: Instant }) {
  const side = pair.Sides[version]!;
  const facts = pair.Differences[version].filter((f) => f.Code !== 'time');
  return (
    <div data-version={version} data-only="true">
      <strong>Then {NOMAD_LABELS[version]} runs an evaluation this film has not:</strong>{' '}
      <code>{side.TriggeredBy}</code> at {sinceStart(start, side.Time)}
      {facts.length > 0 && (
        <ul>
          {facts.map((f, i) => (
            <li key={i}>{filmFactWords(f, start)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
