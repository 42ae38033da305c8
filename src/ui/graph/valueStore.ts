// A value kept outside React state, with subscribers: the graph's highlight
// and its level of detail live in such stores, so that a change re-renders
// only the components that read their own share of it.

/** ValueStore holds one value and notifies subscribers when it changes (by identity). */
export interface ValueStore<T> {
  get(): T;
  set(value: T): void;
  subscribe(listener: () => void): () => void;
}

/** createValueStore makes a store holding `initial`. */
export function createValueStore<T>(initial: T): ValueStore<T> {
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(value) {
      if (value === current) return;
      current = value;
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
