// Regular expressions as Nomad's functions run them: Go's regexp package,
// which is RE2. Patterns compile with re2js (a JavaScript port of RE2, so
// matching takes time linear in the text, whatever the pattern), and
// replacements follow Go's ReplaceAllString: `$1`, `${1}`, `$name`,
// `${name}` and `$$`, and no empty match right after another match.

import { RE2JS } from 're2js';
import type { CallBudget } from '../eval/eval.ts';

/**
 * compileGo compiles a pattern as Go's regexp.Compile does, or throws an
 * Error in Go's words. Go before 1.22 (Nomad v1.1.0 was built with 1.16)
 * writes a named group only as `(?P<name>…)`: `(?<name>…)`, which re2js
 * also takes, is refused as that Go refuses it. Backreferences and
 * lookaround are refused by RE2 itself.
 */
export function compileGo(pattern: string): RE2JS {
  if (anglePerlGroup(pattern)) throw new Error('error parsing regexp: invalid or unsupported Perl syntax: `(?<`');
  try {
    return RE2JS.compile(pattern);
  } catch (e) {
    throw new Error(e instanceof Error ? e.message : String(e), { cause: e });
  }
}

// anglePerlGroup tells whether a pattern opens a group with `(?<` outside
// a character class and not escaped.
function anglePerlGroup(pattern: string): boolean {
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') i++;
    else if (inClass) {
      if (c === ']') inClass = false;
    } else if (c === '[') {
      inClass = true;
      // A `]` first in the class (after an optional `^`) is a literal.
      if (pattern[i + 1] === '^') i++;
      if (pattern[i + 1] === ']') i++;
    } else if (c === '(' && pattern.startsWith('?<', i + 1)) return true;
  }
  return false;
}

/**
 * replaceAllGo replaces every match of `re` in `src` with `template`
 * expanded as Go's Regexp.ReplaceAllString expands it, counting the search
 * as work and checking the result's length against the budget as it grows.
 */
export function replaceAllGo(re: RE2JS, src: string, template: string, budget: CallBudget): string {
  // Searching costs a step per character: RE2 in JavaScript is some twenty times slower than copying text.
  budget.steps(src.length);
  const names = re.namedGroups();
  const groups = re.groupCount();
  const m = re.matcher(src);
  let out = '';
  let lastEnd = 0;
  let searchFrom = 0;
  while (searchFrom <= src.length && m.find(searchFrom)) {
    // Each match is a step more.
    budget.steps(1);
    const start = m.start();
    const end = m.end();
    out += src.slice(lastEnd, start);
    // An empty match right after another match is not replaced (Go's rule).
    if (end > lastEnd || start === 0) out += expand(template, (g) => groupText(m, g, names, groups));
    budget.chars(out.length);
    lastEnd = end;
    // Move on past the match, and at least one character (a whole surrogate pair).
    const width = isPairAt(src, searchFrom) ? 2 : 1;
    searchFrom = searchFrom + width > end ? searchFrom + width : end;
  }
  out += src.slice(lastEnd);
  budget.chars(out.length);
  return out;
}

// groupText is the text of a group named or numbered `name` in the current match, '' when there is none.
function groupText(
  m: ReturnType<RE2JS['matcher']>,
  name: string,
  names: Record<string, number>,
  groups: number,
): string {
  const n = /^[0-9]+$/.test(name) ? Number(name) : (names[name] ?? -1);
  if (n < 0 || n > groups) return '';
  return m.group(n) ?? '';
}

// isPairAt tells whether a surrogate pair (one character outside the BMP) starts at `i`.
function isPairAt(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  return c >= 0xd800 && c <= 0xdbff && i + 1 < s.length;
}

// NAME is what Go's template expansion takes as a group name: letters, digits and underscores.
const NAME = /^[\p{L}\p{Nd}_]+/u;

// expand writes a replacement template for one match, as Go's Regexp.Expand
// does: `$$` is a dollar, `$name` takes the longest name, `${name}` the one
// in braces, and a `$` not followed by either is kept as it is.
function expand(template: string, group: (name: string) => string): string {
  let out = '';
  let rest = template;
  for (;;) {
    const dollar = rest.indexOf('$');
    if (dollar === -1) return out + rest;
    out += rest.slice(0, dollar);
    rest = rest.slice(dollar + 1);
    if (rest.startsWith('$')) {
      out += '$';
      rest = rest.slice(1);
      continue;
    }
    const braced = rest.startsWith('{');
    const name = NAME.exec(braced ? rest.slice(1) : rest)?.[0];
    if (name === undefined || (braced && rest[1 + name.length] !== '}')) {
      out += '$';
      continue;
    }
    rest = rest.slice(name.length + (braced ? 2 : 0));
    out += group(name);
  }
}
