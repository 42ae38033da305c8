// The Monaco editor, loaded lazily: until its chunk arrives a placeholder
// of the same size holds the place, so nothing jumps when it appears.

import { useEffect, useRef, useState } from 'react';
import { useStoreApi } from '../storeContext.tsx';
import { useResolvedTheme } from '../theme/useResolvedTheme.ts';
import type { MountedEditor } from './mountEditor.ts';

type LoadState = 'loading' | 'ready' | 'failed';

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
    return () => {
      cancelled = true;
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
