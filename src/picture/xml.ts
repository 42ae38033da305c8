// SVG markup written as text: elements with plain attributes, escaped, so
// that the picture is one string any SVG reader takes.

/** Attrs are an element's attributes; an undefined or false value is left out. */
export type Attrs = Record<string, string | number | undefined | false>;

// escapeXml makes text safe inside an element or a double-quoted attribute.
function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

// num writes a coordinate with at most two decimals, so that the file does not carry float noise.
function num(n: number): string {
  return String(Math.round(n * 100) / 100);
}

/** el writes one element: self-closed without children, else with the children's markup inside. */
export function el(name: string, attrs: Attrs, children?: string): string {
  let out = `<${name}`;
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    out += ` ${k}="${typeof v === 'number' ? num(v) : escapeXml(v)}"`;
  }
  return children === undefined ? `${out}/>` : `${out}>${children}</${name}>`;
}

/** text writes a text element holding `content`, escaped. */
export function text(attrs: Attrs, content: string): string {
  return el('text', attrs, escapeXml(content));
}
