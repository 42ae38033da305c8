// How long until a follow-up evaluation, in words.

/**
 * describeWait says how far `until` (RFC 3339) lies after `now` (Unix
 * nanoseconds): "in 1m30s", "now", or "2s ago".
 */
export function describeWait(now: number, until: string): string {
  const ms = Date.parse(until) - now / 1e6;
  if (!Number.isFinite(ms)) return 'at an unknown time';
  const s = Math.round(Math.abs(ms) / 1000);
  if (s === 0) return 'now';
  const parts: string[] = [];
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h) parts.push(`${h}h`);
  if (m) parts.push(`${m}m`);
  if (sec || parts.length === 0) parts.push(`${sec}s`);
  return ms > 0 ? `in ${parts.join('')}` : `${parts.join('')} ago`;
}
