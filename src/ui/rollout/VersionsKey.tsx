// The timeline's key to Compare versions: the mark the chips carry where
// the other Nomad's film parts ways with this one, and what it means (its
// title: the first frame where they part, or that they never do); or, when
// the other version did not film the scenario, why. It names the version
// short, as the header's picker does, to leave the chips their room.

import type { Film } from '../../simulator/simulate.ts';
import type { FilmVersions } from '../../worker/filmVersions.ts';
import { NOMAD_LABELS } from '../versions/VersionPicker.tsx';

/** DIFFER_MARK is the mark of a chip where the two versions' films part ways. */
export const DIFFER_MARK = '≠';

/** VersionsKey says what the chips' mark means, or why the other version has no film. */
export function VersionsKey({ versions, film }: { versions: FilmVersions; film: Film }) {
  const other = NOMAD_LABELS[versions.other];
  if (!('comparison' in versions))
    return (
      <span
        className="rollout-versions-key"
        role="status"
        data-testid="rollout-versions-key"
        data-skipped="true"
        title={`${other} does not film this scenario: ${versions.skipped}`}
      >
        v{versions.other} not filmed
      </span>
    );
  const { Pairs, FirstParting } = versions.comparison;
  const first = FirstParting === null ? null : firstFrame(Pairs[FirstParting]!.Sides[versions.version]?.Frame, film);
  const said =
    first === null
      ? `${other} films this rollout the same way.`
      : `${DIFFER_MARK} marks the frames where ${other} does otherwise, first at ${first}; the Rollout tab’s story of a marked frame says what.`;
  const title = versions.readAsDown === undefined ? said : `${said} ${versions.readAsDown.Text}.`;
  return (
    <span className="rollout-versions-key" role="status" data-testid="rollout-versions-key" title={title}>
      {first === null ? `v${versions.other}: the same` : `${DIFFER_MARK} v${versions.other}`}
    </span>
  );
}

// firstFrame names where the films first part: this film's frame, or after the frame before when only the other has it.
function firstFrame(frame: number | undefined, film: Film): string {
  if (frame === undefined) return 'an evaluation only it runs';
  return frame > film.Steps.length ? 'the end' : `evaluation ${frame}`;
}
