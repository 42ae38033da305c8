// A scenario's Description is untrusted Markdown: it must never become live
// HTML, a script URL or a remote image, and its links must not give the
// opened page a handle on this one.

import { describe, expect, it } from 'vitest';
import { isSafeLink, renderMarkdown } from '../../src/ui/markdown/renderMarkdown.ts';

describe('renderMarkdown', () => {
  it('renders the Markdown of the examples: emphasis, code, lists', () => {
    const html = renderMarkdown('Notice:\n- **two** canaries named `web[0]`\n- *ignore*\n');
    expect(html).toBe(
      '<p>Notice:</p>\n<ul>\n<li><strong>two</strong> canaries named <code>web[0]</code></li>\n<li><em>ignore</em></li>\n</ul>\n',
    );
  });

  it('shows raw HTML as text', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)> and <a href="javascript:alert(1)">x</a>',
    );
    expect(html).not.toMatch(/<script|<img|<a /i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'javascript&#58;alert(1)',
    '&#106;avascript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'file:///etc/passwd',
  ])('makes no link of %j', (url) => {
    for (const text of [`[click](${url})`, `[click](<${url}>)`, `<${url}>`, `[click][r]\n\n[r]: ${url}`]) {
      const html = renderMarkdown(text);
      expect(html, text).not.toMatch(/<a\s/i);
      expect(html, text).not.toMatch(/href=/i);
    }
  });

  it('opens links in a new tab with rel="noopener noreferrer"', () => {
    const html = renderMarkdown(
      'See [the docs](https://developer.hashicorp.com/nomad/docs/job-specification/update "update block").',
    );
    expect(html).toBe(
      '<p>See <a href="https://developer.hashicorp.com/nomad/docs/job-specification/update" title="update block" target="_blank" rel="noopener noreferrer">the docs</a>.</p>\n',
    );
  });

  it('escapes attribute breakouts in URLs and titles', () => {
    const html = renderMarkdown('[x](https://example.com/"onmouseover="alert(1) "a\\"b")');
    expect(html).not.toMatch(/"\s*onmouseover=/);
    expect(html).toContain('%22onmouseover=%22alert(1)');
    expect(html).toContain('title="a&quot;b"');
  });

  it('loads no images', () => {
    const html = renderMarkdown('![pixel](https://tracker.example.com/p.gif)');
    expect(html).not.toMatch(/<img/i);
  });
});

describe('isSafeLink', () => {
  it.each([
    ['https://developer.hashicorp.com/nomad', true],
    ['http://localhost:4646/ui', true],
    ['mailto:ops@example.com', true],
    ['#section', true],
    ['docs/update.md', true],
    ['/v1/jobs?prefix=web', true],
    ['?a=b:c', true],
    ['javascript:alert(1)', false],
    ['JAVASCRIPT:alert(1)', false],
    ['java%09script:alert(1)', false],
    ['data:text/html,x', false],
    ['ftp://example.com', false],
  ])('%s → %s', (url, safe) => {
    expect(isSafeLink(url)).toBe(safe);
  });
});
