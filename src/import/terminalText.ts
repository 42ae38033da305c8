// Text from an agent on its way to a terminal: an error body can carry
// escape sequences (colours, a rewritten title, a hyperlink, a cleared
// screen) and can echo the token it was sent, and an address can carry a
// user name and password. Each is made harmless here, before it is printed.
// Pure.

/** QUOTE_CHARS is how much of an agent's error body a message quotes. */
export const QUOTE_CHARS = 200;

// One C0 control, DEL, one C1 control (0x9b is a CSI on its own), or a
// bidirectional override or isolate, which reorders what follows it.
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * printable writes each control character of a text as a visible escape
 * (`\x1b`, `\n`, `\u202e`), so an escape sequence in it is shown rather than
 * obeyed, and a text is one line.
 */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (c) => {
    const code = c.charCodeAt(0);
    return NAMED[c] ?? (code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`);
  });
}

/** hasUnprintable says whether a text holds a character printable escapes: a line break in a header or an address is a mistake or an attack. */
export function hasUnprintable(text: string): boolean {
  return text.search(UNPRINTABLE) >= 0;
}

/** REDACTED is what stands where a secret was. */
export const REDACTED = '<redacted>';

/** redact replaces every occurrence of each secret (a token, a password) in a text; empty secrets are ignored. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s !== '') out = out.split(s).join(REDACTED);
  return out;
}

/**
 * quoteBody is the part of an agent's answer a message quotes: its first
 * non-blank line, cut at QUOTE_CHARS characters, secrets replaced and
 * control characters escaped.
 */
export function quoteBody(body: string, secrets: readonly string[]): string {
  // Secrets go before the cut, so that a secret cut in two cannot survive it.
  const line = redact(body.trim().split(/\r?\n/, 1)[0] ?? '', secrets);
  return printable(line.length > QUOTE_CHARS ? `${line.slice(0, QUOTE_CHARS)}…` : line);
}

// An address's scheme, and the user name and password written before its host.
const USERINFO = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#\\]*)@/i;

/** userinfoOf is the user name and password an address carries before its host ("user:pass"), or undefined. */
export function userinfoOf(address: string): string | undefined {
  return USERINFO.exec(address)?.[2];
}

/**
 * withoutUserinfo writes an address without the user name and password it
 * may carry before its host (they are credentials). It works on the text,
 * so that an address the URL parser refuses is shown without them too.
 */
export function withoutUserinfo(address: string): string {
  return address.replace(USERINFO, '$1');
}
