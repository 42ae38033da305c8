// Pictures stacked one above the other into one exported file: the
// deployment's panels, then the graph. Each part is drawn on its own (by
// html-to-image) and placed here, so that neither part is laid out again.

/** PicturePart is one drawn part of an exported picture and its size in CSS pixels. */
export interface PicturePart<T> {
  image: T;
  width: number;
  height: number;
}

/** stackedSize is the size of parts stacked top to bottom: the widest part's width, the heights summed. */
export function stackedSize(parts: readonly PicturePart<unknown>[]): { width: number; height: number } {
  return {
    width: Math.max(0, ...parts.map((p) => p.width)),
    height: parts.reduce((sum, p) => sum + p.height, 0),
  };
}

// SVG_DATA is how html-to-image begins the data URL of an SVG.
const SVG_DATA = /^data:image\/svg\+xml;charset=utf-8,/;

/** svgText is the markup an SVG data URL carries. */
export function svgText(url: string): string {
  if (!SVG_DATA.test(url)) throw new Error(`not an SVG data URL: ${url.slice(0, 40)}`);
  return decodeURIComponent(url.replace(SVG_DATA, ''));
}

// escapeAttr makes a CSS colour safe inside an XML attribute.
function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * stackSvg nests the parts' SVG documents (each an `<svg>` element) in one
 * SVG, each at the height where the parts above it end, over a background.
 */
export function stackSvg(parts: readonly PicturePart<string>[], background: string): string {
  const { width, height } = stackedSize(parts);
  let y = 0;
  const nested = parts.map((p) => {
    const placed = p.image.replace(/^<svg\b/, `<svg x="0" y="${y}"`);
    y += p.height;
    return placed;
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="100%" height="100%" fill="${escapeAttr(background)}"/>` +
    nested.join('') +
    '</svg>'
  );
}

/** stackCanvas draws the parts' canvases, drawn at pixelRatio, one below the other on a new canvas over a background. */
export function stackCanvas(
  parts: readonly PicturePart<HTMLCanvasElement>[],
  background: string,
  pixelRatio: number,
): HTMLCanvasElement {
  const { width, height } = stackedSize(parts);
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(width * pixelRatio);
  canvas.height = Math.ceil(height * pixelRatio);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas');
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  let y = 0;
  for (const p of parts) {
    ctx.drawImage(p.image, 0, Math.round(y * pixelRatio));
    y += p.height;
  }
  return canvas;
}
