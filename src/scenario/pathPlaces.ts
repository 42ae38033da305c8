// Where values are in a JSON text, for many paths at once, in one pass:
// the diagnostics' places. The scan goes down only the paths asked for and
// steps over everything else (strings with indexOf, which the engine runs
// natively, containers by counting brackets), building nothing, and stops
// as soon as every path is placed; it notes where lines start on the way,
// so the places' lines and columns need no second pass. Places are those
// jsonc-parser's tree gives (parseTree, then findNodeAtLocation), which
// this replaced: building that tree for a whole document cost ten times
// the read.

import { closingQuote } from './budget.ts';

/** Range is a stretch of text: its first character and its length, in UTF-16 code units. */
export interface Range {
  offset: number;
  length: number;
  /** key is where the key holding a found value starts (`"Count": 3`), for a caller that points at the whole field; absent for a missing value's place or a value no key holds. */
  key?: number;
}

/**
 * PathPlaces is the result of one scan: for each path asked for, in order,
 * the range to point at (null when the text holds no value at all), and
 * the offsets where the lines the scan passed start.
 */
export interface PathPlaces {
  ranges: (Range | null)[];
  lineStarts: number[];
}

// Step is one segment of the paths asked for, as a tree: the value found
// there (start and end, and the key that holds it when it is an object's
// field) and the steps below it. `target` marks the end of a path, whose
// whole value (its end) is wanted.
interface Step {
  fields: Map<string, Step> | null;
  items: Map<number, Step> | null;
  target: boolean;
  state: 'unseen' | 'found' | 'missing';
  start: number;
  end: number;
  keyStart: number;
  keyEnd: number;
  parent: Step | null;
}

function newStep(parent: Step | null): Step {
  return {
    fields: null,
    items: null,
    target: false,
    state: 'unseen',
    start: -1,
    end: -1,
    keyStart: -1,
    keyEnd: -1,
    parent,
  };
}

const BYTE_ORDER_MARK = 0xfeff;

/**
 * placePaths finds, in one pass over a JSON text, the range each path
 * (segments as splitPath gives them) points at: the value at the path when
 * the text has it (the first of two equal keys); else the key holding the
 * closest enclosing value that is there, or that value's first character
 * when no key holds it (the document itself, an array's item). An empty
 * path points at the document's first character. Text that is not JSON
 * gives what could be read before the fault.
 */
export function placePaths(text: string, paths: readonly (readonly (string | number)[])[]): PathPlaces {
  const root = newStep(null);
  const ends: Step[] = paths.map((segments) => {
    let step = root;
    for (const s of segments) {
      const map = typeof s === 'string' ? (step.fields ??= new Map<string, Step>()) : (step.items ??= new Map());
      let next = (map as Map<string | number, Step>).get(s);
      if (next === undefined) (map as Map<string | number, Step>).set(s, (next = newStep(step)));
      step = next;
    }
    step.target = true;
    return step;
  });
  const scan = new Scan(text, countWork(root));
  scan.run(root);
  return { ranges: ends.map((step, i) => rangeOf(step, paths[i]!.length === 0)), lineStarts: scan.lineStarts };
}

// countWork is how many things the scan must learn for the paths: whether each step is there, and where each path's value ends.
function countWork(step: Step): number {
  let n = 1 + (step.target ? 1 : 0);
  for (const child of step.fields?.values() ?? []) n += countWork(child);
  for (const child of step.items?.values() ?? []) n += countWork(child);
  return n;
}

// rangeOf is the range a path's last step points at, as the module's comment says.
function rangeOf(step: Step, whole: boolean): Range | null {
  if (step.state === 'found' && !whole)
    return step.keyStart >= 0
      ? { offset: step.start, length: step.end - step.start, key: step.keyStart }
      : { offset: step.start, length: step.end - step.start };
  let at: Step | null = step;
  while (at !== null && at.state !== 'found') at = at.parent;
  if (at === null) return null;
  if (at.keyStart >= 0) return { offset: at.keyStart, length: at.keyEnd - at.keyStart };
  return { offset: at.start, length: 1 };
}

// Scan is one pass over the text. It never throws and always moves on:
// every loop advances `pos` or ends at the text's end or at a character
// JSON does not allow there.
class Scan {
  pos = 0;
  readonly lineStarts: number[];

  constructor(
    private readonly text: string,
    // left is how many things the scan has still to learn; at zero it stops.
    private left: number,
  ) {
    // Editors hide a byte order mark, so columns on the first line start after it.
    this.lineStarts = [text.charCodeAt(0) === BYTE_ORDER_MARK ? 1 : 0];
  }

  run(root: Step): void {
    this.blank();
    if (this.pos < this.text.length) this.value(root);
  }

  // blank steps over whitespace (and a byte order mark), noting where lines start.
  private blank(): void {
    const text = this.text;
    for (;;) {
      const c = text.charCodeAt(this.pos);
      if (c === 32 || c === 9 || c === BYTE_ORDER_MARK) this.pos++;
      else if (c === 10) this.lineStarts.push(++this.pos);
      else if (c === 13) {
        if (text.charCodeAt(++this.pos) === 10) this.pos++;
        this.lineStarts.push(this.pos);
      } else return;
    }
  }

