// The embeddable read-only view: a link's fragment may end with `&view=embed`
// (`#s=…&view=embed`), which opens the graph and the plan alone, for a page
// to show in an iframe. The option is split off before the link is read, so
// that the link itself is unchanged; the Share menu writes it (embedLink)
// with the <iframe> that shows it (iframeSnippet).

/** ViewOption is how the page is laid out: the whole app, or the embeddable view. */
export type ViewOption = 'app' | 'embed';

const VIEW = /&view=([a-z]+)$/;

/** EMBED_OPTION ends a link that opens the embeddable view; it comes last, after the view the link keeps. */
const EMBED_OPTION = '&view=embed';

/** splitViewOption reads the `&view=` ending of a fragment: the view it asks for and the fragment without it. */
export function splitViewOption(hash: string): { view: ViewOption; hash: string } {
  const m = VIEW.exec(hash);
  if (m === null) return { view: 'app', hash };
  return { view: m[1] === 'embed' ? 'embed' : 'app', hash: hash.slice(0, m.index) };
}

/** embedLink is the link that opens `link` (a playground link, `…#s=…`) in the embeddable view. */
export function embedLink(link: string): string {
  return link + EMBED_OPTION;
}

// attribute escapes text for a double-quoted HTML attribute.
function attribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * iframeSnippet is the HTML that shows the embeddable view at `url` in
 * another page: the whole width, 480 px high (the graph and the plan), no
 * border, loaded when scrolled near, titled for screen readers.
 */
export function iframeSnippet(url: string, title: string): string {
  return `<iframe src="${attribute(url)}" title="${attribute(title)}" width="100%" height="480" style="border: 0" loading="lazy"></iframe>`;
}
