// The scenario's description, beside the graph, rendered from Markdown. The
// text comes from whoever wrote the scenario (a shared link, a pasted
// file), so renderMarkdown keeps it inert: no raw HTML, only http(s),
// mailto and relative links, no images; see src/ui/markdown/renderMarkdown.ts.
// The Markdown renderer (markdown-it, ~42 KB gzipped) is loaded on first
// use, so the first paint does not wait for it; until then the text shows
// as plain text.

import { useEffect, useMemo, useState } from 'react';
import { useScenarioDescription } from '../storeContext.tsx';
import '../markdown/markdown.css';

type Render = (text: string) => string;
let loaded: Render | null = null;
let loading: Promise<Render> | null = null;

// loadRenderer imports the renderer once; every Description shares it.
function loadRenderer(): Promise<Render> {
  loading ??= import('../markdown/renderMarkdown.ts').then((m) => (loaded = m.renderMarkdown));
  return loading;
}

// useRenderer is the Markdown renderer, or null while it loads.
function useRenderer(wanted: boolean): Render | null {
  const [render, setRender] = useState<Render | null>(() => loaded);
  useEffect(() => {
    if (!wanted || render) return;
    let live = true;
    loadRenderer().then(
      (r) => live && setRender(() => r),
      () => {
        // Offline after an update: the plain text stays.
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, render]);
  return render;
}

/** Description shows the scenario's Description field as Markdown, when it has one. */
export function Description() {
  const text = useScenarioDescription();
  const render = useRenderer(Boolean(text));
  const html = useMemo(() => (text && render ? render(text) : null), [text, render]);
  if (!text) return null;
  if (html === null) {
    return (
      <section
        className="description markdown"
        data-testid="scenario-description"
        data-rendered="false"
        aria-label="About this scenario"
      >
        <p className="description-plain">{text}</p>
      </section>
    );
  }
  return (
    <section
      className="description markdown"
      data-testid="scenario-description"
      data-rendered="true"
      aria-label="About this scenario"
      // renderMarkdown's output is safe HTML by construction (html: false, link allow-list, no images).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
