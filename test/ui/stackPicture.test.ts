// Parts of an exported picture stacked into one SVG: the deployment's panels above the graph.

import { describe, expect, it } from 'vitest';
import { stackedSize, stackSvg, svgText } from '../../src/ui/graph/stackPicture.ts';

describe('stackSvg', () => {
  it('places each part below the ones before it, as wide as the widest, over the background', () => {
    const svg = stackSvg(
      [
        {
          image: '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="40"><g id="a"/></svg>',
          width: 300,
          height: 40,
        },
        {
          image: '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><g id="b"/></svg>',
          width: 200,
          height: 100,
        },
      ],
      'rgb(1, 2, 3)',
    );
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="300" height="140" viewBox="0 0 300 140">/);
    expect(svg).toContain('<rect width="100%" height="100%" fill="rgb(1, 2, 3)"/>');
    expect(svg).toContain('<svg x="0" y="0" xmlns="http://www.w3.org/2000/svg" width="300" height="40"><g id="a"/>');
    expect(svg).toContain('<svg x="0" y="40" xmlns="http://www.w3.org/2000/svg" width="200" height="100"><g id="b"/>');
    expect(svg.endsWith('</svg></svg>')).toBe(true);
  });

  it('keeps a background colour from breaking out of its attribute', () => {
    expect(stackSvg([], 'a"b')).toContain('fill="a&quot;b"');
  });
});

describe('stackedSize', () => {
  it('is the widest width and the heights summed; nothing is 0 by 0', () => {
    expect(
      stackedSize([
        { image: 1, width: 10, height: 5 },
        { image: 2, width: 30, height: 7 },
      ]),
    ).toEqual({ width: 30, height: 12 });
    expect(stackedSize([])).toEqual({ width: 0, height: 0 });
  });
});

describe('svgText', () => {
  it('decodes the SVG html-to-image returns as a data URL, and refuses anything else', () => {
    expect(svgText(`data:image/svg+xml;charset=utf-8,${encodeURIComponent('<svg a="1 2"/>')}`)).toBe('<svg a="1 2"/>');
    expect(() => svgText('data:image/png;base64,AAAA')).toThrow(/not an SVG/);
  });
});
