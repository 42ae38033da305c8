// The embeddable read-only view: a link's fragment may end with `&view=embed`
// (`#s=…&view=embed`), which opens the graph and the plan alone, for a page
// to show in an iframe. The option is split off before the link is read, so
// that the link itself is unchanged.

/** ViewOption is how the page is laid out: the whole app, or the embeddable view. */
export type ViewOption = 'app' | 'embed';

const VIEW = /&view=([a-z]+)$/;

/** splitViewOption reads the `&view=` ending of a fragment: the view it asks for and the fragment without it. */
export function splitViewOption(hash: string): { view: ViewOption; hash: string } {
  const m = VIEW.exec(hash);
  if (m === null) return { view: 'app', hash };
  return { view: m[1] === 'embed' ? 'embed' : 'app', hash: hash.slice(0, m.index) };
}
