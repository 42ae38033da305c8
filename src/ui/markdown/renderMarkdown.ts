// A scenario's Description is Markdown from whoever wrote the scenario (a
// shared link, a pasted file), so it is untrusted: it is rendered with raw
// HTML off, links only to http:, https: and mailto: URLs or to relative
// ones (stricter than markdown-it's own validation, which only refuses
// javascript:, vbscript:, file: and data:), no images (a remote image would be a request to a third
// party on opening a link), and every link opening in a new tab without an
// opener or referrer. Pure: text in, HTML text out.

import MarkdownIt from 'markdown-it';

const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
md.disable(['image']);

// A URL whose first segment (before any /, ? or #) has a colon names a
// scheme, or tries to look as if it did: only the safe ones are links.
const SCHEME = /^([^/?#]*):/;
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto']);

/** isSafeLink tells whether a normalised link URL may become an href. */
export function isSafeLink(url: string): boolean {
  const scheme = SCHEME.exec(url.trim());
  return scheme === null || SAFE_SCHEMES.has((scheme[1] ?? '').toLowerCase());
}

md.validateLink = isSafeLink;

// Every link opens in a new tab that cannot reach back to this page and is
// not told where it came from.
md.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
  tokens[idx]?.attrSet('target', '_blank');
  tokens[idx]?.attrSet('rel', 'noopener noreferrer');
  return self.renderToken(tokens, idx, options);
};

/**
 * renderMarkdown turns Markdown into HTML that is safe to put in the page:
 * any HTML in the text is shown as text, links to dangerous URL schemes
 * stay plain text, and links get rel="noopener noreferrer".
 */
export function renderMarkdown(text: string): string {
  return md.render(text);
}
