// Making an agent's words safe for a terminal: control characters shown,
// not obeyed; secrets replaced; addresses without their credentials.

import { describe, expect, it } from 'vitest';
import { printable, quoteBody, redact, withoutUserinfo } from '../../src/import/terminalText.ts';

describe('printable', () => {
  it.each([
    ['a colour (CSI)', '\u001b[31mred\u001b[0m', '\\x1b[31mred\\x1b[0m'],
    [
      'a window title and a hyperlink (OSC)',
      '\u001b]0;pwned\u0007\u001b]8;;http://x\u001b\\',
      '\\x1b]0;pwned\\x07\\x1b]8;;http://x\\x1b\\',
    ],
    ['a CSI of one byte (C1) and DEL', 'a\u009b2Jb\u007f', 'a\\x9b2Jb\\x7f'],
    ['line breaks and tabs', 'one\r\ntwo\tthree', 'one\\r\\ntwo\\tthree'],
    ['a right-to-left override', 'abc\u202egnp.exe', 'abc\\u202egnp.exe'],
    ['plain text and other scripts', 'déjà vu — ノマド', 'déjà vu — ノマド'],
  ])('%s', (_, text, shown) => {
    expect(printable(text)).toBe(shown);
  });
});

describe('quoteBody', () => {
  it('quotes the first non-blank line, secrets replaced before the cut', () => {
    const token = 'tok-' + 'x'.repeat(40);
    expect(quoteBody(`\n  ${'a'.repeat(190)}${token}\nmore`, [token])).toBe(`${'a'.repeat(190)}<redacted>`);
    expect(quoteBody('b'.repeat(300), [])).toBe(`${'b'.repeat(200)}…`);
  });
});

describe('redact', () => {
  it('replaces every occurrence, and ignores an empty secret', () => {
    expect(redact('s3cret and s3cret', ['s3cret', ''])).toBe('<redacted> and <redacted>');
  });
});

describe('withoutUserinfo', () => {
  it.each([
    ['http://user:pass@host:4646/x', 'http://host:4646/x'],
    ['https://a:b@c@host', 'https://host'],
    ['http://host:4646', 'http://host:4646'],
    ['http://host/path@x', 'http://host/path@x'],
    ['file://u:p@x/etc', 'file://x/etc'],
  ])('%s', (address, shown) => {
    expect(withoutUserinfo(address)).toBe(shown);
  });
});
