// JSON paths as diagnostics print them: `Job.TaskGroups[0].Tasks[1].Env.PORT`.
// Keys that are not plain identifiers are quoted in brackets
// (`Meta["a.b"]`), so that a path can be split back into its segments to
// find the value in the text.

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$-]*$/;

/** childPath is the path of the field `key` of the object at `parent`. */
export function childPath(parent: string, key: string): string {
  if (IDENTIFIER.test(key)) return parent === '' ? key : parent + '.' + key;
  return parent + '[' + JSON.stringify(key) + ']';
}

/** fieldPath is childPath for a key known to be a plain identifier (a field name written in the code): no check, just a join. */
export function fieldPath(parent: string, key: string): string {
  return parent === '' ? key : parent + '.' + key;
}

/** indexPath is the path of the element `index` of the array at `parent`. */
export function indexPath(parent: string, index: number): string {
  return parent + '[' + index + ']';
}

/** joinPath is the path `relative` (built by childPath and indexPath from "") taken from the value at `base`. */
export function joinPath(base: string, relative: string): string {
  if (relative === '') return base;
  return relative[0] === '[' || base === '' ? base + relative : base + '.' + relative;
}

/**
 * splitPath turns a path built by childPath and indexPath back into its
 * segments (keys and indexes), as jsonc-parser's findNodeAtLocation takes
 * them. A malformed path gives the segments it could read.
 */
export function splitPath(path: string): (string | number)[] {
  const segments: (string | number)[] = [];
  let i = 0;
  while (i < path.length) {
    const c = path[i];
    if (c === '.') {
      i++;
    } else if (c === '[') {
      if (path[i + 1] === '"') {
        const end = closingQuote(path, i + 2);
        if (end < 0) break;
        try {
          segments.push(JSON.parse(path.slice(i + 1, end + 1)) as string);
        } catch {
          break;
        }
        i = end + 2; // past the quote and the bracket
      } else {
        const end = path.indexOf(']', i);
        if (end < 0) break;
        segments.push(Number(path.slice(i + 1, end)));
        i = end + 1;
      }
    } else {
      let end = i;
      while (end < path.length && path[end] !== '.' && path[end] !== '[') end++;
      segments.push(path.slice(i, end));
      i = end;
    }
  }
  return segments;
}

// closingQuote finds the quote that ends a JSON string starting at `from`,
// stepping over escaped characters.
function closingQuote(s: string, from: number): number {
  for (let i = from; i < s.length; i++) {
    if (s[i] === '\\') i++;
    else if (s[i] === '"') return i;
  }
  return -1;
}

/**
 * nearestPlace finds the place of the value at `path`, or of its longest
 * prefix that has one: a problem with a value that a jobspec leaves out
 * (a group's default count) is placed at the block that would hold it.
 */
export function nearestPlace<P>(placeOf: (path: string) => P | undefined, path: string): P | undefined {
  const segments = splitPath(path);
  for (let n = segments.length; n > 0; n--) {
    let prefix = '';
    for (const s of segments.slice(0, n)) prefix = typeof s === 'number' ? indexPath(prefix, s) : childPath(prefix, s);
    const found = placeOf(prefix);
    if (found !== undefined) return found;
  }
  return undefined;
}
