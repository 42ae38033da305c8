// Export of the graph for docs and slides: the picture of picture/ (plain
// SVG shapes, with a title, the evaluation and its time, the deployment's
// panels and a legend), saved as an SVG, or drawn on a canvas and saved as
// a PNG at 2× (3× with Shift), light or dark as shown. Files are named from
// the scenario and the frame (`canary-rollout-eval3.svg`). The buttons say
// what they are making until the file is handed over.

import { ControlButton } from '@xyflow/react';
import type { MouseEvent, RefObject } from 'react';
import type { DeploymentGroupView } from '../../graph/deployment.ts';
import type { GraphModel } from '../../graph/model.ts';
import type { Caption } from '../../picture/caption.ts';
import { selectInRollout, selectShownResult } from '../../store/selectors.ts';
import { useStoreApi } from '../storeContext.tsx';
import { download, pngOf, pngScale } from './savePicture.ts';
import { useBusy } from './useBusy.ts';
import { useColorMode } from './useColorMode.ts';
import './export.css';

/** ExportSource is what the graph shows, kept by ClusterGraph for the export buttons to draw. */
export interface ExportSource {
  model: GraphModel;
  deployments: readonly DeploymentGroupView[];
}

// FORMATS are the buttons: a format and what its button's tooltip says.
const FORMATS = [
  { format: 'svg', title: 'Download the graph as SVG (for slides and docs)' },
  { format: 'png', title: 'Download the graph as PNG at 2× (Shift+click: 3×)' },
] as const;

/** ExportButtons are the graph controls that download the picture; render them inside <Controls>. */
export function ExportButtons({ source }: { source: RefObject<ExportSource | null> }) {
  const store = useStoreApi();
  const theme = useColorMode();
  const { busy, error, run } = useBusy();

  // caption names what the graph shows: a rollout's frame, or the scenario's evaluation.
  const caption = async (): Promise<Caption | null> => {
    const { frameCaption, scenarioCaption } = await import('../../picture/caption.ts');
    const state = store.getState();
    if (selectInRollout(state) && state.rollout.film !== null)
      return frameCaption(state.rollout.film, state.rollout.frame);
    const shown = selectShownResult(state);
    return shown === null ? null : scenarioCaption(shown.scenario);
  };

  const exportAs = (format: 'svg' | 'png', e: MouseEvent) => {
    const scale = e.shiftKey ? 3 : 2;
    void run(format === 'svg' ? 'SVG' : `PNG at ${scale}×`, async () => {
      // The picture's code loads on the first export, not with the page.
      const { drawPicture } = await import('../../picture/picture.ts');
      const shown = source.current;
      const c = await caption();
      if (shown === null || c === null) return;
      const picture = drawPicture({ ...shown, caption: c, theme });
      if (format === 'svg') download(new Blob([picture.svg], { type: 'image/svg+xml' }), `${c.file}.svg`);
      else download(await pngOf(picture, pngScale(picture, scale)), `${c.file}.png`);
    });
  };

  // The picture's code starts loading when a pointer or the focus reaches a button, before the click.
  const warm = () => void import('../../picture/picture.ts');

  return (
    <>
      {FORMATS.map(({ format, title }) => (
        <ControlButton
          key={format}
          onPointerEnter={warm}
          onFocus={warm}
          onClick={(e) => exportAs(format, e)}
          title={title}
          aria-label={`Download the graph as ${format.toUpperCase()}`}
          aria-busy={busy?.startsWith(format.toUpperCase()) ?? false}
          disabled={busy !== null}
          data-testid={`export-${format}`}
        >
          <span className="cg-export">{format.toUpperCase()}</span>
        </ControlButton>
      ))}
      {(busy !== null || error !== null) && (
        <span className="cg-export-status" role="status" data-testid="export-status" data-busy={busy !== null}>
          {busy !== null ? `Exporting ${busy}…` : error}
        </span>
      )}
    </>
  );
}
