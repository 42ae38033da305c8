// Export of the graph for docs and slides: the whole drawing as an SVG or a
// PNG file, self-contained (every style inlined by html-to-image, which
// React Flow's own examples use for this; hand-inlining computed styles into
// a foreignObject would repeat what it does), light or dark as shown.
// Exported at zoom 1, where card text is at its full size, up to a limit.
// The deployment's panels, drawn above the graph, head the picture as drawn
// (without the rollout's buttons, which do nothing in a file).

import { ControlButton, getNodesBounds, getViewportForBounds, useReactFlow } from '@xyflow/react';
import { toCanvas, toSvg } from 'html-to-image';
import { type PicturePart, stackCanvas, stackSvg, svgText } from './stackPicture.ts';

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

// Drawable is one part of the picture: an element and how html-to-image draws it.
interface Drawable {
  node: HTMLElement;
  width: number;
  height: number;
  style: Partial<CSSStyleDeclaration>;
}

// notAButton leaves the deployment's Promote and Fail buttons out of the picture (text nodes pass through it too).
function notAButton(node: HTMLElement): boolean {
  return !(node instanceof HTMLElement && node.classList.contains('cg-dep__actions'));
}

// deploymentPart is the deployment's panels at their drawn width, whole (the strip scrolls on screen); null when none is drawn.
function deploymentPart(root: Element): Drawable | null {
  const strip = root.querySelector<HTMLElement>('.cg-deps');
  if (!strip) return null;
  const width = strip.clientWidth;
  const height = strip.scrollHeight;
  return { node: strip, width, height, style: { maxHeight: 'none', height: `${height}px`, overflow: 'visible' } };
}

// drawAs draws the parts in one format, each in its own right, and stacks them into a data URL.
async function drawAs(format: Format, parts: readonly Drawable[], backgroundColor: string): Promise<string> {
  const pixelRatio = window.devicePixelRatio || 1;
  const options = (p: Drawable) => ({
    backgroundColor,
    width: p.width,
    height: p.height,
    style: p.style,
    filter: notAButton,
    pixelRatio,
  });
  if (format === 'svg') {
    const drawn: PicturePart<string>[] = [];
    for (const p of parts) drawn.push({ ...p, image: svgText(await toSvg(p.node, options(p))) });
    return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(stackSvg(drawn, backgroundColor))}`;
  }
  const drawn: PicturePart<HTMLCanvasElement>[] = [];
  for (const p of parts) drawn.push({ ...p, image: await toCanvas(p.node, options(p)) });
  return stackCanvas(drawn, backgroundColor, pixelRatio).toDataURL('image/png');
}

/** ExportButtons are the graph controls that download the drawing; render them inside <Controls>. */
export function ExportButtons() {
  const { getNodes } = useReactFlow();
  const exportAs = async (format: Format): Promise<void> => {
    const viewport = document.querySelector<HTMLElement>('[data-testid=cluster-graph] .react-flow__viewport');
    const root = viewport?.closest<HTMLElement>('.cg');
    if (!viewport || !root) return;
    const bounds = getNodesBounds(getNodes());
    const scale = Math.min(1, EDGE / Math.max(bounds.width + 2 * PADDING, bounds.height + 2 * PADDING));
    const width = Math.ceil((bounds.width + 2 * PADDING) * scale);
    const height = Math.ceil((bounds.height + 2 * PADDING) * scale);
    const v = getViewportForBounds(bounds, width, height, scale, scale, 0);
    const graph: Drawable = {
      node: viewport,
      width,
      height,
      style: {
        width: `${width}px`,
        height: `${height}px`,
        transform: `translate(${v.x}px, ${v.y}px) scale(${v.zoom})`,
      },
    };
    const deployment = deploymentPart(root);
    const parts = deployment ? [deployment, graph] : [graph];
    download(await drawAs(format, parts, getComputedStyle(root).backgroundColor), `cluster-graph.${format}`);
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
