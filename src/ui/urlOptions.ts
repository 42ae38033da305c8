// Options read from the page's query string, mostly for tests and
// benchmarks: `?timeout=50` shortens the reconciler's time limit,
// `?debounce=600000` waits that long after the last keystroke before a run
// (by default each edit runs at once). Location is a parameter.

/** UrlOptions are the tunables a query string may set. */
export interface UrlOptions {
  timeoutMs?: number;
  debounceMs?: number;
}

function nonNegative(v: string | null): number | undefined {
  if (v === null || v.trim() === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/** readUrlOptions reads the tunables from a query string such as location.search; unknown or bad values are ignored. */
export function readUrlOptions(search: string): UrlOptions {
  const params = new URLSearchParams(search);
  const out: UrlOptions = {};
  const timeoutMs = nonNegative(params.get('timeout'));
  const debounceMs = nonNegative(params.get('debounce'));
  if (timeoutMs !== undefined && timeoutMs > 0) out.timeoutMs = timeoutMs;
  if (debounceMs !== undefined) out.debounceMs = debounceMs;
  return out;
}
