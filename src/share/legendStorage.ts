// Whether the graph's legend is open, kept in local storage: open on a
// person's first visit, then as they left it. Storage is a parameter so
// that this is tested without a browser.

const KEY = 'nomad-reconciler-playground.legend';

/**
 * loadLegendOpen tells whether the legend opens: yes on a first visit (no
 * answer saved), else as it was left. Without storage (the embedded view,
 * which keeps nothing, or a browser that refuses) it stays closed, so that
 * a page showing the graph in an iframe is not covered by it.
 */
export function loadLegendOpen(storage: Pick<Storage, 'getItem'> | null): boolean {
  if (storage === null) return false;
  try {
    return storage.getItem(KEY) !== 'closed';
  } catch {
    return false;
  }
}

/** saveLegendOpen keeps whether the legend is open; a storage that refuses is ignored. */
export function saveLegendOpen(storage: Pick<Storage, 'setItem'> | null, open: boolean): void {
  try {
    storage?.setItem(KEY, open ? 'open' : 'closed');
  } catch {
    // Private modes may refuse storage; the legend then opens on each visit.
  }
}
