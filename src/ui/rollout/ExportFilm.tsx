// Export of the whole film for slides: every frame's picture (picture/) as
// a numbered SVG file in one zip, one slide each, light or dark and folded
// as shown. The button says it is working until the zip is handed over.

import type { Film } from '../../simulator/simulate.ts';
import { selectShownResult } from '../../store/selectors.ts';
import { download } from '../graph/savePicture.ts';
import { useBusy } from '../graph/useBusy.ts';
import { useColorMode } from '../graph/useColorMode.ts';
import { foldShown } from '../graph/useFold.ts';
import { useStoreApi } from '../storeContext.tsx';

/** ExportFilm is the timeline's button that downloads every frame of the film as numbered SVG files in a zip. */
export function ExportFilm({ film }: { film: Film }) {
  const theme = useColorMode();
  const store = useStoreApi();
  const { busy, error, run } = useBusy();
  const exportFilm = () =>
    void run('the film', async () => {
      // The picture's code loads on the first export, not with the page.
      const [{ filmName, filmPictures }, { zip }] = await Promise.all([
        import('../../picture/film.ts'),
        import('../../picture/zip.ts'),
      ]);
      const encoder = new TextEncoder();
      // Each frame folds as the page folds the frame shown: the switch, and the folds opened by hand.
      const state = store.getState();
      const shown = selectShownResult(state)?.scenario ?? film.End.Scenario;
      const fold = foldShown(state.fold, state.openedFolds, shown);
      const files = filmPictures(film, null, theme, fold).map((f) => ({ name: f.name, data: encoder.encode(f.svg) }));
      const title = film.Steps[0]?.Scenario.Name || film.End.Scenario.Name;
      download(new Blob([zip(files)], { type: 'application/zip' }), filmName(title));
    });
  return (
    <>
      <button
        type="button"
        className="button"
        data-testid="export-film"
        aria-busy={busy !== null}
        disabled={busy !== null}
        title="Download every frame as a numbered SVG picture, in one zip (a slide each)"
        onClick={exportFilm}
      >
        {busy !== null ? 'Exporting…' : 'Export film'}
      </button>
      {error !== null && (
        <span className="muted" role="status">
          {error}
        </span>
      )}
    </>
  );
}
