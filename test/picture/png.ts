// A PNG decoder for the tests: the 8-bit, non-interlaced RGB and RGBA
// images librsvg writes, read into RGBA pixels, so that a test can look at
// what a non-browser renderer drew.

import { inflateSync } from 'node:zlib';

/** Decoded is an image's size and its pixels, four bytes (RGBA) each, row by row. */
export interface Decoded {
  width: number;
  height: number;
  rgba: Uint8Array;
}

// paeth is PNG's Paeth predictor.
function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** decodePng reads an 8-bit RGB or RGBA, non-interlaced PNG; it throws on anything else. */
export function decodePng(png: Buffer): Decoded {
  let at = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, color, , , interlace] = [body[8], body[9], body[10], body[11], body[12]];
      if (depth !== 8 || interlace !== 0 || (color !== 2 && color !== 6)) throw new Error('unsupported PNG');
      channels = color === 6 ? 4 : 3;
    } else if (type === 'IDAT') data.push(body);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let x = 0; x < stride; x++) {
      const v = raw[y * (stride + 1) + 1 + x]!;
      const a = x >= channels ? pixels[y * stride + x - channels]! : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x]! : 0;
      const c = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels]! : 0;
      const predicted = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter]!;
      pixels[y * stride + x] = (v + predicted) & 0xff;
    }
  }
  if (channels === 4) return { width, height, rgba: pixels };
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    rgba.set(pixels.subarray(i * 3, i * 3 + 3), i * 4);
    rgba[i * 4 + 3] = 255;
  }
  return { width, height, rgba };
}

/** pixelHex is the colour of a pixel as #rrggbb. */
export function pixelHex(img: Decoded, x: number, y: number): string {
  const i = (Math.round(y) * img.width + Math.round(x)) * 4;
  return `#${[...img.rgba.subarray(i, i + 3)].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}
