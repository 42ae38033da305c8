// The film exported: a numbered SVG per frame, in a zip that unzip reads back byte for byte.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FOLDED, NO_FOLD } from '../../src/graph/fold.ts';
import { filmPictures } from '../../src/picture/film.ts';
import { crc32, zip } from '../../src/picture/zip.ts';
import { exampleFilm } from './helpers.ts';

describe('film export', () => {
  it('draws every frame, evaluations then the end, named in order', () => {
    const film = exampleFilm('rollout-canary');
    const files = filmPictures(film, null, 'light', NO_FOLD);
    expect(files).toHaveLength(film.Steps.length + 1);
    expect(files.map((f) => f.name)).toEqual([...files.map((f) => f.name)].sort());
    expect(files[0]!.name).toMatch(/^1-.*-eval1\.svg$/);
    expect(files.at(-1)!.name).toMatch(/-end\.svg$/);
    for (const f of files) expect(f.svg).toMatch(/^<svg [^>]*>.*<\/svg>$/s);
    // Each frame says which evaluation it is.
    expect(files[1]!.svg).toContain(`Evaluation 2 of ${film.Steps.length}`);
  });

  it('folds each frame as the page folds it, and draws every card with folding off', () => {
    const film = exampleFilm('rolling-update');
    const folded = filmPictures(film, null, 'light', FOLDED);
    const everything = filmPictures(film, null, 'light', NO_FOLD);
    const cards = (svg: string) => svg.split('data-testid="alloc"').length - 1;
    expect(folded.filter((f) => f.svg.includes('data-testid="fold-summary"')).length).toBeGreaterThan(0);
    expect(everything.filter((f) => f.svg.includes('fold-summary'))).toEqual([]);
    folded.forEach((f, i) => expect(cards(f.svg)).toBeLessThanOrEqual(cards(everything[i]!.svg)));
    expect(folded.some((f, i) => cards(f.svg) < cards(everything[i]!.svg))).toBe(true);
  });

  it('computes zip’s CRC-32', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });

  it('writes a zip that unzip tests and reads back', () => {
    const files = [
      { name: '1-a.svg', data: new TextEncoder().encode('<svg/>') },
      { name: '2-b.svg', data: new TextEncoder().encode('x'.repeat(1000)) },
    ];
    const dir = mkdtempSync(join(tmpdir(), 'film-'));
    const path = join(dir, 'film.zip');
    writeFileSync(path, zip(files));
    const test = spawnSync('unzip', ['-t', path]);
    expect(test.status, test.stdout.toString()).toBe(0);
    expect(spawnSync('unzip', ['-Z1', path]).stdout.toString().trim().split('\n')).toEqual(['1-a.svg', '2-b.svg']);
    spawnSync('unzip', ['-q', path, '-d', dir]);
    expect(readFileSync(join(dir, '2-b.svg'), 'utf8')).toBe('x'.repeat(1000));
  });
});
