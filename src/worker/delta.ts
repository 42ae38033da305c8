// What changed since the previous answer, for the message from the worker
// to the page. A result of 5,000 allocations is megabytes of objects; an
// edit changes a few of them. Copying the whole result to the page on every
// keystroke cost both threads tens of milliseconds (serialising it in the
// worker, reading it on the page, then collecting the old copy), and every
// object came out new, so the page could not tell what had changed. A Delta
// carries only what differs from the previous answer to the same page; the
// page builds the new value from its copy of the previous one, keeping the
// objects of every unchanged part (the same allocation, the same group's
// trace, the same node), which the views' memoisation then recognises.
//
// Values are compared, never assumed: an unchanged part is one that is equal
// to the previous answer's part at the same place. Objects shared inside a
// result (the job that thousands of allocations run) are compared once and
// sent once, and are shared on the page exactly as in the worker: the views
// tell the allocations that run the current job by identity.

/**
 * Delta is what a value is, given the previous one at the same place:
 * SAME (equal to it), `{ v }` (this value, whole), `{ p }` (the previous
 * object, with the same keys in the same order, but these keys changed,
 * each a Delta against the previous key), `{ o }` (an object with these
 * keys, each a Delta against the previous object's key) or `{ a }` (an
 * array of this length, each item a Delta against the previous item).
 */
export type Delta =
  typeof SAME | { v: unknown } | { p: Record<string, Delta> } | { o: Record<string, Delta> } | { a: Delta[] };

/** SAME is the Delta of a value equal to the previous one. */
export const SAME = 0;

// isPlain tells whether a value is an object or array the delta looks into;
// anything else (a Map, a typed array, a primitive) is compared as a whole.
function isPlain(x: unknown): x is Record<string, unknown> {
  if (typeof x !== 'object' || x === null) return false;
  if (Array.isArray(x)) return true;
  const proto = Object.getPrototypeOf(x) as unknown;
  return proto === Object.prototype || proto === null;
}

// MEMO_KEYS is how many keys make an object one whose sharing the delta
// keeps: jobs (which the views tell apart by identity: the allocations that
// run the current job), allocations, nodes. Smaller objects and arrays are
// compared wherever they are met: remembering each cost more than it saved.
const MEMO_KEYS = 8;

// Walk is one comparison's memory of the objects of MEMO_KEYS keys or more:
// for each new object, the previous object it was compared with and its
// Delta (so that an object met in many places, a job run by thousands of
// allocations, is compared once and carried once), and for each previous
// object, the new one it was compared with. When the sharing changed (one
// object compared with two, or two with one), the page could not rebuild it
// from its copy: the whole value is sent instead.
interface Walk {
  seen: Map<object, { prev: unknown; delta: Delta }>;
  matched: Map<object, object>;
  sharingChanged: boolean;
}

/**
 * deltaOf is the Delta of `next` against `prev`: SAME when they are equal,
 * the whole value when there is no previous value or when the sharing of
 * objects changed between them.
 */
export function deltaOf(next: unknown, prev: unknown): Delta {
  if (prev === undefined) return { v: next };
  const walk: Walk = { seen: new Map(), matched: new Map(), sharingChanged: false };
  const d = delta(next, prev, walk);
  return walk.sharingChanged ? { v: next } : d;
}

// delta compares one value. A plain object or array is always looked into,
// even against nothing (a new allocation): every shared object it holds is
// then met, so that a change of sharing is seen.
function delta(next: unknown, prev: unknown, walk: Walk): Delta {
  if (!isPlain(next)) return next === prev ? SAME : { v: next };
  if (Array.isArray(next)) {
    if (next === prev) return SAME;
    if (!Array.isArray(prev)) return { a: next.map((item) => delta(item, undefined, walk)) };
    return arrayDelta(next, prev, walk);
  }
  const keys = Object.keys(next);
  const against = isPlain(prev) && !Array.isArray(prev) ? prev : null;
  if (keys.length < MEMO_KEYS) return next === prev ? SAME : objectDelta(keys, next, against, walk);
  const known = walk.seen.get(next);
  if (known !== undefined) {
    if (known.prev !== prev) walk.sharingChanged = true;
    return known.delta;
  }
  if (against !== null && walk.matched.has(against)) walk.sharingChanged = true;
  const d = next === prev ? SAME : objectDelta(keys, next, against, walk);
  walk.seen.set(next, { prev, delta: d });
  if (against !== null) walk.matched.set(against, next);
  return d;
}

