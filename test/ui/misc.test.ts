import { describe, expect, it } from 'vitest';
import { loadCompareVersions, saveCompareVersions } from '../../src/store/compareStorage.ts';
import { loadFold, saveFold } from '../../src/store/foldStorage.ts';
import { loadTheme, saveTheme } from '../../src/store/themeStorage.ts';
import { describeUrlOptions, readUrlOptions } from '../../src/ui/urlOptions.ts';
import { describeWait } from '../../src/ui/plan/wait.ts';

describe('readUrlOptions', () => {
  it('reads timeout and debounce', () => {
    expect(readUrlOptions('?timeout=400&debounce=0')).toEqual({ timeoutMs: 400, debounceMs: 0 });
  });
  it('reads only bounded values, and names every option in force', () => {
    // ?timeout=1 would restart the reconciler on every run; ?debounce=600001 would stop runs for over ten minutes.
    expect(readUrlOptions('?timeout=1&debounce=600001&evil=1')).toEqual({});
    expect(readUrlOptions('?timeout=60001')).toEqual({});
    expect(describeUrlOptions(readUrlOptions('?timeout=400&debounce=600000'))).toEqual([
      '?timeout=400: time limit 400 ms',
      '?debounce=600000: runs 600 s after typing',
    ]);
    expect(describeUrlOptions({})).toEqual([]);
  });
  it('ignores bad values', () => {
    expect(readUrlOptions('?timeout=abc&debounce=-1')).toEqual({});
    expect(readUrlOptions('?timeout=0')).toEqual({});
    expect(readUrlOptions('')).toEqual({});
  });
});

// memoryStorage is a Storage over a map, for the preferences' tests.
function memoryStorage(m: Map<string, string>) {
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}

describe('theme storage', () => {
  it('saves and loads a choice, and forgets system', () => {
    const m = new Map<string, string>();
    const storage = memoryStorage(m);
    expect(loadTheme(storage)).toBe('system');
    saveTheme(storage, 'dark');
    expect(loadTheme(storage)).toBe('dark');
    saveTheme(storage, 'system');
    expect(m.size).toBe(0);
  });
  it('survives a storage that throws', () => {
    const bad = {
      getItem: () => {
        throw new Error('no');
      },
      setItem: () => {
        throw new Error('no');
      },
      removeItem: () => {
        throw new Error('no');
      },
    };
    expect(loadTheme(bad)).toBe('system');
    expect(() => saveTheme(bad, 'dark')).not.toThrow();
    expect(loadFold(bad)).toBe(true);
    expect(() => saveFold(bad, false)).not.toThrow();
  });
});

describe('fold storage', () => {
  it('folds by default, keeps "off", and forgets the default', () => {
    const m = new Map<string, string>();
    const storage = memoryStorage(m);
    expect(loadFold(storage)).toBe(true);
    saveFold(storage, false);
    expect(loadFold(storage)).toBe(false);
    saveFold(storage, true);
    expect(m.size).toBe(0);
    expect(loadFold(null)).toBe(true);
  });
});

describe('Compare versions storage', () => {
  it('is off by default, keeps "on", and forgets the default', () => {
    const kept = new Map<string, string>();
    const storage = memoryStorage(kept);
    expect(loadCompareVersions(storage)).toBe(false);
    saveCompareVersions(storage, true);
    expect(loadCompareVersions(storage)).toBe(true);
    saveCompareVersions(storage, false);
    expect(kept.size).toBe(0);
    expect(loadCompareVersions(null)).toBe(false);
  });
});

describe('describeWait', () => {
  const now = Date.parse('2026-01-01T00:10:00Z') * 1e6;
  it('says how long until a time', () => {
    expect(describeWait(now, '2026-01-01T00:10:20Z')).toBe('in 20s');
    expect(describeWait(now, '2026-01-01T01:11:30Z')).toBe('in 1h1m30s');
    expect(describeWait(now, '2026-01-01T00:10:00Z')).toBe('now');
    expect(describeWait(now, '2026-01-01T00:09:58Z')).toBe('2s ago');
  });
});
