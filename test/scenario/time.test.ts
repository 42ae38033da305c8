import { describe, expect, it } from 'vitest';
import { HOUR, MINUTE, SECOND, ZERO_TIME } from '../../src/engine/structs.ts';
import { formatInstant, parseGoDuration, parseRfc3339 } from '../../src/engine/time.ts';

describe('parseGoDuration', () => {
  it.each([
    ['10s', 10 * SECOND],
    ['1m30s', 90 * SECOND],
    ['1h', HOUR],
    ['500ms', 500e6],
    ['1.5h', 90 * MINUTE],
    ['-1s', -SECOND],
    ['+2m', 2 * MINUTE],
    ['0', 0],
    ['2h45m10.5s', 2 * HOUR + 45 * MINUTE + 10.5 * SECOND],
    ['1us', 1000],
    ['1µs', 1000],
    ['1μs', 1000],
    ['7ns', 7],
    ['1.9ns', 1],
    ['.5s', 500e6],
    ['0.3s', 300e6],
  ])('reads %s', (text, ns) => {
    expect(parseGoDuration(text)).toBe(ns);
  });

  it.each(['', '-', '1', '10', 's', '1d', '1e3s', '1 s', '1s ', '1..5s', '9999999999h'])('rejects %j', (text) => {
    expect(parseGoDuration(text)).toBeNull();
  });
});

describe('parseRfc3339', () => {
  it('reads UTC, fractions and offsets', () => {
    expect(parseRfc3339('1970-01-01T00:00:00Z')).toBe(0);
    expect(parseRfc3339('1970-01-01T00:00:00.000000001Z')).toBe(1);
    expect(parseRfc3339('1970-01-01T01:00:00+01:00')).toBe(0);
    expect(parseRfc3339('1969-12-31T23:30:00-00:30')).toBe(0);
    expect(parseRfc3339('2026-01-01T00:00:05Z')).toBe(Date.UTC(2026, 0, 1, 0, 0, 5) * 1e6);
    expect(parseRfc3339('2024-02-29T12:00:00.5Z')).toBe(Date.UTC(2024, 1, 29, 12) * 1e6 + 500e6);
  });

  it("reads Go's zero time as ZERO_TIME", () => {
    expect(parseRfc3339('0001-01-01T00:00:00Z')).toBe(ZERO_TIME);
  });

  it.each([
    '2026-01-01',
    '2026-01-01 00:00:00Z',
    '2026-01-01T00:00:00',
    '2026-13-01T00:00:00Z',
    '2025-02-29T00:00:00Z',
    '2026-01-01T24:00:00Z',
    '2026-01-01T00:00:60Z',
    '2026-01-01T00:00:00.1234567891Z',
    '2026-01-01T00:00:00+25:00',
  ])('rejects %j', (text) => {
    expect(parseRfc3339(text)).toBeNull();
  });
});

describe('formatInstant', () => {
  it('writes UTC with the fraction trimmed, and the zero time as Go does', () => {
    expect(formatInstant(0)).toBe('1970-01-01T00:00:00Z');
    expect(formatInstant(1)).toBe('1970-01-01T00:00:00.000000001Z');
    expect(formatInstant(-1)).toBe('1969-12-31T23:59:59.999999999Z');
    expect(formatInstant(Date.UTC(2026, 0, 1, 0, 0, 5, 250) * 1e6)).toBe('2026-01-01T00:00:05.25Z');
    expect(formatInstant(ZERO_TIME)).toBe('0001-01-01T00:00:00Z');
  });

  it('is the exact inverse of parseRfc3339 on every double in int64 range', () => {
    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
    for (let i = 0; i < 20_000; i++) {
      for (const t of [
        Math.round(random() * 9.2e18),
        Math.round(random() * 1e12),
        ZERO_TIME + Math.round(Math.abs(random()) * 1e9),
      ]) {
        expect(parseRfc3339(formatInstant(t))).toBe(t);
      }
    }
  }, 60_000); // 60,000 round trips: a generous limit for a busy machine
});
