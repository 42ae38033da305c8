// Where the person was when they made a link: the result tab open, the
// rollout's frame and the frame it was compared with, the allocation
// whose details were open, whether Compare versions was on. They follow the
// link's payload in its fragment
// (`#s=…&tab=rollout&frame=3&compare=1&alloc=…&versions=both`), so the payload itself,
// which the link codec reads, is unchanged. Pure; anything a fragment says
// that is not one of these, in range, is ignored.

/** LINK_VIEW_TABS are the result tabs a link may open on. */
const LINK_VIEW_TABS = ['plan', 'explain', 'diff', 'json', 'versions', 'rollout'] as const;

/** LinkView is the view a link opens on; every part is optional. */
export interface LinkView {
  tab?: (typeof LINK_VIEW_TABS)[number];
  /** frame is the rollout's frame shown (evaluations count from 1). */
  frame?: number;
  /** compare is the frame compared with the one shown. */
  compare?: number;
  /** alloc is the ID of the allocation whose details are open. */
  alloc?: string;
  /** versions is 'both' when Compare versions is on: the other Nomad runs too. */
  versions?: 'both';
}

// MAX_FRAME and MAX_ALLOC_CHARS bound what a fragment may ask for: a film has far fewer frames, an ID far fewer characters.
const MAX_FRAME = 100_000;
const MAX_ALLOC_CHARS = 200;

const PARAMS = /&(tab|frame|compare|alloc|versions)=[^&]*/g;

/** viewFragment writes a view as the parameters that follow a link's payload ('' when there is nothing to keep). */
export function viewFragment(view: LinkView): string {
  let out = '';
  if (view.tab !== undefined) out += `&tab=${view.tab}`;
  if (view.frame !== undefined) out += `&frame=${view.frame}`;
  if (view.compare !== undefined) out += `&compare=${view.compare}`;
  if (view.alloc !== undefined) out += `&alloc=${encodeURIComponent(view.alloc)}`;
  if (view.versions !== undefined) out += `&versions=${view.versions}`;
  return out;
}

/**
 * splitLinkView takes a view's parameters out of a fragment: the fragment
 * without them (the link the codec reads, with any other option such as
 * `&view=embed`) and the view they ask for.
 */
export function splitLinkView(hash: string): { hash: string; view: LinkView } {
  const view: LinkView = {};
  const rest = hash.replace(PARAMS, (param) => {
    const [key, raw = ''] = param.slice(1).split('=', 2) as [string, string?];
    read(view, key, raw);
    return '';
  });
  return { hash: rest, view };
}

// read takes one parameter into the view when its value is good.
function read(view: LinkView, key: string, raw: string): void {
  if (key === 'tab') {
    const tab = LINK_VIEW_TABS.find((t) => t === raw);
    if (tab) view.tab = tab;
  } else if (key === 'frame' || key === 'compare') {
    if (!/^[1-9][0-9]{0,5}$/.test(raw)) return;
    const n = Number(raw);
    if (n <= MAX_FRAME) view[key] = n;
  } else if (key === 'alloc') {
    if (raw.length > MAX_ALLOC_CHARS * 3) return;
    let id: string;
    try {
      id = decodeURIComponent(raw);
    } catch {
      return;
    }
    if (id !== '' && id.length <= MAX_ALLOC_CHARS) view.alloc = id;
  } else if (key === 'versions') {
    if (raw === 'both') view.versions = raw;
  }
}
