// Export of the graph for docs and slides: the whole drawing as an SVG or a
// PNG file, self-contained (every style inlined by html-to-image, which
// React Flow's own examples use for this; hand-inlining computed styles into
// a foreignObject would repeat what it does), light or dark as shown.
// Exported at zoom 1, where card text is at its full size, up to a limit.

import { ControlButton, getNodesBounds, getViewportForBounds, useReactFlow } from '@xyflow/react';
import { toPng, toSvg } from 'html-to-image';

// EDGE is the longest side (px) of an exported image; a huge cluster is scaled down to it.
const EDGE = 4000;
const PADDING = 24;

type Format = 'svg' | 'png';

// download saves a data URL as a file.
function download(url: string, name: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
}

/** ExportButtons are the graph controls that download the drawing; render them inside <Controls>. */
export function ExportButtons() {
  const { getNodes } = useReactFlow();
  const exportAs = async (format: Format): Promise<void> => {
    const viewport = document.querySelector<HTMLElement>('[data-testid=cluster-graph] .react-flow__viewport');
    if (!viewport) return;
    const bounds = getNodesBounds(getNodes());
    const scale = Math.min(1, EDGE / Math.max(bounds.width + 2 * PADDING, bounds.height + 2 * PADDING));
    const width = Math.ceil((bounds.width + 2 * PADDING) * scale);
    const height = Math.ceil((bounds.height + 2 * PADDING) * scale);
    const v = getViewportForBounds(bounds, width, height, scale, scale, 0);
    const background = getComputedStyle(viewport.closest('.cg') ?? viewport).backgroundColor;
    const options = {
      backgroundColor: background,
      width,
      height,
      style: {
        width: `${width}px`,
        height: `${height}px`,
        transform: `translate(${v.x}px, ${v.y}px) scale(${v.zoom})`,
      },
    };
    const url = format === 'svg' ? await toSvg(viewport, options) : await toPng(viewport, options);
    download(url, `cluster-graph.${format}`);
  };
  return (
    <>
      {(['svg', 'png'] as const).map((format) => (
        <ControlButton
          key={format}
          onClick={() => void exportAs(format)}
          title={`Download the graph as ${format.toUpperCase()}`}
          aria-label={`Download the graph as ${format.toUpperCase()}`}
          data-testid={`export-${format}`}
        >
          <span className="cg-export">{format.toUpperCase()}</span>
        </ControlButton>
      ))}
    </>
  );
}
