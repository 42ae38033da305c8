// The Monaco editor, loaded lazily: until its chunk arrives a placeholder
// of the same size holds the place, so nothing jumps when it appears.

import { useEffect, useRef, useState } from 'react';
import type { AppStore } from '../../store/createAppStore.ts';
import { useStoreApi } from '../storeContext.tsx';
import { useResolvedTheme } from '../theme/useResolvedTheme.ts';
import type { MountedEditor } from './mountEditor.ts';

type LoadState = 'loading' | 'ready' | 'failed';

// EDITOR_WAIT_MS is how long the editor waits at most for the first graph.
const EDITOR_WAIT_MS = 3000;

/**
 * afterFirstGraph calls `start` once the reconciler has answered the first
 * run and a frame has drawn the answer, or after EDITOR_WAIT_MS at the
 * latest. Monaco is megabytes of script: compiling and starting it while
 * the first graph is on its way would delay that graph. It returns a
 * function that cancels the wait.
 */
function afterFirstGraph(store: AppStore, start: () => void): () => void {
  let frame = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let unsubscribe = () => {};
  const go = () => {
    unsubscribe();
    clearTimeout(timer);
    // The frame that draws the answer comes first; then the editor.
    frame = requestAnimationFrame(() => {
      timer = setTimeout(start, 0);
    });
  };
  const answered = () => {
    const s = store.getState().status;
    return s !== 'idle' && s !== 'running';
  };
  if (answered()) go();
  else {
    unsubscribe = store.subscribe(() => {
      if (answered()) go();
    });
    timer = setTimeout(go, EDITOR_WAIT_MS);
  }
  return () => {
    unsubscribe();
    clearTimeout(timer);
    cancelAnimationFrame(frame);
  };
}

/** ScenarioEditor is the editor of the active tab, bound to the store. */
export function ScenarioEditor() {
  const store = useStoreApi();
  const host = useRef<HTMLDivElement>(null);
  const mounted = useRef<MountedEditor | null>(null);
  const setTheme = useRef<((t: string) => void) | null>(null);
  const [load, setLoad] = useState<LoadState>('loading');
  const theme = useResolvedTheme() === 'dark' ? 'vs-dark' : 'vs';
  const initialTheme = useRef(theme);

  useEffect(() => {
    let cancelled = false;
    const load = () =>
      Promise.all([import('./monaco.ts'), import('./mountEditor.ts')])
        .then(([{ setupMonaco }, { mountEditor }]) => {
          if (cancelled || !host.current) return;
          const monaco = setupMonaco();
          mounted.current = mountEditor(monaco, host.current, store, initialTheme.current);
          setTheme.current = (t) => monaco.editor.setTheme(t);
          setLoad('ready');
        })
        .catch(() => {
          if (!cancelled) setLoad('failed');
        });
    const cancelWait = afterFirstGraph(store, () => void load());
    return () => {
      cancelled = true;
      cancelWait();
      mounted.current?.dispose();
      mounted.current = null;
    };
  }, [store]);

  useEffect(() => {
    setTheme.current?.(theme);
  }, [theme, load]);

  return (
    <div className="editor-frame" data-testid="editor" data-state={load}>
      <div ref={host} className="editor-host" />
      {load !== 'ready' && (
        <div className="editor-placeholder" role="status">
          {load === 'loading' ? 'Loading the editor…' : 'The editor could not be loaded. Reload the page to try again.'}
        </div>
      )}
    </div>
  );
}
