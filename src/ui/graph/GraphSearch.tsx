// The graph's search box: type the start of a node's or an allocation's
// name or ID; Enter brings the next match into view at a legible size
// (opening its fold when it is folded away), Shift+Enter the one before,
// Escape clears the box.

import { useReactFlow, useStore } from '@xyflow/react';
import { type KeyboardEvent, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { GraphModel } from '../../graph/model.ts';
import { findInGraph, type Found, locate, SEARCH_LIMIT } from '../../graph/search.ts';
import { zoomFloor } from '../../graph/viewport.ts';
import type { Scenario } from '../../scenario/read.ts';
import { DetailContext } from './detail.ts';

// selectorFor is the element that draws what was found.
function selectorFor(f: Found): string {
  return f.kind === 'alloc'
    ? `[data-testid="alloc"][data-alloc-id="${CSS.escape(f.id)}"]`
    : `[data-testid="client-node"][data-node-id="${CSS.escape(f.id)}"]`;
}

// markFound rings the element found (and no other), once it is drawn.
function markFound(root: HTMLElement | null, f: Found): void {
  if (!root) return;
  for (const el of root.querySelectorAll('[data-found]')) el.removeAttribute('data-found');
  root.querySelector(selectorFor(f))?.setAttribute('data-found', 'true');
}

/** GraphSearch is the search box over the graph; render it inside <ReactFlow>. */
export function GraphSearch({
  scenario,
  model,
  unfold,
}: {
  scenario: Scenario;
  model: GraphModel;
  unfold: (id: string) => void;
}) {
  const [query, setQuery] = useState('');
  const [shown, setShown] = useState(-1);
  const [target, setTarget] = useState<Found | null>(null);
  const found = useMemo(() => findInGraph(scenario, query), [scenario, query]);
  const { setCenter, getZoom } = useReactFlow();
  const domNode = useStore((s) => s.domNode);
  const detail = useContext(DetailContext);
  // The folds opened for the target: a fold that opens and still does not draw it is not opened again.
  const opened = useRef(new Set<string>());

  useEffect(() => {
    if (target === null) return;
    const where = locate(model, target);
    if (where !== null && 'unfold' in where && !opened.current.has(where.unfold)) {
      opened.current.add(where.unfold);
      unfold(where.unfold);
      return;
    }
    setTarget(null);
    if (where === null || 'unfold' in where) return;
    const zoom = Math.max(getZoom(), zoomFloor());
    const { x, y, width, height } = where.at;
    // A move made by the program need not report itself: the boxes are told to draw their cards.
    detail.setState(true);
    void setCenter(x + width / 2, y + height / 2, { zoom, duration: 200 }).then(() => markFound(domNode, target));
  }, [target, model, unfold, setCenter, getZoom, domNode, detail]);

  const jump = (step: number) => {
    if (found.length === 0) return;
    const next = (((shown + step) % found.length) + found.length) % found.length;
    setShown(next);
    opened.current = new Set();
    setTarget(found[next]!);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') jump(e.shiftKey ? -1 : 1);
    else if (e.key === 'Escape') {
      if (query === '') e.currentTarget.blur();
      setQuery('');
      setShown(-1);
      if (domNode) for (const el of domNode.querySelectorAll('[data-found]')) el.removeAttribute('data-found');
    } else return;
    e.preventDefault();
    e.stopPropagation();
  };

  const status =
    query.trim() === ''
      ? ''
      : found.length === 0
        ? 'none found'
        : shown >= 0
          ? `${shown + 1} of ${found.length}${found.length === SEARCH_LIMIT ? '+' : ''}`
          : `${found.length}${found.length === SEARCH_LIMIT ? '+' : ''} found · Enter`;
  return (
    <div className="cg-search" role="search">
      <input
        type="search"
        className="cg-search__input"
        data-testid="graph-search"
        placeholder="⌕"
        aria-label="Find a node or an allocation by name or ID (Enter jumps to it, Escape clears)"
        title="Find a node or an allocation by name or ID"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setShown(-1);
        }}
        onKeyDown={onKeyDown}
        spellCheck={false}
        autoComplete="off"
      />
      <span className="cg-search__status" data-testid="graph-search-status" aria-live="polite">
        {status}
      </span>
    </div>
  );
}