  // value reads the value at `pos` for `step` (null: a value no path goes through, which is stepped over).
  private value(step: Step | null): void {
    if (step === null) {
      this.skip();
      return;
    }
    step.state = 'found';
    step.start = this.pos;
    this.left--;
    const c = this.text.charCodeAt(this.pos);
    if (c === 123 /* { */ && step.fields !== null) this.object(step);
    else if (c === 91 /* [ */ && step.items !== null) this.array(step);
    else this.skip();
    this.settleBelow(step);
    if (step.target) {
      step.end = this.pos;
      this.left--;
    }
  }

  // object reads an object's fields, going down those a path names.
  private object(step: Step): void {
    const text = this.text;
    this.pos++;
    for (;;) {
      if (this.left === 0) return;
      this.blank();
      if (text.charCodeAt(this.pos) !== 34 /* " */) break;
      const keyStart = this.pos;
      const keyEnd = closingQuote(text, keyStart) + 1;
      this.pos = keyEnd;
      const raw = text.slice(keyStart + 1, keyEnd - 1);
      const child = step.fields!.get(raw.includes('\\') ? unescapeKey(raw) : raw);
      this.blank();
      if (text.charCodeAt(this.pos) !== 58 /* : */) return;
      this.pos++;
      this.blank();
      // Of two equal keys, the first is the one pointed at.
      if (child !== undefined && child.state === 'unseen') {
        child.keyStart = keyStart;
        child.keyEnd = keyEnd;
        this.value(child);
      } else this.skip();
      if (this.left === 0) return;
      this.blank();
      if (text.charCodeAt(this.pos) !== 44 /* , */) break;
      this.pos++;
    }
    if (text.charCodeAt(this.pos) === 125 /* } */) this.pos++;
  }

  // array reads an array's items, going down those a path names.
  private array(step: Step): void {
    const text = this.text;
    this.pos++;
    for (let index = 0; ; index++) {
      if (this.left === 0) return;
      this.blank();
      const c = text.charCodeAt(this.pos);
      if (c === 93 /* ] */ || this.pos >= text.length) break;
      this.value(step.items!.get(index) ?? null);
      if (this.left === 0) return;
      this.blank();
      if (text.charCodeAt(this.pos) !== 44 /* , */) break;
      this.pos++;
    }
    if (text.charCodeAt(this.pos) === 93 /* ] */) this.pos++;
  }

  // settleBelow marks the steps below a value that were not found in it as missing, and everything below them.
  private settleBelow(step: Step): void {
    for (const child of step.fields?.values() ?? []) if (child.state === 'unseen') this.miss(child);
    for (const child of step.items?.values() ?? []) if (child.state === 'unseen') this.miss(child);
  }

  private miss(step: Step): void {
    step.state = 'missing';
    this.left -= 1 + (step.target ? 1 : 0);
    this.settleBelow(step);
  }

  // skip steps over one value: a string by its closing quote, a container by counting brackets, anything else to the next delimiter.
  private skip(): void {
    const text = this.text;
    const c = text.charCodeAt(this.pos);
    if (c === 34 /* " */) {
      this.pos = closingQuote(text, this.pos) + 1;
      return;
    }
    if (c !== 123 && c !== 91) {
      while (this.pos < text.length && !isDelimiter(text.charCodeAt(this.pos))) this.pos++;
      return;
    }
    // The loop keeps its place in a local: this is where the scan spends its
    // time. FLAT carries it from one bracket or line break to the next.
    const starts = this.lineStarts;
    let pos = this.pos;
    let depth = 0;
    while (pos < text.length) {
      FLAT.lastIndex = pos;
      FLAT.test(text);
      pos = FLAT.lastIndex;
      const d = text.charCodeAt(pos);
      if (d === 34) pos = closingQuote(text, pos) + 1;
      else if (d === 123 || d === 91) {
        depth++;
        pos++;
      } else if (d === 125 || d === 93) {
        pos++;
        if (--depth === 0) break;
      } else if (d === 10) starts.push(++pos);
      else if (d === 13) {
        if (text.charCodeAt(++pos) === 10) pos++;
        starts.push(pos);
      }
      // Anything else is where FLAT's bound stopped it: it goes on from there.
    }
    this.pos = pos;
  }
}

// isDelimiter tells whether a character ends a number or a literal: a separator, a closing bracket or whitespace.
function isDelimiter(c: number): boolean {
  return c === 44 || c === 125 || c === 93 || c === 32 || c === 10 || c === 13 || c === 9;
}

// unescapeKey reads a key written with escapes as the string it stands for (a key the parser accepted is valid JSON).
function unescapeKey(raw: string): string {
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}

// FLAT matches, from where it is set, a stretch that skip can step over at
// once: characters that are not brackets, quotes or line breaks, and strings
// without escapes, up to a bound that keeps the regular expression's own
// backtracking stack small whatever the text.
const FLAT = /(?:[^"{}[\]\n\r]+|"[^"\\]*"){0,1024}/y;
