// How long until a follow-up evaluation, in words.

import { formatGoDuration } from '../../engine/time.ts';

/**
 * describeWait says how far `until` (RFC 3339) lies after `now` (Unix
 * nanoseconds): "in 1m30s", "now", or "2s ago".
 */
export function describeWait(now: number, until: string): string {
  const ms = Date.parse(until) - now / 1e6;
  if (!Number.isFinite(ms)) return 'at an unknown time';
  const s = Math.round(Math.abs(ms) / 1000);
  if (s === 0) return 'now';
  const span = formatGoDuration(s * 1e9);
  return ms > 0 ? `in ${span}` : `${span} ago`;
}
