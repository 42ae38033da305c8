// The embeddable view's option in a link, and the <iframe> that shows it.

import { describe, expect, it } from 'vitest';
import { embedLink, iframeSnippet, splitViewOption } from '../../src/share/embedView.ts';

describe('embedLink and iframeSnippet', () => {
  it('write a link that opens the embeddable view, and read back the same link', () => {
    const link = 'https://x.test/play/#s=AbC-_9&tab=explain';
    const embed = embedLink(link);
    expect(splitViewOption(embed.slice(embed.indexOf('#')))).toEqual({ view: 'embed', hash: '#s=AbC-_9&tab=explain' });
  });

  it('escape the address and the title for HTML, so that neither ends the attribute', () => {
    const html = iframeSnippet('https://x.test/#s=A&view=embed', 'a "b" <c>');
    expect(html).toBe(
      '<iframe src="https://x.test/#s=A&amp;view=embed" title="a &quot;b&quot; &lt;c&gt;" width="100%" height="480" style="border: 0" loading="lazy"></iframe>',
    );
  });
});
