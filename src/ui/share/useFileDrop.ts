// Files dropped anywhere on the page are imported. The listeners sit on
// the window in the capture phase, so the editor never receives a dropped
// file (nor the browser, which would leave the page to show it).

import { useEffect, useRef, useState } from 'react';

// hasFiles tells a file drag from a text drag (which the editor handles),
// and leaves alone a drag over an element that takes files itself (marked
// data-own-file-drop: the import dialog's fields).
function hasFiles(e: DragEvent): boolean {
  if (e.target instanceof Element && e.target.closest('[data-own-file-drop]')) return false;
  return Array.from(e.dataTransfer?.types ?? []).includes('Files');
}

/** useFileDrop calls onFile with the first file dropped on the page and how many more came with it, and tells whether a file is being dragged over it. */
export function useFileDrop(onFile: (file: File, others: number) => void): boolean {
  const [dragging, setDragging] = useState(false);
  // The latest callback, so that the listeners are added once.
  const callback = useRef(onFile);
  useEffect(() => {
    callback.current = onFile;
  }, [onFile]);
  useEffect(() => {
    let depth = 0;
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth++;
      setDragging(true);
    };
    const leave = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const over = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      e.stopPropagation();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const drop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      e.stopPropagation();
      depth = 0;
      setDragging(false);
      const files = e.dataTransfer?.files;
      const file = files?.[0];
      if (file) callback.current(file, (files?.length ?? 1) - 1);
    };
    window.addEventListener('dragenter', enter, true);
    window.addEventListener('dragleave', leave, true);
    window.addEventListener('dragover', over, true);
    window.addEventListener('drop', drop, true);
    return () => {
      window.removeEventListener('dragenter', enter, true);
      window.removeEventListener('dragleave', leave, true);
      window.removeEventListener('dragover', over, true);
      window.removeEventListener('drop', drop, true);
    };
  }, []);
  return dragging;
}
