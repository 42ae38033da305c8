// SVG markup written as text: elements with plain attributes, escaped, so
// that the picture is one string any SVG reader takes.

/** Attrs are an element's attributes; an undefined or false value is left out. */
export type Attrs = Record<string, string | number | undefined | false>;

// escapeXml makes text safe inside an element or a double-quoted attribute.
function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** coordinate writes a number with at most two decimals, so that the file does not carry float noise. */
export function coordinate(n: number): string {
  return String(Math.round(n * 100) / 100);
}

/** el writes one element: self-closed without children, else with the children's markup inside. */
export function el(name: string, attrs: Attrs, children?: string): string {
  let out = `<${name}`;
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    out += ` ${k}="${typeof v === 'number' ? coordinate(v) : escapeXml(v)}"`;
  }
  return children === undefined ? `${out}/>` : `${out}>${children}</${name}>`;
}

/**
 * FONT is the picture's fonts, which share one set of widths (textWidth's):
 * Arial first, as Windows and macOS both have it and a reader that takes
 * only the first name finds it; Helvetica; Liberation Sans, Linux's twin of
 * both; then the generic family, which every reader has. No quotes: a
 * reader that splits the list at its commas finds each name as it is.
 */
const FONT = 'Arial, Helvetica, Liberation Sans, sans-serif';

/**
 * text writes a text element holding `content`, escaped, in FONT: the font
 * is on each text rather than inherited from the root, because a slide
 * program that turns every element into a shape of its own may read only
 * the element's own attributes.
 */
export function text(attrs: Attrs, content: string): string {
  return el('text', { 'font-family': FONT, ...attrs }, escapeXml(content));
}
