// The file system functions jobspec2 offers when `nomad job run` reads a
// jobspec (go-cty-funcs' filesystem package, allowed by AllowFS): file,
// fileexists, fileset, abspath, basename, dirname and pathexpand. The reader
// stays pure: the files are reached through a FileAccess the caller passes
// (the command line's reads the disk; the page has none, and these
// functions then say so). `nomad job run` names the jobspec by its base name
// only, so jobspec2's base directory is ".": relative paths resolve against
// the working directory, not the jobspec's own directory.

import type { Func } from '../eval/eval.ts';
import { toSet } from '../eval/value.ts';

/** FileStat is what FileAccess.stat finds at a path: a regular file and its size, nothing, or something else (a directory…) with its mode written as Go writes it (`drwxr-xr-x`). */
export type FileStat = { kind: 'file'; size: number } | { kind: 'missing' } | { kind: 'other'; mode: string };

/** FileAccess is the reader's only way to files; paths are as jobspec2 builds them (relative ones to the working directory). */
export interface FileAccess {
  /** home is the user's home directory, for `~`. */
  readonly home: string;
  /** cwd is the working directory, absolute, for abspath. */
  readonly cwd: string;
  stat(path: string): FileStat;
  /** read returns a regular file's bytes, at most `limit` of them; it throws when the file is longer or cannot be read. */
  read(path: string, limit: number): Uint8Array;
  /** list names a directory's entries and tells which are directories; null when `path` is not a readable directory. */
  list(path: string): { name: string; dir: boolean }[] | null;
}

/** FILE_READ_BUDGET is how many bytes the file functions may bring into one jobspec read, all reads together: as many as the scenario reader's text budget (TEXT_BUDGET.chars, a test holds them equal), so that a file cannot bring in more than a jobspec may hold. */
export const FILE_READ_BUDGET = 16 * 1024 * 1024;

/** FILESET_ENTRY_BUDGET is how many directory entries one jobspec read's fileset calls may visit, together. */
export const FILESET_ENTRY_BUDGET = 100_000;

const BASE_DIR = '.';

const path = (name: string) => ({ name, type: 'string' as const });

/** fileFunctions are the file system functions reading through `files`, each jobspec read with its own budget. */
export function fileFunctions(files: FileAccess): Record<string, Func> {
  let bytesLeft = FILE_READ_BUDGET;
  let entriesLeft = FILESET_ENTRY_BUDGET;
  const list = (dir: string) => {
    const entries = files.list(dir === '' ? '.' : dir);
    entriesLeft -= entries?.length ?? 0;
    if (entriesLeft < 0)
      throw new Error(`fileset visited more than ${FILESET_ENTRY_BUDGET} directory entries, the reader's budget`);
    return entries;
  };
  const resolve = (p: string) => {
    const expanded = expandHome(p, files.home);
    return clean(isAbs(expanded) ? expanded : join(BASE_DIR, expanded));
  };
  return {
    file: {
      params: [path('path')],
      impl: ([p]) => {
        const at = resolve(homeOk(p as string));
        const stat = files.stat(at);
        if (stat.kind === 'missing') throw new Error(`no file exists at ${at}`);
        if (stat.kind !== 'file') throw new Error(`failed to read ${at}`);
        if (stat.size > bytesLeft)
          throw new Error(
            `${at} holds ${stat.size} bytes, more than the ${bytesLeft} left of the ${FILE_READ_BUDGET} bytes the file functions may read for one jobspec`,
          );
        let bytes: Uint8Array;
        try {
          bytes = files.read(at, bytesLeft);
        } catch {
          throw new Error(`failed to read ${at}`);
        }
        bytesLeft -= bytes.length;
        try {
          return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
        } catch {
          throw new Error(
            `contents of ${p as string} are not valid UTF-8; use the filebase64 function to obtain the Base64 encoded contents or the other file functions (e.g. filemd5, filesha256) to obtain file hashing results instead`,
          );
        }
      },
    },
    fileexists: {
      params: [path('path')],
      impl: ([p]) => {
        const at = resolve(homeOk(p as string));
        const stat = files.stat(at);
        if (stat.kind === 'missing') return false;
        if (stat.kind === 'file') return true;
        throw new Error(`${at} is not a regular file, but "${stat.mode}"`);
      },
    },
    fileset: {
      params: [path('path'), path('pattern')],
      impl: ([p, pattern]) => {
        const dir = isAbs(p as string) ? (p as string) : join(BASE_DIR, p as string);
        const full = join(dir, pattern as string);
        let matches: string[];
        try {
          matches = glob(full, list);
        } catch (e) {
          if (e instanceof BadPattern)
            throw new Error(`failed to glob pattern (${full}): syntax error in pattern`, { cause: e });
          throw e;
        }
        const prefix = clean(dir) === '.' ? '' : clean(dir) + '/';
        return toSet(
          matches
            .filter((m) => files.stat(m).kind === 'file')
            .map((m) => (m.startsWith(prefix) ? m.slice(prefix.length) : m)),
        );
      },
    },
    abspath: {
      params: [path('path')],
      impl: ([p]) => (isAbs(p as string) ? clean(p as string) : join(files.cwd, p as string)),
    },
    basename: { params: [path('path')], impl: ([p]) => basename(p as string) },
    dirname: {
      params: [path('path')],
      impl: ([p]) => clean((p as string).slice(0, (p as string).lastIndexOf('/') + 1)),
    },
    pathexpand: { params: [path('path')], impl: ([p]) => expandHome(p as string, files.home) },
  };
}

