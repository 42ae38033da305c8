// The README and docs/ describe the repository in its own words, and point
// at its files: every relative link must reach a file, and every path under
// src/, test/, e2e/, bench/ or scripts/ that the README names in backquotes
// must exist, so the map cannot drift from the tree it maps.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

function markdownFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? markdownFiles(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : [],
  );
}

const PAGES = ['README.md', ...markdownFiles('docs')];

// relativeLinks lists the targets of a page's Markdown links that point into the repository.
function relativeLinks(text: string): string[] {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!.split('#')[0]!)
    .filter((target) => target !== '' && !/^[a-z]+:/.test(target));
}

describe('docs', () => {
  test.each(PAGES)('every relative link of %s reaches a file', (page) => {
    const text = readFileSync(join(ROOT, page), 'utf8');
    const missing = relativeLinks(text).filter((target) => !existsSync(join(ROOT, dirname(page), target)));
    expect(missing).toEqual([]);
  });

  test('every source path the README names exists', () => {
    const text = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const paths = [...text.matchAll(/`((?:src|test|e2e|bench|scripts)\/[^`\s<>]*)`/g)].map((m) => m[1]!);
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter((p) => !existsSync(join(ROOT, p)))).toEqual([]);
  });
});