function arrayDelta(next: unknown[], prev: readonly unknown[], walk: Walk): Delta {
  let items: Delta[] | null = null;
  for (let i = 0; i < next.length; i++) {
    const d = delta(next[i], prev[i], walk);
    if (d !== SAME && items === null) items = new Array<Delta>(next.length).fill(SAME, 0, i);
    if (items !== null) items[i] = d;
  }
  if (items === null && next.length === prev.length) return SAME;
  return { a: items ?? new Array<Delta>(next.length).fill(SAME) };
}

// keysInOrder tells whether an object's own keys are these, in this order
// (for…in over a plain object lists exactly its own keys; no array is made).
function keysInOrder(o: Record<string, unknown>, keys: readonly string[]): boolean {
  let i = 0;
  for (const k in o) if (keys[i++] !== k) return false;
  return i === keys.length;
}

// objectDelta names only the changed keys of an object whose keys are the
// previous object's, in the same order (so that the page's copy lists them
// as the worker's does), and every key of any other.
function objectDelta(
  keys: string[],
  next: Record<string, unknown>,
  prev: Record<string, unknown> | null,
  walk: Walk,
): Delta {
  const sameKeys = prev !== null && keysInOrder(prev, keys);
  let fields: Record<string, Delta> | null = null;
  for (const k of keys) {
    const before = prev !== null && (sameKeys || Object.hasOwn(prev, k)) ? prev[k] : undefined;
    const d = delta(next[k], before, walk);
    if (d === SAME && sameKeys) continue;
    // Without a prototype, so that a key named `__proto__` stays a key.
    fields ??= Object.create(null) as Record<string, Delta>;
    fields[k] = d;
  }
  if (!sameKeys) return { o: fields ?? {} };
  return fields === null ? SAME : { p: fields };
}

// setOwn writes a key as data: assigning `__proto__` to an object that
// does not hold one would set the object's prototype instead.
function setOwn(o: Record<string, unknown>, k: string, v: unknown): void {
  if (k === '__proto__' && !Object.hasOwn(o, k))
    Object.defineProperty(o, k, { value: v, writable: true, enumerable: true, configurable: true });
  else o[k] = v;
}

// Built remembers, per Delta object, the previous value it was applied to and
// the value built, so that a part shared in the worker is shared on the page.
type Built = WeakMap<object, { prev: unknown; value: unknown }>;

/**
 * applyDelta builds the value a Delta stands for from `prev`, the value the
 * worker compared against (the page's copy of its previous answer). Parts
 * the Delta calls SAME are `prev`'s own objects; `prev` is never changed.
 */
export function applyDelta(d: Delta, prev: unknown): unknown {
  return apply(d, prev, new WeakMap());
}

function apply(d: Delta, prev: unknown, built: Built): unknown {
  if (d === SAME) return prev;
  if ('v' in d) return d.v;
  const known = built.get(d);
  if (known !== undefined && known.prev === prev) return known.value;
  let value: unknown;
  // As in the worker, a previous value of another kind counts as nothing.
  if ('a' in d) {
    const items: readonly unknown[] = Array.isArray(prev) ? prev : [];
    value = d.a.map((item, i) => apply(item, items[i], built));
  } else {
    const fields = isPlain(prev) && !Array.isArray(prev) ? prev : {};
    const changed = 'p' in d ? d.p : d.o;
    const out: Record<string, unknown> = 'p' in d ? { ...fields } : {};
    for (const k of Object.keys(changed)) {
      setOwn(out, k, apply(changed[k]!, Object.hasOwn(fields, k) ? fields[k] : undefined, built));
    }
    value = out;
  }
  built.set(d, { prev, value });
  return value;
}
