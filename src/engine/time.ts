// Instants and durations in Nomad's text forms.

import { type Instant, ZERO_TIME } from './structs.ts';

/**
 * formatInstant writes an instant as RFC 3339 in UTC with as many fraction
 * digits as it needs (up to nanoseconds), Go's zero time included, the way
 * Nomad prints times.
 */
export function formatInstant(t: Instant): string {
  if (t === ZERO_TIME) return '0001-01-01T00:00:00Z';
  const ms = Math.floor(t / 1e6);
  const subMs = Math.round(t - ms * 1e6);
  const iso = new Date(ms).toISOString(); // yyyy-mm-ddThh:mm:ss.sssZ
  const base = iso.slice(0, 19);
  const nanos = (ms - Math.floor(ms / 1000) * 1000) * 1e6 + subMs;
  if (nanos === 0) return `${base}Z`;
  return `${base}.${String(nanos).padStart(9, '0').replace(/0+$/, '')}Z`;
}
