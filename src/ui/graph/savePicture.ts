// Saving an exported picture in the browser: the SVG as a file, or drawn on
// a canvas at 2× or 3× and saved as a PNG, and any bytes (the film's zip)
// handed to the browser as a download.

import type { Picture } from '../../picture/picture.ts';

// MAX_SIDE and MAX_AREA bound the PNG's canvas (px): past them browsers refuse to draw (Safari first, at about 16.7 million pixels).
const MAX_SIDE = 16_384;
const MAX_AREA = 16_000_000;

/** pngScale is the scale a picture is drawn at for a PNG: the one asked for, less when the canvas would be too large. */
export function pngScale(p: Pick<Picture, 'width' | 'height'>, wanted: number): number {
  const bySide = MAX_SIDE / Math.max(p.width, p.height);
  const byArea = Math.sqrt(MAX_AREA / (p.width * p.height));
  return Math.min(wanted, bySide, byArea);
}

/** pngOf draws the picture's SVG on a canvas at `scale` and encodes it as a PNG. */
export async function pngOf(p: Picture, scale: number): Promise<Blob> {
  const image = new Image();
  // A data: URL, which the page's Content Security Policy allows for images (blob: it does not).
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(p.svg)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(p.width * scale);
  canvas.height = Math.round(p.height * scale);
  const ctx = canvas.getContext('2d');
  if (ctx === null) throw new Error('no 2D canvas');
  ctx.drawImage(image, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the PNG could not be made'))), 'image/png'),
  );
}

/** download hands a file to the browser to save under `name`. */
export function download(data: Blob, name: string): void {
  const url = URL.createObjectURL(data);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  // The browser has taken the file once the click's task is done.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** nextPaint resolves once the browser has painted, so that a busy state set before it is on screen before the work starts. */
export function nextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
