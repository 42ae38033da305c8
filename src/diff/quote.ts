// Go's %q for strings (strconv.Quote), which `nomad job plan` uses for every
// value it prints.

const NAMED: Record<string, string> = {
  '\x07': '\\a',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\v': '\\v',
  '\\': '\\\\',
  '"': '\\"',
};

/**
 * goQuote writes a string between double quotes as Go's %q does: quotes and
 * backslashes escaped, control characters as \n, \t or \xNN, and other
 * characters as they are. (Go also escapes the few non-printable characters
 * beyond ASCII; they are kept here.)
 */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const named = NAMED[ch];
    if (named !== undefined) out += named;
    else {
      const code = ch.codePointAt(0)!;
      out += code < 0x20 || code === 0x7f ? `\\x${code.toString(16).padStart(2, '0')}` : ch;
    }
  }
  return out + '"';
}
