// The picture's colours are the page's: every colour of the graph's theme
// (src/ui/graph/theme.css), light and dark, is in the palette with its value.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paint, PALETTES } from '../../src/picture/palette.ts';

const CSS = readFileSync(join(import.meta.dirname, '..', '..', 'src', 'ui', 'graph', 'theme.css'), 'utf8');

// variables reads the --cg-* variables of one rule of theme.css, by their palette names.
function variables(block: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of block.matchAll(/--cg-([\w-]+):\s*([^;]+);/g))
    out[m[1]!.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())] = m[2]!.trim();
  return out;
}

describe('PALETTES', () => {
  const dark = CSS.indexOf(":root[data-theme='dark']");
  it.each([
    ['light', CSS.slice(0, dark)],
    ['dark', CSS.slice(dark)],
  ] as const)('holds every colour of the %s theme', (theme, block) => {
    const css = variables(block);
    expect(Object.keys(css).length).toBeGreaterThan(30);
    expect(PALETTES[theme]).toEqual(css);
  });

  it('splits rgba() into a colour and an opacity', () => {
    expect(paint('rgba(255, 200, 0, 0.22)')).toEqual({ color: '#ffc800', opacity: 0.22 });
    expect(paint('#1b1f24')).toEqual({ color: '#1b1f24', opacity: 1 });
  });
});