// homeOk checks what go-homedir refuses before a file function uses the path: `~user`.
function homeOk(p: string): string {
  if (/^~[^/\\]/.test(p)) throw new Error('failed to expand ~: cannot expand user-specific home dir');
  return p;
}

// expandHome replaces a leading `~` with the home directory, as go-homedir does.
function expandHome(p: string, home: string): string {
  if (!p.startsWith('~')) return p;
  if (p.length > 1 && p[1] !== '/' && p[1] !== '\\') throw new Error('cannot expand user-specific home dir');
  return join(home, p.slice(1));
}

function isAbs(p: string): boolean {
  return p.startsWith('/');
}

// clean is Go's filepath.Clean on a slash-separated path: no empty or `.`
// elements, `..` resolved where it can be, "." for nothing.
function clean(p: string): string {
  const rooted = isAbs(p);
  const out: string[] = [];
  for (const part of p.split('/')) {
    if (part === '' || part === '.') continue;
    if (part !== '..') out.push(part);
    else if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
    else if (!rooted) out.push('..');
  }
  const s = (rooted ? '/' : '') + out.join('/');
  return s === '' ? '.' : s;
}

// join is Go's filepath.Join: the non-empty elements, cleaned.
function join(...parts: string[]): string {
  const kept = parts.filter((p) => p !== '');
  return kept.length === 0 ? '' : clean(kept.join('/'));
}

