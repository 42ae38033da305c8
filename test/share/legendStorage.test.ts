// The legend opens on a first visit, then as it was left; without storage
// (the embedded view) it stays closed.

import { describe, expect, it } from 'vitest';
import { loadLegendOpen, saveLegendOpen } from '../../src/share/legendStorage.ts';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const m = new Map<string, string>();
  return { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => void m.set(k, v) };
}

describe('legend storage', () => {
  it('opens on the first visit and remembers being closed, then opened again', () => {
    const s = memoryStorage();
    expect(loadLegendOpen(s)).toBe(true);
    saveLegendOpen(s, false);
    expect(loadLegendOpen(s)).toBe(false);
    saveLegendOpen(s, true);
    expect(loadLegendOpen(s)).toBe(true);
  });

  it('stays closed without storage, or when storage refuses', () => {
    expect(loadLegendOpen(null)).toBe(false);
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(loadLegendOpen(refusing)).toBe(false);
    expect(() => saveLegendOpen(refusing, true)).not.toThrow();
  });
});
