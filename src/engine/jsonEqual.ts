// Deep equality of JSON values, as the engine compares job parts. Both
// reconcilers' tasksUpdated use it, and so does the job diff.

// isNothing is true for a value that is not there at all.
function isNothing(v: unknown): v is null | undefined {
  return v === null || v === undefined;
}

// isEmptyLike reports whether v counts the same as a missing value. An empty
// list or map always does (the contract's deviation). In struct mode the
// zero values "", 0 and false do too: a Go struct decoded from JSON gets its
// zero value for a field the document leaves out, so for struct-shaped
// values (artifacts, templates, vault, affinities, spreads) leaving a field
// out and writing its zero value are the same thing upstream.
function isEmptyLike(v: unknown, structMode: boolean): boolean {
  if (isNothing(v)) return true;
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === 'object') {
    for (const k in v) if (Object.prototype.hasOwnProperty.call(v, k)) return false;
    return true;
  }
  if (!structMode) return false;
  return v === '' || v === 0 || v === false;
}

/** hasOwn reports whether o has k as its own key, so that a key inherited from Object's prototype never counts as present. */
export function hasOwn(o: object, k: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, k);
}

/**
 * jsonEqual compares two JSON values: lists in order, maps regardless of key
 * order, with an absent value (null, undefined or a missing key) equal to an
 * empty list or map. With `structMode` the zero values "", 0 and false also
 * equal an absent value (see isEmptyLike). It walks with an explicit stack,
 * so deeply nested input cannot overflow the call stack.
 */
export function jsonEqual(a: unknown, b: unknown, structMode = false): boolean {
  const stack: [unknown, unknown][] = [[a, b]];
  while (stack.length > 0) {
    const [x, y] = stack.pop()!;
    if (x === y) continue;
    if (isNothing(x)) {
      if (!isEmptyLike(y, structMode)) return false;
      continue;
    }
    if (isNothing(y)) {
      if (!isEmptyLike(x, structMode)) return false;
      continue;
    }
    const xArray = Array.isArray(x);
    const yArray = Array.isArray(y);
    if (xArray || yArray) {
      if (!xArray || !yArray) return false;
      const xs = x as unknown[];
      const ys = y as unknown[];
      if (xs.length !== ys.length) return false;
      for (let i = 0; i < xs.length; i++) stack.push([xs[i], ys[i]]);
      continue;
    }
    if (typeof x === 'object' && typeof y === 'object') {
      const xo = x as Record<string, unknown>;
      const yo = y as Record<string, unknown>;
      for (const k in xo) {
        if (!hasOwn(xo, k)) continue;
        // A key one side lacks is compared as an absent value.
        stack.push([xo[k], hasOwn(yo, k) ? yo[k] : undefined]);
      }
      for (const k in yo) {
        if (!hasOwn(yo, k) || hasOwn(xo, k)) continue;
        stack.push([undefined, yo[k]]);
      }
      continue;
    }
    // Two different primitives, or a primitive against a container.
    return false;
  }
  return true;
}