// basename is Go's filepath.Base: the last element, trailing slashes aside.
function basename(p: string): string {
  if (p === '') return '.';
  const trimmed = p.replace(/\/+$/, '');
  if (trimmed === '') return '/';
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

class BadPattern extends Error {}

// glob finds the paths a pattern matches, as doublestar (the glob library
// fileset uses) does: `*`, `?`, `[…]` and `{a,b}` within one element, `**`
// for any number of directories.
function glob(pattern: string, list: (dir: string) => { name: string; dir: boolean }[] | null): string[] {
  const rooted = isAbs(pattern);
  const parts = pattern.split('/').filter((p) => p !== '');
  const matchers = parts.map((p) => (p === '**' ? '**' : isMagic(p) ? elementMatcher(p) : p));
  const found = new Set<string>();
  const at = (dir: string, name: string) => (dir === '' ? (rooted ? '/' : '') + name : `${dir}/${name}`);
  const walk = (dir: string, i: number, isDir: boolean): void => {
    if (i === matchers.length) {
      found.add(dir === '' ? (rooted ? '/' : '.') : dir);
      return;
    }
    if (!isDir) return;
    const m = matchers[i] as string | ((name: string) => boolean);
    if (m === '**') {
      walk(dir, i + 1, true);
      const last = i === matchers.length - 1;
      for (const e of list(dir) ?? []) {
        if (e.dir) walk(at(dir, e.name), i, true);
        else if (last) found.add(at(dir, e.name));
      }
      return;
    }
    for (const e of list(dir) ?? []) {
      if (typeof m === 'string' ? e.name === m : m(e.name)) walk(at(dir, e.name), i + 1, e.dir);
    }
  };
  walk('', 0, true);
  return [...found];
}

function isMagic(element: string): boolean {
  return /[*?[{\\]/.test(element);
}

// An element of a pattern, once its braces are expanded: characters, `?`,
// `*` and classes. Matched by elementMatcher without backtracking, so no
// pattern can take more than (pattern length × name length) steps.
type Token =
  | { kind: 'char'; c: string }
  | { kind: 'any' }
  | { kind: 'star' }
  | { kind: 'class'; negated: boolean; ranges: [string, string][] };

const MAX_ALTERNATIVES = 1024;

// elementMatcher reads one element of a pattern into a test of a name.
function elementMatcher(element: string): (name: string) => boolean {
  const alternatives = expandBraces([...element]).map(tokens);
  return (name) => {
    const chars = [...name];
    return alternatives.some((t) => matches(t, chars));
  };
}

// expandBraces writes out `{a,b}` alternatives (nested ones too).
function expandBraces(chars: string[]): string[][] {
  let open = -1;
  let depth = 0;
  const commas: number[] = [];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    if (c === '\\') i++;
    else if (c === '{') {
      if (depth++ === 0) open = i;
    } else if (c === ',' && depth === 1) commas.push(i);
    else if (c === '}' && depth > 0 && --depth === 0) {
      const before = chars.slice(0, open);
      const after = expandBraces(chars.slice(i + 1));
      const cuts = [open, ...commas, i];
      const out: string[][] = [];
      for (let k = 0; k + 1 < cuts.length; k++)
        for (const middle of expandBraces(chars.slice((cuts[k] as number) + 1, cuts[k + 1])))
          for (const rest of after) {
            out.push([...before, ...middle, ...rest]);
            if (out.length > MAX_ALTERNATIVES) throw new BadPattern();
          }
      return out;
    }
  }
  // An unclosed brace matches nothing, as in doublestar.
  if (depth > 0) return [];
  return [chars];
}

function tokens(chars: string[]): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] as string;
    if (c === '\\') {
      const next = chars[++i];
      if (next === undefined) throw new BadPattern();
      out.push({ kind: 'char', c: next });
    } else if (c === '*') out.push({ kind: 'star' });
    else if (c === '?') out.push({ kind: 'any' });
    else if (c === '[') {
      let j = i + 1;
      const negated = chars[j] === '!' || chars[j] === '^';
      if (negated) j++;
      const ranges: [string, string][] = [];
      for (; j < chars.length && (chars[j] !== ']' || ranges.length === 0); j++) {
        let lo = chars[j] as string;
        if (lo === '\\') lo = chars[++j] ?? '';
        let hi = lo;
        if (chars[j + 1] === '-' && chars[j + 2] !== undefined && chars[j + 2] !== ']') {
          hi = chars[j + 2] as string;
          j += 2;
        }
        ranges.push([lo, hi]);
      }
      if (j >= chars.length) throw new BadPattern();
      out.push({ kind: 'class', negated, ranges });
      i = j;
    } else out.push({ kind: 'char', c });
  }
  return out;
}

// matches runs a wildcard match that remembers only the last `*`: each
// failure moves that star's start on by one character.
function matches(pattern: Token[], name: string[]): boolean {
  let p = 0;
  let n = 0;
  let star = -1;
  let starAt = 0;
  while (n < name.length) {
    const t = pattern[p];
    if (t?.kind === 'star') {
      star = p++;
      starAt = n;
    } else if (t && one(t, name[n] as string)) {
      p++;
      n++;
    } else if (star >= 0) {
      p = star + 1;
      n = ++starAt;
    } else return false;
  }
  while (pattern[p]?.kind === 'star') p++;
  return p === pattern.length;
}

function one(t: Token, c: string): boolean {
  if (t.kind === 'any') return true;
  if (t.kind === 'char') return t.c === c;
  if (t.kind === 'star') return false;
  return t.ranges.some(([lo, hi]) => lo <= c && c <= hi) !== t.negated;
}
