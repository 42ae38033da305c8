// Deterministic IDs: the simulator makes every allocation, deployment and
// evaluation ID from a seeded generator, so that a scenario and its event
// list replay to the same rollout, IDs included, and an event can name an
// allocation that a later evaluation creates.

/** seededUint32 returns a generator of 32-bit unsigned integers from a fixed seed (mulberry32). */
export function seededUint32(seed: number): () => number {
  let s = seed >>> 0;
  return (): number => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** seededUUIDs returns a function that yields version-4-shaped UUIDs from a fixed seed. */
export function seededUUIDs(seed = 0x5eed): () => string {
  const next = seededUint32(seed);
  const hex = (n: number) => n.toString(16).padStart(8, '0');
  return () => {
    const a = hex(next());
    const b = hex(next());
    const c = hex(next());
    const d = hex(next());
    const variant = ((parseInt(c[0]!, 16) & 0x3) | 0x8).toString(16);
    return `${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-${variant}${c.slice(1, 4)}-${c.slice(4)}${d}`;
  };
}
