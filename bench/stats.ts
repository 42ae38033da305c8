// Summaries of repeated measurements, shared by the benchmarks.

/** percentile is the p-th percentile (0–100) of xs by the nearest-rank method; NaN for no values. */
export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const rank = Math.min(s.length, Math.max(1, Math.ceil((p / 100) * s.length)));
  return s[rank - 1] as number;
}

/** median is the middle value of xs (the mean of the two middle ones for an even count); NaN for no values. */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/** verdict is how a figure stands against its goal. */
export function verdict(ok: boolean): string {
  return ok ? 'ok' : 'MISSED';
}
